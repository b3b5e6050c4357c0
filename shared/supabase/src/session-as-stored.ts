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
 * The stored session when supabase-js will use it as it is, read without loading supabase-js: a whole session
 * (auth-js's `_isValidSession`: its tokens and their end), of a user, more than SESSION_RENEWAL_MARGIN_S from
 * its end; null when there is none, or when supabase-js must renew it first. With it, a page knows who is
 * signed in before the auth client has loaded (docs/decisions/0022-auth-client-after-the-page.md).
 * Self-contained but for SESSION_STORAGE_KEY and SESSION_RENEWAL_MARGIN_S, which the shell's HTML script
 * declares before its source.
 */
export function storedSessionAsIs(
  storage: KeyValues | undefined = (globalThis as { localStorage?: KeyValues }).localStorage,
  nowSeconds: number = Date.now() / 1000,
): StoredSession | null {
  try {
    const stored = JSON.parse(storage?.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    const whole =
      typeof stored?.access_token === 'string' &&
      stored.access_token !== '' &&
      typeof stored.refresh_token === 'string' &&
      stored.refresh_token !== '' &&
      typeof stored.expires_at === 'number' &&
      typeof stored.user?.id === 'string';
    return whole && (stored.expires_at as number) > nowSeconds + SESSION_RENEWAL_MARGIN_S
      ? (stored as StoredSession)
      : null;
  } catch {
    return null;
  }
}
