import { Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { editAnimalPath, ROUTES } from '@medaille/routing';
import { useNavigate, useSearchParams } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { useEffect, useRef } from 'react';
import { finishPendingActivation, type PendingOutcome, REFUSAL_TEXT } from '../activation/index.ts';
import { authErrorMessage, forgetAwaitingConfirmation, NewPasswordForm } from '../auth/index.ts';
import { keepPendingInvitation, readPendingInvitation, tokenInFragment } from '../household/pending-invitation.ts';
import { CALLBACK_COPY } from './copy.ts';

const copy = CALLBACK_COPY.callback;

/** /activer, with the code when one is known. */
const activationPage = (code: string | null) =>
  code ? `${ROUTES.activate}?${new URLSearchParams({ code })}` : ROUTES.activate;

/**
 * Says how an activation by e-mail link ended, and where it goes on: the animal's page when photos are to be
 * added there (not kept by this browser, or left in the one they were chosen in) or when the form came with
 * the link, 'Mes animaux' otherwise, /activer when the form is to be finished or the code was refused.
 */
function afterActivation(outcome: PendingOutcome): [string, { replace: true }] {
  const replace = { replace: true } as const;
  if (outcome.status === 'missing') {
    toast({
      topic: 'activation',
      title: copy.expired.title,
      description: copy.expired.description,
      variant: 'destructive',
    });
    return [ROUTES.activate, replace];
  }
  if (outcome.status === 'incomplete') {
    toast({ topic: 'activation', ...(outcome.code ? copy.resume.withCode : copy.resume.withoutCode) });
    return [activationPage(outcome.code), replace];
  }
  if (outcome.status === 'failed') {
    toast({
      topic: 'activation',
      title: copy.activationError,
      description: outcome.refusal ? REFUSAL_TEXT[outcome.refusal] : (outcome.message ?? copy.unknownError),
      variant: 'destructive',
    });
    return [activationPage(outcome.code), replace];
  }
  const missing = [
    outcome.photosNotKept > 0 ? copy.photosNotKept(outcome.photosNotKept) : null,
    outcome.photosElsewhere > 0 ? copy.photosElsewhere(outcome.photosElsewhere) : null,
    outcome.detailsElsewhere ? copy.detailsElsewhere : null,
  ].filter((text): text is string => text !== null);
  toast({
    topic: 'activation',
    title: copy.activated.title,
    description: missing.join(' ') || copy.activated.description,
  });
  const toAnimal = missing.length > 0 || outcome.fromLink;
  return [toAnimal ? editAnimalPath(outcome.animalId) : ROUTES.account, replace];
}

/**
 * Where e-mail links land: 'Connexion en cours...' while supabase-js reads the session from the link,
 * then the branch of docs/product/accounts.md (activation, plain sign-in, password reset, or back home); a plain
 * sign-in goes on to an invitation kept in this browser.
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
      // A sign-up's or sign-in's link that has already served (opened once, by the person or by their mail's
      // link scanner) has most often confirmed the address: the login page says so (it said to ask
      // for a new link). GoTrue answers the same for one that expired unused; the login page covers that too.
      if (problem && link.get('error_code') === 'otp_expired' && !resetting) {
        navigate(`${ROUTES.login}?${new URLSearchParams({ link: 'used' })}`, { replace: true });
        return;
      }
      if (problem) {
        const description = authErrorMessage({ code: link.get('error_code'), message: problem });
        toast({ topic: 'sign-in', title: copy.error, description, variant: 'destructive' });
      }
      navigate('/', { replace: true });
      return;
    }
    // Signed in by an e-mail link: the address is confirmed.
    forgetAwaitingConfirmation();
    if (params.get('activation') !== 'true') {
      toast({ topic: 'sign-in', title: copy.success.title, description: copy.success.description });
      // An invitation opened before signing up (or in) is answered first, as an activation is finished: the
      // confirmation link carries it (another browser than the one that kept it may open that link).
      const carried = tokenInFragment(params.get('invitation') ?? '');
      if (carried) keepPendingInvitation(carried);
      navigate(readPendingInvitation() ? ROUTES.invitation : ROUTES.account, { replace: true });
      return;
    }
    const user = auth.user;
    if (!user) return;
    void finishPendingActivation(user, params.get('code')).then(
      (outcome) => navigate(...afterActivation(outcome)),
      () => {
        toast({ topic: 'activation', title: copy.error, variant: 'destructive' });
        navigate('/', { replace: true });
      },
    );
  }, [auth.loading, auth.isAuthenticated, auth.user, resetting, params, navigate]);

  if (!auth.loading && auth.isAuthenticated && resetting) return <NewPasswordForm />;
  return <Spinner label={copy.connecting} />;
}
