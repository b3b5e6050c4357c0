import { PostgrestClient } from '@supabase/postgrest-js';
import { type FunctionEnv, publishableKey, serviceHeaders } from './env.ts';

/**
 * The database as the functions see it: PostgREST with the secret (service_role) key, which alone may call the
 * finder's SQL functions. PostgREST's client rather than all of supabase-js: nothing else is needed.
 */
export function serviceDatabase(env: FunctionEnv) {
  return new PostgrestClient(`${env.SUPABASE_URL}/rest/v1`, {
    headers: serviceHeaders(env),
  });
}

export type ServiceDatabase = ReturnType<typeof serviceDatabase>;

/**
 * The key and token a request came with, to pass on to PostgREST so that the database decides what the
 * caller may do (DESIGN D1). `apikey` is the project key the caller sent (a client sends its publishable or
 * anon key there, a server its secret key), else the project's publishable (or anon) key; `Authorization` is
 * passed on as sent. Null when the request carries no credential at all.
 */
export function callerCredentials(request: Request, env: FunctionEnv): Record<string, string> | null {
  const authorization = request.headers.get('authorization')?.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const apikey = request.headers.get('apikey')?.trim() || publishableKey(env) || bearer;
  if (!apikey) return null;
  return bearer ? { apikey, Authorization: `Bearer ${bearer}` } : { apikey };
}

/** The database as the caller sees it: their own key and token, under row level security and grants. */
export function callerDatabase(env: FunctionEnv, credentials: Record<string, string>) {
  return new PostgrestClient(`${env.SUPABASE_URL}/rest/v1`, { headers: credentials });
}

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
