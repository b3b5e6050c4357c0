// /storage/v1: Supabase Storage's behaviour for the calls the product makes: upload (POST, or PUT to
// replace), remove, list, downloads (through signed URLs too) and image transformations. Rows in
// storage.objects are written under the caller's role, so the bucket's policies decide; the bucket's size
// and type limits are enforced as Storage does. Each group of endpoints is a file of its own; this one puts
// them together.
import { Hono, type MiddlewareHandler } from 'hono';
import type { Database } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import { storageContext } from './context.ts';
import { errorResponse, StorageError, tooLarge } from './errors.ts';
import type { FileStore } from './files.ts';
import { listRoutes } from './list.ts';
import { objectRoutes } from './objects.ts';
import { renderRoutes } from './render.ts';
import { signedRoutes, type UrlSigning } from './signed.ts';
import { unsupportedRoutes } from './unsupported.ts';
import { GLOBAL_FILE_SIZE_LIMIT, MAX_UPLOAD_BODY } from './upload.ts';

export { GLOBAL_FILE_SIZE_LIMIT };

/**
 * Every body counted as it is read, never held to be measured first (hono's bodyLimit reads a chunked body
 * whole before the route runs): one declared or grown past `maxSize` is Storage's EntityTooLarge.
 */
function countBodies(maxSize: number): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxSize) throw tooLarge();
    const body = c.req.raw.body;
    if (!body || declared !== undefined) return next();
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxSize) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    return next();
  };
}

export function storageRoutes(db: Database, files: FileStore, signing: UrlSigning) {
  const app = new Hono<StackEnv>();
  const ctx = storageContext(db, files);

  // Every answer, object or error: a browser never takes stored bytes for another type than the one sent.
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.onError(errorResponse);
  app.use('*', countBodies(MAX_UPLOAD_BODY));

  unsupportedRoutes(app);
  renderRoutes(app, ctx);
  // Before the objects' routes too: /object/sign/{bucket}/... would otherwise be an upload to a bucket "sign".
  signedRoutes(app, ctx, signing);
  // Before the objects' routes: /object/list/{bucket} would otherwise be an upload to a bucket named "list".
  listRoutes(app, ctx);
  objectRoutes(app, ctx);

  app.all('*', () => {
    throw new StorageError('404', 'not_found', 'Route not found', 'NotFound');
  });

  return app;
}
