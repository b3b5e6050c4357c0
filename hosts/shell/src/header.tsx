import { toast } from '@medaille/design-system/toast';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { COPY } from './copy.ts';

/** Signs out through the shared auth client, loaded only when needed (not on the scan page). */
export async function signOutAndGoHome(navigate: (to: string, options?: { replace?: boolean }) => void) {
  try {
    const { signOut } = await import('@medaille/supabase');
    await signOut();
    toast({ title: COPY.signOut.done });
    navigate('/', { replace: true });
  } catch {
    toast({ title: COPY.signOut.failed, variant: 'destructive' });
  }
}

export function HeaderBar({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <header className="site-header">
      <Link to="/" className="site-logo" aria-label={COPY.header.home}>
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{COPY.brand}</span>
      </Link>
      <nav className="site-nav">
        {signedIn ? (
          <>
            <Link to="/mon-compte">{COPY.header.account}</Link>
            <button type="button" className="link-button" onClick={() => void signOutAndGoHome(navigate)}>
              {COPY.header.signOut}
            </button>
          </>
        ) : (
          <Link to="/auth/login">{COPY.header.signIn}</Link>
        )}
      </nav>
    </header>
  );
}

const LiveHeader = lazy(() => import('./live-header.tsx'));

/**
 * The header. On the scan page it reads the stored session directly, so the auth client does not load;
 * elsewhere it follows the auth state live, showing the stored guess until the client is ready.
 */
export function Header({ live }: { live: boolean }) {
  const guess = <HeaderBar signedIn={hasStoredSession()} />;
  if (!live) return guess;
  return (
    <Suspense fallback={guess}>
      <LiveHeader />
    </Suspense>
  );
}
