// The Prefer header, read as PostgREST reads it (src/PostgREST/ApiRequest/Preferences.hs).
import type { Context } from 'hono';

export interface Preferences {
  representation: boolean;
  count: boolean;
  resolution?: 'merge' | 'ignore';
  /** The recognised preferences, in PostgREST's order, for Preference-Applied. */
  applied: string[];
}

export function preferencesOf(c: Context, mutation: boolean): Preferences {
  const prefer = (c.req.header('prefer') ?? '').split(',').map((p) => p.trim());
  const pick = (prefix: string) => prefer.find((p) => p.startsWith(prefix));
  const resolution = pick('resolution=');
  const missing = pick('missing=');
  const returning = pick('return=');
  const count = pick('count=');
  return {
    representation: returning === 'return=representation',
    count: count !== undefined,
    ...(resolution === 'resolution=merge-duplicates' ? { resolution: 'merge' as const } : {}),
    ...(resolution === 'resolution=ignore-duplicates' ? { resolution: 'ignore' as const } : {}),
    applied: [
      mutation ? resolution : undefined,
      mutation ? missing : undefined,
      mutation ? returning : undefined,
      count,
    ].filter((p): p is string => p !== undefined),
  };
}
