// /render/image/public: image transformations of a public bucket's objects (width, height, resize,
// quality, format), made with sharp where Storage uses imgproxy.
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { StorageContext } from './context.ts';
import { download } from './download.ts';
import { noSuchBucket, StorageError } from './errors.ts';
import { parseImageTransform } from './image-transform.ts';
import { downloadNameOf } from './object-names.ts';

export function renderRoutes(app: Hono<StackEnv>, ctx: StorageContext) {
  app.get('/render/image/public/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const bucket = await ctx.bucketOf(ctx.db, bucketId);
    if (!bucket.public) throw noSuchBucket();
    const transform = parseImageTransform(c.req.query());
    if (typeof transform === 'string') throw new StorageError('400', 'InvalidRequest', transform, 'InvalidRequest');
    return download(ctx, c, { bucketId, name: downloadNameOf(c), asCaller: false }, transform);
  });
}
