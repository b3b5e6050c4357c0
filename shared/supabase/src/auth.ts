import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { atom, useAtomValue } from 'jotai';
import { type MedailleClient, onSupabaseLoaded, supabase } from './client.ts';
import { sessionAsStoredHere } from './session-as-stored.ts';
import { hasStoredSession, SESSION_STORAGE_KEY } from './stored-session.ts';

/** docs/product/accounts.md: loading until the first auth event or the initial session fetch, then the session. */
export interface AuthState {
  loading: boolean;
  session: Session | null;
  user: User | null;
  isAuthenticated: boolean;
  /** The last auth event (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, PASSWORD_RECOVERY, ...). */
  event: AuthChangeEvent | null;
  /**
   * The session ended by this page's own signOut(), which goes home (docs/product/site.md), rather than lost (expired,
   * or ended in another tab), which asks to sign in again: an owner page then goes home too, not to the login.
   */
  signedOutHere: boolean;
}

/** Whether this page's signOut() is under way: the SIGNED_OUT it brings is the person's own. */
let signingOut = false;

const stateOf = (session: Session | null, event: AuthChangeEvent | null): AuthState => ({
  loading: false,
  session,
  user: session?.user ?? null,
  isAuthenticated: Boolean(session?.user),
  event,
  signedOutHere: event === 'SIGNED_OUT' && signingOut,
});

/** An e-mail link's answer in the address (implicit flow): the client must read it before anything is known. */
const hasAuthAnswerInUrl = () =>
  typeof location !== 'undefined' && /(?:^#|&)(?:access_token|error)=/.test(location.hash);

/**
 * The session supabase-js will take as it is when it loads (stored-session.ts): the state from the first render,
 * without waiting for the auth client (docs/decisions/0022-auth-client-after-the-page.md). Not when an e-mail
 * link's answer is in the address: that session is the link's.
 */
const sessionAsStored = hasAuthAnswerInUrl() ? null : (sessionAsStoredHere() as Session | null);

const authStateAtom = atom<AuthState>(
  sessionAsStored
    ? stateOf(sessionAsStored, 'INITIAL_SESSION')
    : { loading: true, session: null, user: null, isAuthenticated: false, event: null, signedOutHere: false },
);

/** Runs `task` once the page has loaded its own files, so that what it downloads does not slow them. */
function afterThePage(task: () => void) {
  if (typeof window === 'undefined' || document.readyState === 'complete') setTimeout(task, 0);
  else window.addEventListener('load', () => setTimeout(task, 0), { once: true });
}

// Subscribes while anything reads the auth state; the atom lives in the shared jotai store, so the shell
// and both remotes see one state. Without a stored session or an e-mail link's answer, the visitor is
// signed out and supabase-js is not loaded for that: the state follows the client once something loads
// it (a sign-in form, say).
authStateAtom.onMount = (set) => {
  let unsubscribe = () => {};
  const follow = (client: MedailleClient) => {
    const { data } = client.auth.onAuthStateChange((event, session) => set(stateOf(session, event)));
    void client.auth
      .getSession()
      .then(({ data: current }) =>
        set((state) => (state.loading ? stateOf(current.session, 'INITIAL_SESSION') : state)),
      );
    unsubscribe = () => data.subscription.unsubscribe();
  };
  const signedOut = () => set((state) => (state.loading ? stateOf(null, 'INITIAL_SESSION') : state));
  // With a session as stored, the client loads once the page has (sooner if the page asks for it) and takes
  // the state over. Otherwise, a client that cannot load leaves nothing to wait for: signed out.
  if (sessionAsStored) afterThePage(() => void supabase().catch(() => {}));
  else if (hasStoredSession() || hasAuthAnswerInUrl()) supabase().catch(signedOut);
  else signedOut();
  const stopWaiting = onSupabaseLoaded(follow);
  // A session another tab of this browser stores (an e-mail link opened there) is followed here too, even by a
  // page that has not loaded supabase-js (a login page reloaded while waiting for the e-mail): loaded,
  // the client reads it and the subscription above says so. A loaded client hears it from that tab already.
  const storedElsewhere = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY && event.newValue) supabase().catch(() => {});
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', storedElsewhere);
  return () => {
    stopWaiting();
    unsubscribe();
    if (typeof window !== 'undefined') window.removeEventListener('storage', storedElsewhere);
  };
};

export const authAtom = atom((get) => get(authStateAtom));

export function useAuth(): AuthState {
  return useAtomValue(authAtom);
}

/** Signs out of this browser only, then forgets everything the app stored here (docs/product/site.md). */
export async function signOut(): Promise<void> {
  signingOut = true;
  try {
    const client = await supabase();
    await forgetThisDevice(client);
    await client.auth.signOut({ scope: 'local' });
  } finally {
    signingOut = false;
    localStorage.clear();
  }
}

/**
 * A browser signed out is no longer the member's device: its push subscriptions are deleted from the member's
 * devices (while still signed in) and ended in the browser, so that a shared phone shows no alert of their
 * animals. Ending it is what counts: a push to an ended subscription is refused (410) and the row forgotten then,
 * so a delete that fails offline does not stop the sign-out.
 */
async function forgetThisDevice(client: MedailleClient): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const subscriptions = await Promise.all(registrations.map((each) => each.pushManager?.getSubscription()));
    for (const subscription of subscriptions) {
      if (!subscription) continue;
      await client.from('push_subscriptions').delete().eq('endpoint', subscription.endpoint);
      await subscription.unsubscribe();
    }
  } catch (error) {
    console.warn('[auth] this browser could not be forgotten as a device:', error);
  }
}
