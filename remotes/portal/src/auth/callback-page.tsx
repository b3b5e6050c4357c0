import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, PageFrame, Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { activationFormSchema, LIMITS, registerSchema } from '@medaille/domain';
import { supabase, useAuth } from '@medaille/supabase';
import { Button, Card, TextField } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { COPY } from '../copy.ts';
import { clearPendingActivation, readPendingActivation } from '../pending-activation.ts';
import { clearPendingPhotos, readPendingPhotos } from '../pending-photos.ts';
import { uploadActivationPhotos } from '../photos/upload-activation-photos.ts';

const copy = COPY.callback;

/**
 * Registers the activation kept in the browser through the atomic RPC, then its photos (SPEC section 4,
 * callback). Answers 'done', 'missing', or the message to show.
 */
async function registerPendingActivation(): Promise<'done' | 'missing' | string> {
  const pending = readPendingActivation();
  if (!pending) return 'missing';
  const parsed = activationFormSchema.safeParse(pending);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? copy.unknownError;
  const { data, error } = await (await supabase()).rpc('register_animal_with_code', parsed.data);
  if (error) return error.message;
  const answer = data as { success?: boolean; error?: string | null; animal_id?: string } | null;
  if (!answer?.success || !answer.animal_id) return answer?.error ?? copy.unknownError;
  await uploadActivationPhotos(answer.animal_id, await readPendingPhotos(), () => {});
  return 'done';
}

/**
 * Where e-mail links land: 'Connexion en cours...' while supabase-js reads the session from the link,
 * then the branch of SPEC section 4 (activation, plain sign-in, password reset, or back home).
 */
export function CallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetting = params.get('reset') === 'true';
  const handled = useRef(false);

  useEffect(() => {
    if (auth.loading || handled.current) return;
    if (auth.isAuthenticated && resetting) return; // The new-password form below takes over.
    handled.current = true;
    if (!auth.isAuthenticated) {
      const problem = new URLSearchParams(window.location.hash.slice(1)).get('error_description');
      if (problem) toast({ title: copy.error, description: problem, variant: 'destructive' });
      navigate('/', { replace: true });
      return;
    }
    if (params.get('activation') !== 'true') {
      toast({ title: copy.success.title, description: copy.success.description });
      navigate('/mon-compte', { replace: true });
      return;
    }
    void registerPendingActivation().then(
      (outcome) => {
        if (outcome !== 'missing') {
          clearPendingActivation();
          void clearPendingPhotos();
        }
        if (outcome === 'done') {
          toast({ title: copy.activated.title, description: copy.activated.description });
          navigate('/mon-compte', { replace: true });
        } else if (outcome === 'missing') {
          toast({ title: copy.expired.title, description: copy.expired.description, variant: 'destructive' });
          navigate('/activer', { replace: true });
        } else {
          toast({ title: copy.activationError, description: outcome, variant: 'destructive' });
          navigate('/activer', { replace: true });
        }
      },
      () => {
        toast({ title: copy.error, variant: 'destructive' });
        navigate('/', { replace: true });
      },
    );
  }, [auth.loading, auth.isAuthenticated, resetting, params, navigate]);

  if (!auth.loading && auth.isAuthenticated && resetting) return <NewPasswordForm />;
  return <Spinner label={copy.connecting} />;
}

const passwordSchema = z.pick(registerSchema(LIMITS.passwordMinRegister), { password: true });

/** After a recovery link: the owner, signed in by the link, chooses a new password. */
function NewPasswordForm() {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof passwordSchema>, unknown, z.output<typeof passwordSchema>>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    const { error } = await (await supabase()).auth.updateUser({ password });
    if (error) {
      toast({ title: copy.error, description: error.message, variant: 'destructive' });
      return;
    }
    toast({ title: copy.passwordSaved.title, description: copy.passwordSaved.description });
    navigate('/mon-compte', { replace: true });
  });
  return (
    <PageFrame title={copy.newPasswordTitle}>
      <Card size="3" style={{ maxWidth: 440 }}>
        <form onSubmit={submit} noValidate>
          <FormField label={copy.newPassword} error={errors.password?.message} hint={COPY.register.minLength}>
            {(field) => (
              <TextField.Root {...field} type="password" autoComplete="new-password" {...form.register('password')} />
            )}
          </FormField>
          <Button type="submit" size="3" loading={isSubmitting} mt="3">
            {copy.savePassword}
          </Button>
        </form>
      </Card>
    </PageFrame>
  );
}
