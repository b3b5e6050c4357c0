import { FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { EMAIL_PATTERN, MESSAGES, newPasswordProblem } from '@medaille/domain';
import { Button, Dialog, Flex, Tabs, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { sendMagicLink, signInWithPassword, signUp } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { PasswordStrength } from './password-strength.tsx';

const text = COPY.authDialog;

/**
 * Sign in, sign up or get a magic link without leaving the activation page. The form is already saved as the
 * pending activation: after sign-in the activation goes on here; after sign-up or a magic link it ends on
 * the callback page.
 */
export function AuthDialog({
  open,
  onClose,
  onSignedIn,
  fallbackFocus,
}: {
  open: boolean;
  onClose: () => void;
  onSignedIn: () => void;
  /** Where focus goes on close when nothing had it at opening (the dialog opened with the page). */
  fallbackFocus?: () => HTMLElement | null;
}) {
  // Closed, the dialog gives focus back to what had it when it opened (Radix does so only for a Trigger of
  // its own, and this one opens from state).
  const opener = useRef<HTMLElement | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** `newPassword`: whether the password is a new one, checked as the auth service will, or the current one. */
  const run = (newPassword: boolean | null, action: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || (newPassword !== null && !password)) return setError(MESSAGES.fillAllFields);
    if (!EMAIL_PATTERN.test(email.trim())) return setError(MESSAGES.invalidEmail);
    if (newPassword && newPasswordProblem(password)) return setError(MESSAGES.passwordCriteria);
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch {
      setError(COPY.unexpected);
    } finally {
      setBusy(false);
    }
  };

  const login = run(false, async () => {
    const { error: failure } = await signInWithPassword({ email: email.trim(), password });
    if (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    toast({ title: COPY.login.success.title, description: COPY.login.success.description });
    onSignedIn();
  });

  const signup = run(true, async () => {
    const { error: failure } = await signUp({ email: email.trim(), password }, 'activation');
    if (failure) {
      toast({ title: text.signupError, description: authErrorMessage(failure), variant: 'destructive' });
      return;
    }
    toast({ title: text.signupDone.title, description: text.signupDone.description });
    onClose();
  });

  const magicLink = run(null, async () => {
    const { error: failure } = await sendMagicLink(email.trim());
    if (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    toast({ title: text.magicSent.title, description: text.magicSent.description });
    onClose();
  });

  /** The tab's fields; a new password (sign-up) shows its rule before submit. */
  const fields = (passwordKind: 'none' | 'current' | 'new') => (
    <Flex direction="column" mt="3">
      <FormField label={text.email}>
        {(field) => (
          <TextField.Root
            {...field}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      {passwordKind === 'none' ? null : (
        <FormField label={text.password} hint={passwordKind === 'new' ? COPY.register.minLength : undefined}>
          {(field) => (
            <TextField.Root
              {...field}
              type="password"
              required
              autoComplete={`${passwordKind}-password`}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
      )}
      {passwordKind === 'new' ? <PasswordStrength password={password} /> : null}
      {error ? (
        <Text color="red" size="2" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );

  const tabs: {
    value: string;
    label: string;
    submit: string;
    password: 'none' | 'current' | 'new';
    onSubmit: (event: FormEvent) => Promise<void>;
  }[] = [
    { value: 'login', label: text.login, submit: text.loginSubmit, password: 'current', onSubmit: login },
    { value: 'signup', label: text.signup, submit: text.signupSubmit, password: 'new', onSubmit: signup },
    { value: 'magic', label: text.magic, submit: text.magicSubmit, password: 'none', onSubmit: magicLink },
  ];

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Content
        maxWidth="460px"
        onOpenAutoFocus={() => {
          const focused = document.activeElement;
          opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (opener.current?.isConnected ? opener.current : fallbackFocus?.())?.focus();
          opener.current = null;
        }}
      >
        <Dialog.Title>{text.title}</Dialog.Title>
        <Dialog.Description size="2">{text.text}</Dialog.Description>
        <Tabs.Root defaultValue="login" mt="3" onValueChange={() => setError(null)}>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value}>
              <form onSubmit={tab.onSubmit} noValidate>
                {fields(tab.password)}
                <SubmitButton mt="3" busy={busy}>
                  {tab.submit}
                </SubmitButton>
              </form>
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {text.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
