// POST /object/list/{bucket}: one level of a folder, as supabase-js's list() asks for it; the rows the
// caller's policies let them see, folders as entries without an id.
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { ObjectRow, StorageContext } from './context.ts';
import { invalidRequest } from './errors.ts';
import { parseListRequest } from './list-request.ts';

export function listRoutes(app: Hono<StackEnv>, ctx: StorageContext) {
  app.post('/object/list/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const input = parseListRequest(await c.req.text());
    if (typeof input === 'string') throw invalidRequest(input);
    const prefix = input.prefix ? `${input.prefix.replace(/\/$/, '')}/` : '';
    const rows = await ctx.asCaller(c, 'storage.object.list', async (tx) => {
      const found = await tx.query<ObjectRow>(
        `select * from storage.objects where bucket_id = $1 and starts_with(name, $2)
         order by name ${input.order === 'desc' ? 'desc' : 'asc'} limit $3 offset $4`,
        [bucketId, prefix, input.limit, input.offset],
      );
      return found.rows;
    });
    const entries = new Map<string, unknown>();
    for (const row of rows) {
      const [head = '', ...tail] = row.name.slice(prefix.length).split('/');
      entries.set(head, tail.length > 0 ? folderEntry(head) : objectEntry(head, row));
    }
    return c.json([...entries.values()]);
  });
}

const folderEntry = (name: string) => ({
  name,
  id: null,
  updated_at: null,
  created_at: null,
  last_accessed_at: null,
  metadata: null,
});

const objectEntry = (name: string, row: ObjectRow) => ({
  name,
  id: row.id,
  updated_at: row.updated_at,
  created_at: row.created_at,
  last_accessed_at: row.last_accessed_at,
  metadata: row.metadata,
});
