import { FormField } from '@medaille/design-system';
import { Flex, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { COPY } from '../../copy.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { type EmailCodeType, verifyEmailCode } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AUTH_COPY } from './copy.ts';

const text = AUTH_COPY.emailCode;

/**
 * 'Ou saisissez ce code', the other half of an auth e-mail: for the owner who reads it on another device
 * (or in a mail app's own browser), the code signs this browser in. The local stack spends a code after 5
 * wrong tries (hosted GoTrue counts tries per address only), so a wrong code suggests a new e-mail too.
 */
export function EmailCodeForm({
  email,
  type,
  onVerified,
  onChecking,
}: {
  email: string;
  type: EmailCodeType;
  onVerified: () => void;
  /** Whether a code is being checked: the session it brings is this form's, not another tab's. */
  onChecking?: (checking: boolean) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, refuse } = useRevealOnRefusal();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(code.replace(/\s/g, ''))) {
      setError(text.required);
      return refuse();
    }
    setError(null);
    setBusy(true);
    onChecking?.(true);
    try {
      const { error: failure } = await verifyEmailCode(email, code, type);
      if (!failure) return onVerified();
      setError(failure.code === 'otp_expired' ? text.wrong : authErrorMessage(failure));
      refuse();
    } catch {
      setError(COPY.unexpected);
    } finally {
      setBusy(false);
      onChecking?.(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Flex direction="column" gap="2">
        <FormField label={text.label} hint={text.hint} error={error ?? undefined}>
          {(field) => (
            <TextField.Root
              {...field}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </FormField>
        <div>
          <SubmitButton variant="soft" busy={busy}>
            {text.submit}
          </SubmitButton>
        </div>
      </Flex>
    </form>
  );
}
