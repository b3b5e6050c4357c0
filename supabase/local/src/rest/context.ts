// What every /rest/v1 endpoint shares: the database, the schema cache, and running a request in one
// transaction under the caller's role and JWT claims, as PostgREST does, so that row level security
// decides what it may see and change.
import type { Context } from 'hono';
import { actAs, type Database, type Queryable } from '../database/index.ts';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import { ApiError } from './errors.ts';
import { fromPostgresError } from './postgres-errors.ts';
import { checkAccept, errorResponse } from './responses.ts';
import type { SchemaCache } from './schema-cache.ts';

export type RestContext = ReturnType<typeof restContext>;

export function restContext(db: Database, schema: () => SchemaCache) {
  return {
    schema,
    /** Runs `work` in a transaction as the caller; PostgREST errors roll it back and become responses. */
    async asCaller(c: Context<StackEnv>, work: (tx: Queryable) => Promise<Response>): Promise<Response> {
      const caller = callerOf(c);
      if (caller.tokenError) {
        return errorResponse(
          c,
          caller.tokenError.expired
            ? new ApiError(401, 'PGRST303', 'JWT expired')
            : new ApiError(401, 'PGRST301', 'No suitable key or wrong key type', caller.tokenError.message),
        );
      }
      const profile = c.req.header('accept-profile') ?? c.req.header('content-profile');
      if (profile && profile !== 'public') {
        const hint = 'Only the following schemas are exposed: public';
        return errorResponse(c, new ApiError(406, 'PGRST106', `Invalid schema: ${profile}`, null, hint));
      }
      try {
        checkAccept(c);
      } catch (error) {
        return errorResponse(c, error as ApiError);
      }
      const headers = Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v]));
      const path = new URL(c.req.url).pathname.replace(/^\/rest\/v1/, '');
      try {
        return await db.transaction(async (tx) => {
          if (c.req.method === 'GET' || c.req.method === 'HEAD') await tx.query('set transaction read only');
          await actAs(tx, caller.claims, { method: c.req.method, path, headers });
          return work(tx);
        });
      } catch (error) {
        return errorResponse(c, fromPostgresError(error, caller.claims.role !== 'anon'));
      }
    },
  };
}
