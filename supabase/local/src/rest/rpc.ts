// GET and POST /rpc/{function}: calls with named arguments, answered as PostgREST shapes each kind of
// result (a value, a row, rows, or nothing for void).
import type { Context, Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { RestContext } from './context.ts';
import { ApiError, notSupported } from './errors.ts';
import { preferencesOf } from './preferences.ts';
import { parseReadQuery, splitFunctionParams } from './query.ts';
import { contentRange, errorResponse, readJsonBody, rowsResponse, singleRowError, wantsObject } from './responses.ts';
import { rpcStatement } from './sql.ts';

export function rpcRoutes(app: Hono<StackEnv>, ctx: RestContext) {
  const rpc = (c: Context<StackEnv>, args: Record<string, unknown>, params: URLSearchParams) =>
    ctx.asCaller(c, async (tx) => {
      const name = c.req.param('fn') as string;
      const prefs = preferencesOf(c, false);
      if (prefs.count) {
        throw notSupported(`Prefer: ${prefs.count} on /rpc/${name}`, 'counting would run the function a second time');
      }
      const statement = rpcStatement(ctx.schema(), name, args, parseReadQuery(params));
      const result = await tx.query<{ body: string | null; page_count: number }>(statement.sql, statement.params);
      const { body, page_count: rows } = result.rows[0] ?? { body: null, page_count: 0 };
      const json = { 'Content-Type': 'application/json; charset=utf-8' };
      if (statement.returns === 'void') return c.body(null, 204);
      if (statement.returns === 'value') return c.body(body ?? 'null', 200, json);
      if (statement.returns === 'row') {
        return c.body(JSON.stringify((JSON.parse(body ?? '[]') as unknown[])[0] ?? null), 200, json);
      }
      if (wantsObject(c) && rows !== 1) throw singleRowError(rows);
      return rowsResponse(c, body ?? '[]', 200, contentRange(0, rows, null));
    });

  app.get('/rpc/:fn', (c) => {
    const { args, query } = splitFunctionParams(new URL(c.req.url).searchParams);
    return rpc(c, args, query);
  });
  app.post('/rpc/:fn', async (c) => {
    let args: unknown;
    try {
      args = await readJsonBody(c);
    } catch (error) {
      return errorResponse(c, error as ApiError);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return errorResponse(c, new ApiError(400, 'PGRST102', 'Empty or invalid json'));
    }
    return rpc(c, args as Record<string, unknown>, new URL(c.req.url).searchParams);
  });
}
