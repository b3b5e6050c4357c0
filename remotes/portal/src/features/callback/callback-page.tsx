import { Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { ROUTES } from '@medaille/routing';
import { useAuth } from '@medaille/supabase';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COPY } from '../../copy.ts';
import { finishPendingActivation } from '../activation/index.ts';
import { authErrorMessage, forgetAwaitingConfirmation, NewPasswordForm } from '../auth/index.ts';

const copy = COPY.callback;

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
      // A refused e-mail link comes back with GoTrue's error in the address's fragment.
      const link = new URLSearchParams(window.location.hash.slice(1));
      const problem = link.get('error_description');
      if (problem) {
        const description = authErrorMessage({ code: link.get('error_code'), message: problem });
        toast({ title: copy.error, description, variant: 'destructive' });
      }
      navigate('/', { replace: true });
      return;
    }
    // Signed in by an e-mail link: the address is confirmed.
    forgetAwaitingConfirmation();
    if (params.get('activation') !== 'true') {
      toast({ title: copy.success.title, description: copy.success.description });
      navigate(ROUTES.account, { replace: true });
      return;
    }
    void finishPendingActivation().then(
      (outcome) => {
        if (outcome.status === 'done') {
          toast({ title: copy.activated.title, description: copy.activated.description });
          navigate(ROUTES.account, { replace: true });
        } else if (outcome.status === 'incomplete') {
          // Signed in from the dialog /activer opens on arrival: the form and its draft wait there.
          toast({ title: copy.success.title, description: copy.success.description });
          navigate(ROUTES.activate, { replace: true });
        } else if (outcome.status === 'missing') {
          toast({ title: copy.expired.title, description: copy.expired.description, variant: 'destructive' });
          navigate(ROUTES.activate, { replace: true });
        } else {
          toast({
            title: copy.activationError,
            description: outcome.message ?? copy.unknownError,
            variant: 'destructive',
          });
          navigate(ROUTES.activate, { replace: true });
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
