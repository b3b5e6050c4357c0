// GET and HEAD /{table}: select with embedding, filters, order, limit and offset, exact counts.
import type { Context, Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { RestContext } from './context.ts';
import { preferencesOf } from './preferences.ts';
import { parseReadQuery } from './query.ts';
import { contentRange, rowsResponse, singleRowError, wantsObject } from './responses.ts';
import { readStatement } from './sql.ts';

export function readRoutes(app: Hono<StackEnv>, ctx: RestContext) {
  const read = (c: Context<StackEnv>) =>
    ctx.asCaller(c, async (tx) => {
      const prefs = preferencesOf(c, false);
      const query = parseReadQuery(new URL(c.req.url).searchParams);
      const statement = readStatement(ctx.schema(), c.req.param('table') as string, query);
      const result = await tx.query<{ body: string; page_count: number }>(statement.sql, statement.params);
      const { body, page_count: rows } = result.rows[0] ?? { body: '[]', page_count: 0 };
      if (wantsObject(c) && rows !== 1) throw singleRowError(rows);
      let total: number | null = null;
      if (prefs.count) {
        const counted = await tx.query<{ total: number }>(statement.countSql, statement.countParams);
        total = counted.rows[0]?.total ?? 0;
      }
      if (prefs.applied.length) c.header('Preference-Applied', prefs.applied.join(', '));
      const offset = query.offset ?? 0;
      const partial = total !== null && rows < total && (query.limit !== undefined || offset > 0);
      return rowsResponse(c, body, partial ? 206 : 200, contentRange(offset, rows, total));
    });

  app.get('/:table', read);
  app.on('HEAD', '/:table', read);
}
