import { PostgrestClient } from '@supabase/postgrest-js';
import type { FunctionEnv } from './env.ts';

/**
 * The database as the functions see it: PostgREST with the service_role key, which alone may call the
 * finder's SQL functions. PostgREST's client rather than all of supabase-js: nothing else is needed.
 */
export function serviceDatabase(env: FunctionEnv) {
  return new PostgrestClient(`${env.SUPABASE_URL}/rest/v1`, {
    headers: {
      apikey: env.SUPABASE_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
    },
  });
}

export type ServiceDatabase = ReturnType<typeof serviceDatabase>;

/** Calls a SQL function and returns its value; a database error becomes an exception (answered as 500). */
export async function call<T>(db: ServiceDatabase, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return data as T;
}

/** Counts one request against a limit; true while the client is within it. */
export function withinRateLimit(db: ServiceDatabase, bucket: string, limit: number, windowSeconds: number) {
  return call<boolean>(db, 'hit_rate_limit', { p_bucket: bucket, p_limit: limit, p_window_seconds: windowSeconds });
}
