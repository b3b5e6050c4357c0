// /object: downloads (public, authenticated), uploads and removals.
import type { Context, Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { ObjectRow, StorageContext } from './context.ts';
import { download } from './download.ts';
import { invalidRequest, noSuchBucket, StorageError } from './errors.ts';
import { downloadNameOf } from './object-names.ts';
import { upload } from './upload.ts';

export function objectRoutes(app: Hono<StackEnv>, ctx: StorageContext) {
  app.get('/object/public/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const bucket = await ctx.bucketOf(ctx.db, bucketId);
    if (!bucket.public) throw noSuchBucket();
    return download(ctx, c, { bucketId, name: downloadNameOf(c), asCaller: false });
  });

  const authenticatedDownload = async (c: Context<StackEnv>) => {
    // Storage verifies the caller's JWT on its authenticated routes, even for an object a public bucket
    // would serve on its public route: a forged token is refused, not ignored.
    ctx.requireCaller(c);
    const bucketId = c.req.param('bucket') as string;
    const name = downloadNameOf(c);
    const bucket = await ctx.bucketOf(ctx.db, bucketId);
    return download(ctx, c, { bucketId, name, asCaller: !bucket.public });
  };
  app.get('/object/authenticated/:bucket/*', authenticatedDownload);
  app.get('/object/:bucket/*', authenticatedDownload);

  app.post('/object/:bucket/*', (c) => upload(ctx, c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/*', (c) => upload(ctx, c, true));

  app.delete('/object/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const input = (await c.req.json().catch(() => ({}))) as { prefixes?: unknown };
    const names = Array.isArray(input.prefixes) ? input.prefixes.filter((p): p is string => typeof p === 'string') : [];
    if (names.length === 0) throw invalidRequest('body/prefixes must NOT have fewer than 1 items');
    // No stored key holds a NUL, and no Postgres text can: refused as an invalid key, not a database error.
    const withNul = names.find((name) => name.includes('\u0000'));
    if (withNul !== undefined) throw new StorageError('400', 'InvalidKey', `Invalid key: ${withNul}`, 'InvalidKey');
    const removed = await ctx.asCaller(c, 'storage.object.delete_many', async (tx) => {
      // Storage's own deletes lift its refusal of direct deletes (protect_delete), for this transaction only.
      await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
      const deleted = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1
           and name = any(array(select json_array_elements_text($2::json))) returning *`,
        [bucketId, JSON.stringify(names)],
      );
      // The bytes go within the rows' transaction, as Storage's deleteObjects does: a file that cannot be
      // removed keeps every row of the request, for a later attempt, instead of leaving bytes no row names.
      const results = await Promise.allSettled(deleted.rows.map((row) => ctx.files.remove(bucketId, row.name)));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
      return deleted.rows;
    });
    return c.json(removed.map((row) => ({ ...row, owner: row.owner ?? '', owner_id: row.owner_id ?? '' })));
  });
}
