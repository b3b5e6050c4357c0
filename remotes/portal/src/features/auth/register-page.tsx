import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, PageFrame } from '@medaille/design-system';
import { dismissToasts, toast } from '@medaille/design-system/toast';
import { LIMITS, newPasswordProblem, registerSchema } from '@medaille/domain';
import { ROUTES } from '@medaille/routing';
import { Link, useNavigate, useSearchParams } from '@medaille/routing/router';
import { Box, Card, Flex, Grid, Heading, IconButton, Link as RadixLink, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { COPY } from '../../copy.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { readPendingInvitation } from '../household/pending-invitation.ts';
import { AccountExists, isExistingAccount } from './account-exists.tsx';
import { signUp } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { rememberConfirmationSent } from './awaiting-confirmation.ts';
import { AUTH_COPY } from './copy.ts';
import { PasswordStrength } from './password-strength.tsx';
import { wayBack } from './sign-in-first.tsx';

const copy = AUTH_COPY.register;
const schema = registerSchema(LIMITS.passwordMinRegister);

export function RegisterPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  // The owner page that sent the visitor (an invitation's, say), for the login page to go back to.
  const next = wayBack(params.get('next'));
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  // The address that turned out to have an account: the form asks whether to sign in with it.
  const [existing, setExisting] = useState<string | null>(null);
  const { form, formRef, handleSubmit } = usePortalForm<z.input<typeof schema>, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password') ?? '';
  const acceptable = newPasswordProblem(password) === null;
  const onward = (path: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams(extra);
    if (code) query.set('code', code);
    if (next) query.set('next', next);
    return query.size ? `${path}?${query}` : path;
  };

  const submit = handleSubmit(async (values) => {
    setExisting(null);
    try {
      // From an invitation: its token goes with the confirmation link, whichever browser opens it.
      const invitation = next === ROUTES.invitation ? readPendingInvitation() : null;
      const answer = await signUp({ email: values.email, password: values.password }, 'sign-in', invitation);
      if (isExistingAccount(answer)) {
        dismissToasts('sign-up');
        setExisting(values.email);
        return;
      }
      const { error } = answer;
      if (error) {
        toast({ topic: 'sign-up', title: copy.error, description: authErrorMessage(error), variant: 'destructive' });
        return;
      }
      rememberConfirmationSent({ email: values.email, sentAt: Date.now() });
      toast({ topic: 'sign-up', title: copy.created.title, description: copy.created.description });
      navigate(onward(ROUTES.login, { email: values.email }));
    } catch {
      toast({ topic: 'sign-up', title: copy.error, description: COPY.unexpected, variant: 'destructive' });
    }
  });

  return (
    <PageFrame title={copy.title}>
      <Grid columns={{ initial: '1', md: '2' }} gap="5">
        <Card size="3">
          <form ref={formRef} onSubmit={submit} noValidate>
            <FormField label={copy.email} error={errors.email?.message}>
              {(field) => <TextField.Root {...field} type="email" autoComplete="email" {...form.register('email')} />}
            </FormField>
            <FormField label={copy.password} error={errors.password?.message} hint={copy.minLength}>
              {(field) => (
                <TextField.Root
                  {...field}
                  type={visible ? 'text' : 'password'}
                  autoComplete="new-password"
                  {...form.register('password')}
                >
                  <TextField.Slot side="right">
                    <IconButton
                      type="button"
                      variant="ghost"
                      size="1"
                      aria-label={visible ? copy.hide : copy.show}
                      aria-pressed={visible}
                      onClick={() => setVisible((shown) => !shown)}
                    >
                      {visible ? '🙈' : '👁'}
                    </IconButton>
                  </TextField.Slot>
                </TextField.Root>
              )}
            </FormField>
            <PasswordStrength password={password} submitted={form.formState.isSubmitted} />
            {existing ? <AccountExists onSignIn={() => navigate(onward(ROUTES.login, { email: existing }))} /> : null}
            <Flex direction="column" gap="3" mt="4">
              <SubmitButton size="3" busy={isSubmitting} disabled={!acceptable}>
                {copy.submit}
              </SubmitButton>
              <Text size="2" align="center">
                {copy.haveAccount}{' '}
                <RadixLink asChild>
                  <Link to={onward(ROUTES.login)}>{copy.login}</Link>
                </RadixLink>
              </Text>
            </Flex>
          </form>
        </Card>
        <Box>
          <Heading as="h2" size="5" mb="3">
            {copy.benefitsTitle}
          </Heading>
          <ul>
            {copy.benefits.map((benefit) => (
              <li key={benefit}>
                <Text>{benefit}</Text>
              </li>
            ))}
          </ul>
          <Text as="p" mt="4">
            {copy.support} <RadixLink href={`mailto:${copy.supportEmail}`}>{copy.supportEmail}</RadixLink>
          </Text>
        </Box>
      </Grid>
    </PageFrame>
  );
}
