import { Button } from '@radix-ui/themes';
import type { ComponentProps } from 'react';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type' | 'loading'> & {
  /** The form's request is running. */
  busy: boolean;
};

/**
 * A form's submit button, which cannot send twice: it is disabled while its request runs, whatever else
 * disables it. (Radix's `loading` disables a button only when no `disabled` is given, so a button disabled
 * for another reason, false once the form is valid, stayed clickable while it sent: two sign-ups.)
 */
export function SubmitButton({ busy, disabled = false, ...props }: SubmitButtonProps) {
  return <Button {...props} type="submit" loading={busy} disabled={disabled || busy} />;
}
