import { useAuth } from '@medaille/supabase';
import { RouterHeaderBar } from './router-header-bar.tsx';

/** The header following the auth state: changes as soon as someone signs in or out. */
export default function LiveHeader() {
  const auth = useAuth();
  return <RouterHeaderBar signedIn={auth.loading ? false : auth.isAuthenticated} />;
}
