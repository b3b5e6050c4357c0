// The Prefer header, read as PostgREST reads it (src/PostgREST/ApiRequest/Preferences.hs): the first
// value of each kind counts, values it does not know are ignored unless `handling=strict` asks for an
// error, and the values PostgREST implements and the local stack does not are refused by name.
import type { Context } from 'hono';
import { ApiError, notSupported } from './errors.ts';

export interface Preferences {
  representation: boolean;
  /** The count asked for: only `count=exact` gets this far. */
  count: string | undefined;
  resolution?: 'merge' | 'ignore';
  /** The recognised preferences, in PostgREST's order, for Preference-Applied. */
  applied: string[];
}

const KINDS = {
  resolution: ['resolution=merge-duplicates', 'resolution=ignore-duplicates'],
  missing: ['missing=default', 'missing=null'],
  return: ['return=representation', 'return=minimal', 'return=headers-only'],
  count: ['count=exact', 'count=planned', 'count=estimated'],
  tx: ['tx=commit', 'tx=rollback'],
  handling: ['handling=strict', 'handling=lenient'],
};
const ACCEPTED = new Set(Object.values(KINDS).flat());

/** `write`: a request that writes rows (POST, PATCH or DELETE on a table); its preferences are echoed. */
export function preferencesOf(c: Context, write: boolean): Preferences {
  const given = (c.req.header('prefer') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const first = (kind: keyof typeof KINDS) => given.find((p) => KINDS[kind].includes(p));
  const [resolution, missing, returning, count, handling] = (
    ['resolution', 'missing', 'return', 'count', 'handling'] as const
  ).map(first);
  const timezone = given.find((p) => p.startsWith('timezone='));
  const maxAffected = given.find((p) => /^max-affected=-?\d+$/.test(p));
  const invalid = given.filter((p) => !ACCEPTED.has(p) && !p.startsWith('timezone=') && !p.startsWith('max-affected='));
  if (handling === 'handling=strict' && invalid.length > 0) {
    const details = `Invalid preferences: ${invalid.join(', ')}`;
    throw new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', details);
  }
  // tx=commit|rollback stays ignored: PostgREST applies it only when db-tx-end allows, which Supabase does not.
  if (count && count !== 'count=exact') {
    throw notSupported(
      `Prefer: ${count}`,
      'PostgREST estimates this count from the query planner; ask for count=exact',
    );
  }
  if (timezone) throw notSupported('Prefer: timezone', 'timestamps are answered in the database’s time zone');
  if (maxAffected && handling === 'handling=strict') {
    throw notSupported('Prefer: max-affected', 'PostgREST would refuse a change of more rows than this');
  }
  if (write && returning === 'return=headers-only') {
    throw notSupported('Prefer: return=headers-only', 'ask for return=minimal or return=representation');
  }
  if (write && missing === 'missing=default' && ['POST', 'PATCH'].includes(c.req.method)) {
    throw notSupported(
      'Prefer: missing=default',
      'PostgREST would give the keys a row lacks their columns’ defaults; send every column, or missing=null',
    );
  }
  return {
    representation: returning === 'return=representation',
    count,
    ...(resolution === 'resolution=merge-duplicates' ? { resolution: 'merge' as const } : {}),
    ...(resolution === 'resolution=ignore-duplicates' ? { resolution: 'ignore' as const } : {}),
    applied: [
      write ? resolution : undefined,
      write ? missing : undefined,
      write ? returning : undefined,
      count,
      handling,
    ].filter((p): p is string => p !== undefined),
  };
}
