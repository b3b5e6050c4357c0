// The 'Mon compte' section of the account page (the owner's data rights): 'Télécharger mes
// données' (a ZIP built in the browser, data-export.ts, loaded on demand) and 'Supprimer mon compte' (the
// delete-account function, after the owner typed their own e-mail address).
import { toast } from '@medaille/design-system/toast';
import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { AlertDialog, Box, Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState } from 'react';
import { deleteAccount, downloadDataExport, forgetSession } from './api.ts';
import { ACCOUNT_COPY } from './copy.ts';

const T = ACCOUNT_COPY.myAccount;

/** The same address, whatever the case and the spaces around it (GoTrue stores addresses lower-cased). */
const sameAddress = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

export function MyAccount({ email }: { email: string }) {
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const exportData = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const fileName = await downloadDataExport();
      toast({ topic: 'data-export', title: T.exported.title, description: T.exported.description(fileName) });
    } catch (error) {
      console.error('[export]', error);
      toast({ topic: 'data-export', title: T.exportFailed, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box mt="8" asChild>
      <section aria-labelledby="mon-compte">
        <Heading as="h2" size="5" mb="3" id="mon-compte">
          {T.title}
        </Heading>
        <Card size="2">
          <Text as="p" size="2" color="gray" mb="3">
            {T.signedInAs(email)}
          </Text>
          <Flex direction="column" gap="4">
            <Box>
              <Button variant="soft" onClick={() => void exportData()} loading={exporting} aria-disabled={exporting}>
                {T.export}
              </Button>
              <Text as="p" size="1" color="gray" mt="1" role={exporting ? 'status' : undefined}>
                {exporting ? T.exporting : T.exportHint}
              </Text>
            </Box>
            <Box>
              <Button color="red" variant="soft" onClick={() => setDeleteOpen(true)}>
                {T.delete}
              </Button>
              <Text as="p" size="1" color="gray" mt="1">
                {T.deleteHint}
              </Text>
            </Box>
          </Flex>
        </Card>
        <DeleteAccountDialog email={email} open={deleteOpen} onOpenChange={setDeleteOpen} />
      </section>
    </Box>
  );
}

/**
 * Deletion asks for the account's address, typed: Supprimer stays disabled until it is the account's (compared
 * as the server does), and leaving the field with another one says so.
 */
function DeleteAccountDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const signOutOnLeave = useRef(false);
  useEffect(
    () => () => {
      if (!signOutOnLeave.current) return;
      void forgetSession().then(() =>
        toast({ topic: 'account-deletion', title: T.deleted.title, description: T.deleted.description }),
      );
    },
    [],
  );

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setTyped('');
      setError(null);
    }
    onOpenChange(next);
  };

  const matches = sameAddress(typed, email);

  const confirm = async () => {
    if (busy || !matches) return;
    setBusy(true);
    const outcome = await deleteAccount(typed.trim());
    if (!outcome.deleted) {
      setBusy(false);
      setError(outcome.message ?? T.deleteFailed);
      return;
    }
    // The account is gone: home, and once this page has left (signed out while still shown, it would send
    // the visitor to the login page), this browser forgets the session and everything stored here.
    signOutOnLeave.current = true;
    navigate(ROUTES.home, { replace: true });
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={close}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{T.deleteTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">{T.deleteText}</AlertDialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Box mt="4">
            <Text as="label" htmlFor={fieldId} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
              {T.deleteEmailLabel(email)}
            </Text>
            <TextField.Root
              id={fieldId}
              type="email"
              autoComplete="off"
              value={typed}
              placeholder={T.deleteEmailPlaceholder}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                setError(null);
              }}
              onBlur={() => {
                if (typed.trim() && !matches) setError(T.deleteEmailMismatch);
              }}
            />
            {error ? (
              <Text id={`${fieldId}-error`} size="1" color="red" role="alert">
                {error}
              </Text>
            ) : null}
          </Box>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray">
                {T.cancel}
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color="red" loading={busy} disabled={!matches}>
              {T.deleteConfirm}
            </Button>
          </Flex>
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
