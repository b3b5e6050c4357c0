import { ROUTES } from '@medaille/routing';
import { Navigate, useLocation } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';

/**
 * The owner page a login came from, when it is one: only the portal's /mon-compte pages, so that a link
 * cannot send a person elsewhere once signed in.
 */
export function wayBack(next: string | null): string | null {
  if (next === null) return null;
  return next === ROUTES.account || next.startsWith(`${ROUTES.account}/`) ? next : null;
}

/**
 * A signed-out visitor of an owner page goes to the login page, which brings them back once signed in; whoever
 * just signed out here goes home, where their sign-out takes them too (whichever comes first).
 */
export function SignInFirst() {
  const { pathname, search } = useLocation();
  const { signedOutHere } = useAuth();
  if (signedOutHere) return <Navigate to={ROUTES.home} replace />;
  return <Navigate to={`${ROUTES.login}?${new URLSearchParams({ next: pathname + search })}`} replace />;
}
