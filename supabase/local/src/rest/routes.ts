// /rest/v1: the PostgREST behaviour supabase-js relies on. Every request runs in one transaction under
// the caller's role and JWT claims, so row level security decides what it may see and change. Reads,
// writes and function calls are files of their own; this one puts them together.
import { Hono } from 'hono';
import type { Database } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import { restContext } from './context.ts';
import { ApiError } from './errors.ts';
import { readRoutes } from './read.ts';
import { errorResponse } from './responses.ts';
import { rpcRoutes } from './rpc.ts';
import type { SchemaCache } from './schema-cache.ts';
import { writeRoutes } from './write.ts';

export function restRoutes(db: Database, schema: () => SchemaCache) {
  const app = new Hono<StackEnv>();
  const ctx = restContext(db, schema);

  rpcRoutes(app, ctx);
  readRoutes(app, ctx);
  writeRoutes(app, ctx);

  app.all('*', (c) => errorResponse(c, new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`)));

  return app;
}
