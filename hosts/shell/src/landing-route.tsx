import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { useEffect } from 'react';
import { LandingPage } from './landing-page.tsx';

/** The landing page for a browser with a stored session: nothing until auth is known, then /mon-compte. */
export default function LandingForStoredSession() {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!auth.loading && auth.isAuthenticated) navigate(ROUTES.account, { replace: true });
  }, [auth.loading, auth.isAuthenticated, navigate]);
  if (auth.loading || auth.isAuthenticated) return null;
  return <LandingPage />;
}
