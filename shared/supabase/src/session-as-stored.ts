// Whether supabase-js will use the stored session as it is: a module of its own, so that a finder's scan page,
// which reads stored-session.ts, never loads it (docs/decisions/0005-tiny-scan-path.md).
import { type KeyValues, SESSION_STORAGE_KEY } from './stored-session.ts';

/**
 * How close to its access token's end supabase-js renews a stored session before using it (auth-js's
 * EXPIRY_MARGIN_MS, 90 s); further from its end, it uses the session as stored.
 */
export const SESSION_RENEWAL_MARGIN_S = 90;

/** What of a stored session the pages read before supabase-js loads (the rest is supabase-js's `Session`). */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string };
}

/**
 * The session stored as `stored` (local storage's text under SESSION_STORAGE_KEY) when supabase-js will use it as
 * it is: a whole session (auth-js's `_isValidSession`: its tokens and their end), of a user, more than
 * SESSION_RENEWAL_MARGIN_S from its end at `nowSeconds`; null when there is none, or when supabase-js must renew
 * it first. Self-contained but for SESSION_RENEWAL_MARGIN_S, a constant of this module, which the HTML's scripts
 * that carry its source declare before it.
 */
export function storedSessionAsIs(stored: string | null | undefined, nowSeconds: number): StoredSession | null {
  try {
    const session = JSON.parse(stored ?? 'null') as Partial<StoredSession> | null;
    const whole =
      typeof session?.access_token === 'string' &&
      session.access_token !== '' &&
      typeof session.refresh_token === 'string' &&
      session.refresh_token !== '' &&
      typeof session.expires_at === 'number' &&
      typeof session.user?.id === 'string';
    return whole && (session.expires_at as number) > nowSeconds + SESSION_RENEWAL_MARGIN_S
      ? (session as StoredSession)
      : null;
  } catch {
    return null;
  }
}

/**
 * This browser's stored session when supabase-js will use it as it is (`storedSessionAsIs`): with it, a page
 * knows who is signed in before the auth client has loaded (docs/decisions/0022-auth-client-after-the-page.md).
 */
export function sessionAsStoredHere(): StoredSession | null {
  const storage = (globalThis as { localStorage?: KeyValues }).localStorage;
  return storedSessionAsIs(storage?.getItem(SESSION_STORAGE_KEY), Date.now() / 1000);
}
