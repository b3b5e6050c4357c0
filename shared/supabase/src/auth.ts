import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { atom, useAtomValue } from 'jotai';
import { supabase } from './client.ts';

/** SPEC section 4: loading until the first auth event or the initial session fetch, then the session. */
export interface AuthState {
  loading: boolean;
  session: Session | null;
  user: User | null;
  isAuthenticated: boolean;
  /** The last auth event (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, PASSWORD_RECOVERY, ...). */
  event: AuthChangeEvent | null;
}

const stateOf = (session: Session | null, event: AuthChangeEvent | null): AuthState => ({
  loading: false,
  session,
  user: session?.user ?? null,
  isAuthenticated: Boolean(session?.user),
  event,
});

const authStateAtom = atom<AuthState>({
  loading: true,
  session: null,
  user: null,
  isAuthenticated: false,
  event: null,
});

// Subscribes while anything reads the auth state; the atom lives in the shared jotai store, so the shell
// and both remotes see one state.
authStateAtom.onMount = (set) => {
  const auth = supabase().auth;
  const { data } = auth.onAuthStateChange((event, session) => set(stateOf(session, event)));
  void auth
    .getSession()
    .then(({ data: current }) => set((state) => (state.loading ? stateOf(current.session, 'INITIAL_SESSION') : state)));
  return () => data.subscription.unsubscribe();
};

export const authAtom = atom((get) => get(authStateAtom));

export function useAuth(): AuthState {
  return useAtomValue(authAtom);
}

/** Signs out of this browser only, then forgets everything the app stored here (SPEC section 4). */
export async function signOut(): Promise<void> {
  try {
    await supabase().auth.signOut({ scope: 'local' });
  } finally {
    localStorage.clear();
  }
}
