// /rest/v1: the PostgREST behaviour supabase-js relies on. Every request runs in one transaction under
// the caller's role and JWT claims, so row level security decides what it may see and change.
import { type Context, Hono } from 'hono';
import { actAs, type Database, type Queryable } from '../database/index.ts';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import { ApiError } from './errors.ts';
import { fromPostgresError } from './postgres-errors.ts';
import { parseColumns, parseReadQuery, RESERVED_PARAMS } from './query.ts';
import type { SchemaCache } from './schema-cache.ts';
import { deleteStatement, insertStatement, readStatement, rpcStatement, updateStatement } from './sql.ts';

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

interface Preferences {
  representation: boolean;
  count: boolean;
  resolution?: 'merge' | 'ignore';
  /** The recognised preferences, in PostgREST's order, for Preference-Applied. */
  applied: string[];
}

function preferencesOf(c: Context, mutation: boolean): Preferences {
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

function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(OBJECT_MEDIA_TYPE);
}

function singleRowError(rows: number): ApiError {
  return new ApiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
    null,
  );
}

function contentRange(offset: number, rows: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return rows === 0 ? `*/${totalText}` : `${offset}-${offset + rows - 1}/${totalText}`;
}

function errorResponse(c: Context, error: ApiError) {
  if (error.code === 'PGRST301' || error.code === 'PGRST303') {
    c.header(
      'WWW-Authenticate',
      `Bearer error="invalid_token", error_description="${error.code === 'PGRST303' ? 'JWT expired' : error.message}"`,
    );
  }
  return c.json(error.toJSON(), error.status as 400);
}

async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null);
  }
}

export function restRoutes(db: Database, schema: () => SchemaCache) {
  const app = new Hono<StackEnv>();

  /** Runs `work` in a transaction as the caller; PostgREST errors roll it back and become responses. */
  async function asCaller(c: Context<StackEnv>, work: (tx: Queryable) => Promise<Response>): Promise<Response> {
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
      return errorResponse(
        c,
        new ApiError(
          406,
          'PGRST106',
          `Invalid schema: ${profile}`,
          null,
          'Only the following schemas are exposed: public',
        ),
      );
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
  }

  /** Sends the rows a statement produced, as an array or (Accept: object) exactly one object. */
  function rowsResponse(c: Context, body: string, status: number, range: string) {
    c.header('Content-Range', range);
    if (c.req.method === 'HEAD') return c.body(null, status as 200);
    if (wantsObject(c)) {
      const [row] = JSON.parse(body) as unknown[];
      return c.json(row, status as 200);
    }
    return c.body(body, status as 200, { 'Content-Type': 'application/json; charset=utf-8' });
  }

  const read = (c: Context<StackEnv>) =>
    asCaller(c, async (tx) => {
      const url = new URL(c.req.url);
      const query = parseReadQuery(url.searchParams);
      const statement = readStatement(schema(), c.req.param('table') as string, query);
      const result = await tx.query<{ body: string; page_count: number }>(statement.sql, statement.params);
      const { body, page_count: rows } = result.rows[0] ?? { body: '[]', page_count: 0 };
      if (wantsObject(c) && rows !== 1) throw singleRowError(rows);
      let total: number | null = null;
      const prefs = preferencesOf(c, false);
      if (prefs.count) {
        const counted = await tx.query<{ total: number }>(statement.countSql, statement.countParams);
        total = counted.rows[0]?.total ?? 0;
      }
      if (prefs.applied.length) c.header('Preference-Applied', prefs.applied.join(', '));
      const offset = query.offset ?? 0;
      const partial = total !== null && rows < total && (query.limit !== undefined || offset > 0);
      return rowsResponse(c, body, partial ? 206 : 200, contentRange(offset, rows, total));
    });

  // GET /rpc/fn?arg=value: every parameter that is not one of PostgREST's own is an argument.
  app.get('/rpc/:fn', (c) =>
    rpc(c, Object.fromEntries([...new URL(c.req.url).searchParams].filter(([name]) => !RESERVED_PARAMS.has(name)))),
  );
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
    return rpc(c, args as Record<string, unknown>);
  });

  const rpc = (c: Context<StackEnv>, args: Record<string, unknown>) =>
    asCaller(c, async (tx) => {
      const params = new URLSearchParams(new URL(c.req.url).search);
      if (c.req.method === 'GET') for (const name of Object.keys(args)) params.delete(name);
      const statement = rpcStatement(schema(), c.req.param('fn') as string, args, parseReadQuery(params));
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

  app.get('/:table', read);
  app.on('HEAD', '/:table', read);

  /** Runs a write; answers with the rows it returned (representation) or nothing (minimal). */
  const write = (
    c: Context<StackEnv>,
    build: (
      query: ReturnType<typeof parseReadQuery>,
      prefs: Preferences,
      body: unknown,
    ) => { sql: string; params: unknown[] },
  ) =>
    asCaller(c, async (tx) => {
      const prefs = preferencesOf(c, true);
      const query = parseReadQuery(new URL(c.req.url).searchParams);
      const body = c.req.method === 'DELETE' ? null : await readJsonBody(c);
      const statement = build(query, prefs, body);
      const result = await tx.query<{ body: string; page_count: number }>(statement.sql, statement.params);
      const { body: rowsBody, page_count: rows } = result.rows[0] ?? { body: '[]', page_count: 0 };
      if (wantsObject(c) && rows !== 1) throw singleRowError(rows);
      const total = prefs.count ? String(rows) : '*';
      const range = c.req.method === 'PATCH' && rows > 0 ? `0-${rows - 1}/${total}` : `*/${total}`;
      if (prefs.applied.length) c.header('Preference-Applied', prefs.applied.join(', '));
      const status = c.req.method === 'POST' ? 201 : prefs.representation ? 200 : 204;
      if (!prefs.representation) {
        c.header('Content-Range', range);
        return c.body(null, status);
      }
      return rowsResponse(c, rowsBody, status, range);
    });

  app.post('/:table', (c) =>
    write(c, (query, prefs, body) => {
      const rows = Array.isArray(body) ? body : [body];
      if (rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
      }
      const params = new URL(c.req.url).searchParams;
      const columnsParam = params.get('columns');
      const onConflict = params.get('on_conflict');
      const columns = columnsParam !== null ? parseColumns('columns', columnsParam) : null;
      const keys = (row: object) => Object.keys(row).sort().join(',');
      if (!columns && rows.some((row) => keys(row as object) !== keys(rows[0] as object))) {
        throw new ApiError(400, 'PGRST102', 'All object keys must match');
      }
      return insertStatement(schema(), c.req.param('table'), rows as Record<string, unknown>[], {
        representation: prefs.representation,
        query,
        columns,
        onConflict: onConflict !== null ? parseColumns('on_conflict', onConflict) : null,
        ...(prefs.resolution ? { resolution: prefs.resolution } : {}),
      });
    }),
  );

  app.patch('/:table', (c) =>
    write(c, (query, prefs, body) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
      }
      return updateStatement(schema(), c.req.param('table'), body as Record<string, unknown>, {
        representation: prefs.representation,
        query,
      });
    }),
  );

  app.delete('/:table', (c) =>
    write(c, (query, prefs) =>
      deleteStatement(schema(), c.req.param('table'), { representation: prefs.representation, query }),
    ),
  );

  app.all('*', (c) => errorResponse(c, new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`)));

  return app;
}
