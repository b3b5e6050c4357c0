import { PostgrestClient } from '@supabase/postgrest-js';
import { isBackendUnavailable } from './domain/index.ts';
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
 * caller may do (docs/decisions/0001-authorization-in-postgres.md). `apikey` is the project key the caller sent (a
 * client sends its publishable or anon key there, a server its secret key), else the project's publishable (or anon)
 * key; `Authorization` is passed on as sent. Null when the request carries no credential at all.
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

/** The database out of reach for now: `handle` answers it 503 with Retry-After rather than 500. */
export class BackendUnavailable extends Error {}

/**
 * The exception for an error of the backend (PostgREST, GoTrue) that a function does not answer itself:
 * BackendUnavailable when the backend says the database is out of reach or could not be reached at all
 * (postgrest-js gives a failed fetch as status 0), else an Error (answered as 500). Its text, for the logs only,
 * names the call.
 */
export function backendError(what: string, status: number, error: { code?: string; message: string }): Error {
  const text = `${what}: ${status} ${error.code} ${error.message}`;
  return isBackendUnavailable({ status, code: error.code }) ? new BackendUnavailable(text) : new Error(text);
}

/** Calls a SQL function and returns its value; a database error becomes an exception (backendError). */
export async function call<T>(db: ServiceDatabase, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error, status } = await db.rpc(fn, args);
  if (error) throw backendError(fn, status, error);
  return data as T;
}

/** Counts one request against a limit; true while the client is within it. */
export function withinRateLimit(db: ServiceDatabase, bucket: string, limit: number, windowSeconds: number) {
  return call<boolean>(db, 'hit_rate_limit', { p_bucket: bucket, p_limit: limit, p_window_seconds: windowSeconds });
}
