// POST, PATCH and DELETE /{table}: inserts and upserts, updates and deletes, answered with the rows
// they wrote (return=representation) or nothing (return=minimal).
import type { Context, Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { RestContext } from './context.ts';
import { ApiError } from './errors.ts';
import { type Preferences, preferencesOf } from './preferences.ts';
import { parseColumns, parseReadQuery, type ReadQuery } from './query.ts';
import { readJsonBody, rowsResponse, singleRowError, wantsObject } from './responses.ts';
import { deleteStatement, insertStatement, updateStatement } from './sql.ts';

type BuildStatement = (query: ReadQuery, prefs: Preferences, body: unknown) => { sql: string; params: unknown[] };

const isRow = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export function writeRoutes(app: Hono<StackEnv>, ctx: RestContext) {
  const write = (c: Context<StackEnv>, build: BuildStatement) =>
    ctx.asCaller(c, async (tx) => {
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
      if (!rows.every(isRow)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
      const params = new URL(c.req.url).searchParams;
      const columnsParam = params.get('columns');
      const onConflict = params.get('on_conflict');
      const columns = columnsParam !== null ? parseColumns('columns', columnsParam) : null;
      const keys = (row: object) => Object.keys(row).sort().join(',');
      if (!columns && rows.some((row) => keys(row as object) !== keys(rows[0] as object))) {
        throw new ApiError(400, 'PGRST102', 'All object keys must match');
      }
      return insertStatement(ctx.schema(), c.req.param('table'), rows as Record<string, unknown>[], {
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
      if (!isRow(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
      return updateStatement(ctx.schema(), c.req.param('table'), body as Record<string, unknown>, {
        representation: prefs.representation,
        query,
      });
    }),
  );

  app.delete('/:table', (c) =>
    write(c, (query, prefs) =>
      deleteStatement(ctx.schema(), c.req.param('table'), { representation: prefs.representation, query }),
    ),
  );
}
