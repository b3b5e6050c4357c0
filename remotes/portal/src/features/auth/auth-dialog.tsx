import { FormField } from '@medaille/design-system';
import { dismissToasts, toast } from '@medaille/design-system/toast';
import { EMAIL_PATTERN, MESSAGES, newPasswordProblem } from '@medaille/domain';
import { useAuth } from '@medaille/supabase';
import { Button, Dialog, Flex, Heading, Tabs, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { AccountExists, isExistingAccount } from './account-exists.tsx';
import { type ActivationLink, type EmailCodeType, sendMagicLink, signInWithPassword, signUp } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AUTH_COPY } from './copy.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { PasswordStrength } from './password-strength.tsx';

const text = AUTH_COPY.authDialog;

/**
 * Sign in, sign up or get a magic link without leaving the activation page. The form is already saved as the
 * pending activation: after sign-in the activation goes on here. After sign-up or a magic link the dialog
 * waits for the e-mail: its link ends the activation on the callback page, and its code, typed here by an
 * owner who reads the e-mail on another device, signs this browser in and the activation goes on here, with
 * everything the page holds.
 */
export function AuthDialog({
  open,
  onClose,
  onSignedIn,
  fallbackFocus,
  initialTab = 'login',
  activationLink,
}: {
  open: boolean;
  onClose: () => void;
  /**
   * Signed in: 'here' by this dialog (a password, or the e-mail's code typed in it), or 'elsewhere' by the
   * e-mail's link opened in another tab of this browser while the dialog waited for it.
   */
  onSignedIn: (where: 'here' | 'elsewhere') => void;
  /** Where focus goes on close when nothing had it at opening (the dialog opened with the page). */
  fallbackFocus?: () => HTMLElement | null;
  /** The tab it opens on: 'signup' for a visitor who has just asked to activate a medal. */
  initialTab?: 'login' | 'signup' | 'magic';
  /** What the e-mail link of a sign-up or magic link carries to finish the activation in any browser. */
  activationLink: () => ActivationLink;
}) {
  // Closed, the dialog gives focus back to what had it when it opened (Radix does so only for a Trigger of
  // its own, and this one opens from state).
  const opener = useRef<HTMLElement | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The field the error is about, which says it under itself and is brought to the person; none for an answer
  // of the auth service.
  const [fault, setFault] = useState<'email' | 'password' | null>(null);
  const { formRef, refuse } = useRevealOnRefusal();
  // A sign-up that met an account: the sign-up tab asks whether to sign in with that address.
  const [existing, setExisting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [activeTab, setActiveTab] = useState<string>(initialTab);
  // Answered by its button, the login tab opens with the address and waits for the password (its field
  // mounts a render after the tab changes, hence a ref callback).
  const focusPassword = useRef(false);
  const passwordField = (input: HTMLInputElement | null) => {
    if (input && focusPassword.current) {
      focusPassword.current = false;
      input.focus();
    }
  };
  // The e-mail just sent, whose code the dialog now asks for; the tab that sent it comes back after it.
  const [sent, setSent] = useState<{ email: string; type: EmailCodeType } | null>(null);
  // Opened again, the dialog starts afresh on the tab it first opened on.
  const reset = () => {
    setSent(null);
    setActiveTab(initialTab);
  };
  const close = () => {
    reset();
    onClose();
  };

  // Waiting for the e-mail, the dialog follows the session the link opens in another tab (shared through this
  // browser's storage), unless it is this dialog's own code being checked (it kept saying 'Vérifiez
  // votre boîte mail' after the activation had finished in the other tab).
  const auth = useAuth();
  const checkingCode = useRef(false);
  useEffect(() => {
    if (!open || !sent || !auth.isAuthenticated || checkingCode.current) return;
    reset();
    onSignedIn('elsewhere');
  });

  /** `newPassword`: whether the password is a new one, checked as the auth service will, or the current one. */
  const run = (newPassword: boolean | null, action: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const refused = (field: 'email' | 'password', message: string) => {
      setError(message);
      setFault(field);
      refuse();
    };
    if (!email.trim()) return refused('email', MESSAGES.fillAllFields);
    if (newPassword !== null && !password) return refused('password', MESSAGES.fillAllFields);
    if (!EMAIL_PATTERN.test(email.trim())) return refused('email', MESSAGES.invalidEmail);
    if (newPassword && newPasswordProblem(password)) return refused('password', MESSAGES.passwordCriteria);
    setError(null);
    setFault(null);
    setExisting(false);
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
    toast({ topic: 'sign-in', title: AUTH_COPY.login.success.title, description: AUTH_COPY.login.success.description });
    onSignedIn('here');
  });

  const signup = run(true, async () => {
    const answer = await signUp({ email: email.trim(), password }, activationLink());
    if (isExistingAccount(answer)) {
      dismissToasts('sign-up');
      setExisting(true);
      return;
    }
    const { error: failure } = answer;
    if (failure) {
      toast({
        topic: 'sign-up',
        title: text.signupError,
        description: authErrorMessage(failure),
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'sign-up', title: text.signupDone.title, description: text.signupDone.description });
    setSent({ email: email.trim(), type: 'signup' });
  });

  const magicLink = run(null, async () => {
    const { error: failure } = await sendMagicLink(email.trim(), activationLink());
    if (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    toast({ topic: 'magic-link', title: text.magicSent.title, description: text.magicSent.description });
    setSent({ email: email.trim(), type: 'email' });
  });

  const codeVerified = () => {
    toast({ topic: 'sign-in', title: AUTH_COPY.login.success.title, description: AUTH_COPY.login.success.description });
    reset();
    onSignedIn('here');
  };

  /** The tab's fields; a new password (sign-up) shows its rule before submit. */
  const fields = (passwordKind: 'none' | 'current' | 'new') => (
    <Flex direction="column" mt="3">
      <FormField label={text.email} error={fault === 'email' ? (error ?? undefined) : undefined}>
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
        <FormField
          label={text.password}
          hint={passwordKind === 'new' ? AUTH_COPY.register.minLength : undefined}
          error={fault === 'password' ? (error ?? undefined) : undefined}
        >
          {(field) => (
            <TextField.Root
              {...field}
              type="password"
              required
              autoComplete={`${passwordKind}-password`}
              ref={passwordKind === 'current' ? passwordField : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
      )}
      {passwordKind === 'new' ? <PasswordStrength password={password} submitted={fault !== null} /> : null}
      {error && !fault ? (
        <Text color="red" size="2" role="alert">
          {error}
        </Text>
      ) : null}
      {passwordKind === 'new' && existing ? (
        <AccountExists
          onSignIn={() => {
            focusPassword.current = true;
            setExisting(false);
            setActiveTab('login');
          }}
        />
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
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
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
        {sent ? (
          <section aria-labelledby="auth-dialog-sent-title">
            <Flex direction="column" gap="2" mt="3">
              <Heading id="auth-dialog-sent-title" as="h3" size="3">
                {text.sent.title}
              </Heading>
              <Text size="2">{text.sent.text(sent.email)}</Text>
              <EmailCodeForm
                email={sent.email}
                type={sent.type}
                onChecking={(checking) => {
                  checkingCode.current = checking;
                }}
                onVerified={codeVerified}
              />
              <div>
                <Button type="button" variant="ghost" onClick={() => setSent(null)}>
                  {text.sent.again}
                </Button>
              </div>
            </Flex>
          </section>
        ) : (
          <Tabs.Root
            value={activeTab}
            mt="3"
            onValueChange={(next) => {
              setActiveTab(next);
              setError(null);
              setFault(null);
              setExisting(false);
            }}
          >
            <Tabs.List>
              {tabs.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Content key={tab.value} value={tab.value}>
                <form ref={formRef} onSubmit={tab.onSubmit} noValidate>
                  {fields(tab.password)}
                  <SubmitButton mt="3" busy={busy}>
                    {tab.submit}
                  </SubmitButton>
                </form>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
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
