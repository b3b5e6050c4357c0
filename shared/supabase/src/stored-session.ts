/** Where supabase-js keeps the session in local storage (its `storageKey`). */
export const SESSION_STORAGE_KEY = 'medaille-auth';

/** What is read of local storage (typed without the DOM's types: the shell's host reads this module too). */
export interface KeyValues {
  getItem(key: string): string | null;
}

/**
 * Whether a session is stored, read without loading supabase-js: the shell decides its header from this on
 * the scan page, where the auth client must not load. A stored refresh token means a session the client can
 * renew; supabase-js itself remains the judge once it loads. Self-contained but for SESSION_STORAGE_KEY, which
 * the script declares: the shell's HTML carries its source, made at build time (hosts/shell/build/early-files.ts).
 */
export function hasStoredSession(
  storage: KeyValues | undefined = (globalThis as { localStorage?: KeyValues }).localStorage,
): boolean {
  try {
    const stored = JSON.parse(storage?.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      refresh_token?: unknown;
      user?: unknown;
    } | null;
    return typeof stored?.refresh_token === 'string' && stored.refresh_token !== '' && Boolean(stored.user);
  } catch {
    return false;
  }
}
