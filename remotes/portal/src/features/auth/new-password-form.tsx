import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, PageFrame } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { LIMITS, registerSchema } from '@medaille/domain';
import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { Card, TextField } from '@radix-ui/themes';
import { z } from 'zod/mini';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { CALLBACK_COPY } from '../callback/copy.ts';
import { updatePassword } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AUTH_COPY } from './copy.ts';

const copy = CALLBACK_COPY.callback;
const passwordSchema = z.pick(registerSchema(LIMITS.passwordMinRegister), { password: true });

/** After a recovery link: the owner, signed in by the link, chooses a new password. */
export function NewPasswordForm() {
  const navigate = useNavigate();
  const { form, formRef, handleSubmit } = usePortalForm<
    z.input<typeof passwordSchema>,
    z.output<typeof passwordSchema>
  >({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = handleSubmit(async ({ password }) => {
    const { error } = await updatePassword(password);
    if (error) {
      toast({ topic: 'new-password', title: copy.error, description: authErrorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ topic: 'new-password', title: copy.passwordSaved.title, description: copy.passwordSaved.description });
    navigate(ROUTES.account, { replace: true });
  });
  return (
    <PageFrame title={copy.newPasswordTitle}>
      <Card size="3" style={{ maxWidth: 440 }}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <FormField label={copy.newPassword} error={errors.password?.message} hint={AUTH_COPY.register.minLength}>
            {(field) => (
              <TextField.Root {...field} type="password" autoComplete="new-password" {...form.register('password')} />
            )}
          </FormField>
          <SubmitButton size="3" busy={isSubmitting} mt="3">
            {copy.savePassword}
          </SubmitButton>
        </form>
      </Card>
    </PageFrame>
  );
}
