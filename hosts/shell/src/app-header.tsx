import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense } from 'react';
import { RouterHeaderBar } from './router-header-bar.tsx';

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
