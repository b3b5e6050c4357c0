import { AlertDialog, Box, Button, Container, Flex, Heading, Spinner as RadixSpinner, Text } from '@radix-ui/themes';
import { type ReactNode, useId, useRef } from 'react';

/** A page of the portal: a centred column with its title. */
export function PageFrame({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="3" px="4" py="6">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="5">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </Container>
  );
}

/**
 * A labelled field with its error text. The input is given as a function of its id and accessibility
 * props, so any input (text field, select, textarea) gets the label and the error announced.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Box mb="3">
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
        {label}
      </Text>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && !error ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * A confirmation before an irreversible action, with Annuler and the action's own label. Closed (Escape,
 * Annuler or done), it gives focus back to what had it when it opened, the button that opened it: Radix
 * gives it back only to a Trigger of its own, and a dialog opened from state has none, so focus fell to the
 * page. When that button is gone (what it deleted went with it), focus goes to `fallbackFocus`'s element.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  fallbackFocus,
  tone = 'danger',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  fallbackFocus?: () => HTMLElement | null;
  /** The confirm button's colour: red for what cannot be undone, the theme's accent otherwise. */
  tone?: 'danger' | 'accent';
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content
        maxWidth="440px"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (opener.current?.isConnected ? opener.current : fallbackFocus?.())?.focus();
          opener.current = null;
        }}
      >
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Annuler
            </Button>
          </AlertDialog.Cancel>
          <Button color={tone === 'danger' ? 'red' : undefined} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** A spinner with its text, announced to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <Flex role="status" align="center" justify="center" gap="2" py="6">
      <RadixSpinner size="3" />
      <Text>{label}</Text>
    </Flex>
  );
}
