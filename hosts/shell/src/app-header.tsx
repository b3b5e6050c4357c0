import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { HeaderBar, type HeaderLinkProps, signOutAndGoHome } from './header.tsx';

function RouterLink({ to, className, label, children }: HeaderLinkProps) {
  return (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

export function RouterHeaderBar({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <HeaderBar
      signedIn={signedIn}
      Link={RouterLink}
      onSignOut={() => void signOutAndGoHome((to) => navigate(to, { replace: true }))}
    />
  );
}

const LiveHeader = lazy(() => import('./live-header.tsx'));

/** The app's header: follows the auth state live, showing the stored guess until the client is ready. */
export function AppHeader() {
  const guess = <RouterHeaderBar signedIn={hasStoredSession()} />;
  return (
    <Suspense fallback={guess}>
      <LiveHeader />
    </Suspense>
  );
}
