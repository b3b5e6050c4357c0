import { useAuth } from '@medaille/supabase';
import { HeaderBar } from './header.tsx';

/** The header following the auth state: changes as soon as someone signs in or out. */
export default function LiveHeader() {
  const auth = useAuth();
  return <HeaderBar signedIn={auth.loading ? false : auth.isAuthenticated} />;
}
