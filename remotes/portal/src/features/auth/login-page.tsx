import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, PageFrame } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { forgotPasswordSchema, loginSchema } from '@medaille/domain';
import { ROUTES } from '@medaille/routing';
import { Link, useNavigate, useSearchParams } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { Box, Button, Callout, Card, Flex, Heading, Link as RadixLink, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { z } from 'zod/mini';
import { COPY } from '../../copy.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { sendPasswordReset, signInWithPassword } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { forgetAwaitingConfirmation, readAwaitingConfirmation } from './awaiting-confirmation.ts';
import { ConfirmationPanel } from './confirmation-panel.tsx';
import { AUTH_COPY } from './copy.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { wayBack } from './sign-in-first.tsx';

const copy = AUTH_COPY.login;

/**
 * Where a signed-in owner goes: back to the owner page that sent them here, else activation with the code
 * they scanned, else their animals.
 */
function destination(code: string | null, next: string | null) {
  return next ?? (code ? `${ROUTES.activate}?code=${encodeURIComponent(code)}` : ROUTES.account);
}

export function LoginPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const next = wayBack(params.get('next'));
  const auth = useAuth();
  const navigate = useNavigate();
  const [forgotten, setForgotten] = useState(false);
  // The address waiting for its confirmation: registered in this browser, or refused at sign-in as not confirmed.
  const [awaiting, setAwaiting] = useState(readAwaitingConfirmation);
  const usedLink = params.get('link') === 'used';

  useEffect(() => {
    // Signed in by a reset e-mail's code, the owner goes on to choose a password (ForgotPasswordForm).
    if (!auth.loading && auth.isAuthenticated && !forgotten) navigate(destination(code, next), { replace: true });
  }, [auth.loading, auth.isAuthenticated, forgotten, code, next, navigate]);

  return (
    <PageFrame title={forgotten ? AUTH_COPY.forgot.title : copy.title}>
      {usedLink && !auth.isAuthenticated && !awaiting ? <UsedLink /> : null}
      {awaiting && !auth.isAuthenticated ? <ConfirmationPanel key={awaiting.email} awaiting={awaiting} /> : null}
      <Card size="3" style={{ maxWidth: 440 }}>
        {forgotten ? (
          <ForgotPasswordForm email={params.get('email') ?? ''} onBack={() => setForgotten(false)} />
        ) : (
          <PasswordForm
            email={params.get('email') ?? ''}
            destination={destination(code, next)}
            code={code}
            next={next}
            onForgot={() => setForgotten(true)}
            // Its confirmation can be asked again at once (the auth service's own wait still holds).
            onUnconfirmed={(address) => setAwaiting({ email: address, sentAt: 0 })}
          />
        )}
      </Card>
    </PageFrame>
  );
}

/** After an e-mail link that had already served: the address is most likely confirmed, and the form is below. */
function UsedLink() {
  return (
    <Callout.Root color="green" mb="4" style={{ maxWidth: 440 }} asChild>
      <section aria-labelledby="used-link-title">
        <Flex direction="column" gap="2">
          <Heading id="used-link-title" as="h2" size="3">
            {AUTH_COPY.usedLink.title}
          </Heading>
          <Text size="2">{AUTH_COPY.usedLink.text}</Text>
        </Flex>
      </section>
    </Callout.Root>
  );
}

function PasswordForm({
  email,
  destination,
  code,
  next,
  onForgot,
  onUnconfirmed,
}: {
  email: string;
  destination: string;
  code: string | null;
  next: string | null;
  onForgot: () => void;
  /** A right password for an address not confirmed yet. */
  onUnconfirmed: (email: string) => void;
}) {
  const navigate = useNavigate();
  const { form, formRef, handleSubmit } = usePortalForm<z.input<typeof loginSchema>, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = handleSubmit(async (values) => {
    try {
      const { error } = await signInWithPassword(values);
      if (error) {
        toast({ topic: 'sign-in', title: copy.error, description: authErrorMessage(error), variant: 'destructive' });
        if (error.code === 'email_not_confirmed') onUnconfirmed(values.email);
        return;
      }
      forgetAwaitingConfirmation();
      toast({ topic: 'sign-in', title: copy.success.title, description: copy.success.description });
      navigate(destination, { replace: true });
    } catch {
      toast({ topic: 'sign-in', title: copy.error, description: COPY.unexpected, variant: 'destructive' });
    }
  });

  const registerQuery = new URLSearchParams();
  if (code) registerQuery.set('code', code);
  if (next) registerQuery.set('next', next);

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormField label={copy.email} error={errors.email?.message}>
        {(field) => <TextField.Root {...field} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField label={copy.password} error={errors.password?.message}>
        {(field) => (
          <TextField.Root {...field} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <Flex direction="column" gap="3" mt="4">
        <SubmitButton size="3" busy={isSubmitting}>
          {copy.submit}
        </SubmitButton>
        <Button type="button" variant="ghost" onClick={onForgot}>
          {copy.forgot}
        </Button>
        <Text size="2" align="center">
          {copy.noAccount}{' '}
          <RadixLink asChild>
            <Link to={`/auth/register${registerQuery.size ? `?${registerQuery}` : ''}`}>{copy.register}</Link>
          </RadixLink>
        </Text>
      </Flex>
    </form>
  );
}

/** The reset e-mail, then its code for an owner who reads it on another device, which leads to a new password. */
function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, formRef, handleSubmit } = usePortalForm<
    z.input<typeof forgotPasswordSchema>,
    z.output<typeof forgotPasswordSchema>
  >({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = handleSubmit(async (values) => {
    try {
      const { error } = await sendPasswordReset(values.email);
      if (error) {
        toast({
          topic: 'password-reset',
          title: copy.error,
          description: authErrorMessage(error),
          variant: 'destructive',
        });
        return;
      }
      toast({
        topic: 'password-reset',
        title: AUTH_COPY.forgot.sent.title,
        description: AUTH_COPY.forgot.sent.description,
      });
      setSentTo(values.email);
    } catch {
      toast({ topic: 'password-reset', title: copy.error, description: COPY.unexpected, variant: 'destructive' });
    }
  });

  if (sentTo) {
    return (
      <Flex direction="column" gap="3">
        <Text size="2">{AUTH_COPY.forgot.sent.description}</Text>
        <EmailCodeForm
          email={sentTo}
          type="recovery"
          onVerified={() => navigate(`${ROUTES.authCallback}?reset=true`, { replace: true })}
        />
        <Box>
          <Button type="button" variant="ghost" onClick={onBack}>
            {AUTH_COPY.forgot.back}
          </Button>
        </Box>
      </Flex>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormField label={copy.email} error={errors.email?.message}>
        {(field) => <TextField.Root {...field} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <Flex direction="column" gap="3" mt="4">
        <SubmitButton size="3" busy={isSubmitting}>
          {AUTH_COPY.forgot.submit}
        </SubmitButton>
        <Box>
          <Button type="button" variant="ghost" onClick={onBack}>
            {AUTH_COPY.forgot.back}
          </Button>
        </Box>
      </Flex>
    </form>
  );
}
