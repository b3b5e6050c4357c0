import { ConfirmDialog, FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { EMAIL_PATTERN, MESSAGES } from '@medaille/domain';
import { Box, Button, Flex, Heading, Link as RadixLink, Text, TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { ICAD_URL } from '../../ui/icad.ts';
import { parisTime } from '../../ui/paris-time.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { failureText } from '../../ui/server-message.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { inviteMember, type PendingOffer, revokeInvitation } from './api.ts';
import { HOUSEHOLD_COPY } from './copy.ts';

const text = HOUSEHOLD_COPY.transfer;

/**
 * The owner gives the animal to another account: an offer by e-mail (invite-member, as owner) that changes
 * nothing until it is accepted, and can be cancelled meanwhile. The owner is reminded of I-CAD here; the new
 * owner, arriving from the invitation, at the top of the page (NewOwnerReminder).
 */
export function TransferSection({
  animalId,
  animalName,
  offer,
  onChanged,
}: {
  animalId: string;
  animalName: string;
  offer: PendingOffer | null;
  onChanged: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { formRef, refuse } = useRevealOnRefusal();

  const askConfirmation = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      setError(address === '' ? HOUSEHOLD_COPY.household.emailRequired : MESSAGES.invalidEmail);
      refuse();
      return;
    }
    setError(undefined);
    setEmail(address);
    setConfirming(true);
  };

  const send = async () => {
    setBusy(true);
    const outcome = await inviteMember({ animal_id: animalId, email, role: 'owner', access_until: null }).catch(() => ({
      invited: false as const,
      message: null,
    }));
    setBusy(false);
    setConfirming(false);
    if (!outcome.invited) {
      toast({
        topic: 'transfer',
        title: text.offerFailed,
        description: outcome.message ?? COPY.unexpected,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'transfer', title: text.offered(outcome.email) });
    setEmail('');
    onChanged();
  };

  const cancel = async () => {
    if (!offer) return;
    setBusy(true);
    const failure = await revokeInvitation(offer.id).catch(() => ({ message: COPY.unexpected }));
    setBusy(false);
    if (failure) {
      toast({ topic: 'transfer', title: text.offerFailed, description: failureText(failure), variant: 'destructive' });
      return;
    }
    toast({ topic: 'transfer', title: text.cancelled });
    onChanged();
  };

  const icad = (
    <Text as="p" size="2">
      {text.icad}{' '}
      <RadixLink href={ICAD_URL} target="_blank" rel="noopener noreferrer">
        {text.icadLink}
      </RadixLink>
    </Text>
  );

  return (
    <Box asChild>
      <section aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h2" size="4" mb="2">
          {text.title(animalName)}
        </Heading>
        <Text as="p" size="2" color="gray" mb="2">
          {text.intro(animalName)}
        </Text>
        {icad}
        {offer ? (
          <Flex direction="column" gap="3" mt="3" align="start">
            <Text as="p" size="2">
              {text.pending(offer.email, parisTime(offer.expires_at, 'date'))}
            </Text>
            <SubmitButton type="button" busy={busy} onClick={() => void cancel()}>
              {text.cancel}
            </SubmitButton>
          </Flex>
        ) : (
          <Box asChild mt="3">
            <form ref={formRef} onSubmit={askConfirmation} noValidate>
              <FormField label={text.email} error={error}>
                {(field) => (
                  <TextField.Root
                    {...field}
                    type="email"
                    autoComplete="off"
                    inputMode="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                )}
              </FormField>
              <Button type="submit" variant="soft">
                {text.offer(animalName)}
              </Button>
            </form>
          </Box>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={text.confirmTitle(animalName, email)}
          description={text.confirmText(animalName)}
          confirmLabel={text.offer(animalName)}
          onConfirm={() => void send()}
          busy={busy}
        />
      </section>
    </Box>
  );
}
