import { useAuth } from '@medaille/supabase';
import { useEffect } from 'react';

/**
 * Tells whether someone is signed in, as soon as it changes; says nothing while the auth state is still
 * loading, so that the header keeps its guess from the stored session meanwhile. Draws nothing.
 */
export default function FollowAuth({ onSignedIn }: { onSignedIn: (signedIn: boolean) => void }) {
  const auth = useAuth();
  useEffect(() => {
    if (!auth.loading) onSignedIn(auth.isAuthenticated);
  }, [auth.loading, auth.isAuthenticated, onSignedIn]);
  return null;
}
