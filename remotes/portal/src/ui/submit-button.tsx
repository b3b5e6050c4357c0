import { Button } from '@radix-ui/themes';
import type { ComponentProps, MouseEvent } from 'react';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'loading'> & {
  /** The button's request is running. */
  busy: boolean;
};

/**
 * A form's submit button (or an action's button, with `type="button"`), which cannot send twice: while its
 * request runs it shows Radix's spinner and refuses clicks, Enter included. It says so with aria-disabled
 * rather than disabled, so that focus stays on it (a button that becomes disabled drops focus to the page,
 * and a dialog it opens would have nothing to give focus back to). Radix's own `loading` refused nothing
 * once a `disabled` prop was given: a valid register form sent two sign-ups.
 */
export function SubmitButton({ busy, type = 'submit', onClick, ...props }: SubmitButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      type={type}
      loading={busy}
      disabled={props.disabled ?? false}
      aria-disabled={busy || undefined}
      onClick={click}
    />
  );
}
