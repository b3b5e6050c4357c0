import type { Queryable } from './connection.ts';

/** The JWT claims a request runs with; `role` is the Postgres role PostgREST switches to. */
export interface JwtClaims {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

/**
 * Switches the open transaction to the caller's role and claims, as PostgREST does for every request,
 * so that row level security and auth.uid() decide what the rest of the transaction may do.
 */
export async function actAs(tx: Queryable, claims: JwtClaims): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', coalesce($3, ''), true)`,
    [claims.role, JSON.stringify(claims), claims.sub ?? null],
  );
}
