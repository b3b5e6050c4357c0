import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense, useState } from 'react';
import { RouterHeaderBar } from './router-header-bar.tsx';

const FollowAuth = lazy(() => import('./follow-auth.tsx'));

/**
 * The app's header: the stored session's guess first, then the auth state live. One header stays in the page
 * throughout (only its links change, and only when the state does), so a keyboard's focus on it is never lost
 * and a signed-in owner never sees the signed-out link flash while the auth client loads.
 */
export function AppHeader() {
  const [signedIn, setSignedIn] = useState(hasStoredSession);
  return (
    <>
      <RouterHeaderBar signedIn={signedIn} />
      <Suspense fallback={null}>
        <FollowAuth onSignedIn={setSignedIn} />
      </Suspense>
    </>
  );
}
