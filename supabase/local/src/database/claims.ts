import type { Queryable } from './connection.ts';

/** The Postgres roles a Supabase JWT may name. */
export type Role = 'anon' | 'authenticated' | 'service_role';

/**
 * The claims of a Supabase JWT, as the stack signs them and as a request runs with them: `role` is the
 * Postgres role PostgREST switches to, `sub` the user auth.uid() returns.
 */
export interface JwtClaims {
  role: Role;
  sub?: string;
  email?: string;
  exp?: number;
  session_id?: string;
  [claim: string]: unknown;
}

/**
 * Switches the open transaction to the caller's role and claims, as PostgREST does for every request,
 * so that row level security and auth.uid() decide what the rest of the transaction may do.
 */
export async function actAs(tx: Queryable, claims: JwtClaims, request?: RequestSettings): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.method', $3, true), set_config('request.path', $4, true),
            set_config('request.headers', $5, true)`,
    [
      claims.role,
      JSON.stringify(claims),
      request?.method ?? '',
      request?.path ?? '',
      JSON.stringify(request?.headers ?? {}),
    ],
  );
}

/** What PostgREST exposes of the HTTP request to SQL (request.method, request.path, request.headers). */
export interface RequestSettings {
  method: string;
  path: string;
  headers: Record<string, string>;
}
