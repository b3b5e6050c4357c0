// Serving an object's bytes with the headers Storage sends (ETag, Cache-Control, revalidation with
// If-None-Match), as stored or as a transformed image.
import type { Context } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { ObjectRow, StorageContext } from './context.ts';
import { noSuchKey, notSupported, StorageError } from './errors.ts';
import { type ImageTransform, outputFormat, transformImage } from './image-transform.ts';

/**
 * `asCaller`: look the row up under the caller's role (a private bucket), or not (a public one). `signed`: served
 * through a signed URL, with its expiry.
 */
export async function download(
  ctx: StorageContext,
  c: Context<StackEnv>,
  object: { bucketId: string; name: string; asCaller: boolean; signed?: { expires: string } },
  transform?: ImageTransform,
) {
  const attachment = c.req.query('download');
  if (attachment !== undefined && !object.signed) throw notSupported('Downloads as an attachment (?download)');
  const { bucketId, name } = object;
  const lookUp = 'select * from storage.objects where bucket_id = $1 and name = $2';
  const row = object.asCaller
    ? await ctx.asCaller(
        c,
        'storage.object.get_authenticated',
        async (tx) => (await tx.query<ObjectRow>(lookUp, [bucketId, name])).rows[0],
      )
    : (await ctx.db.query<ObjectRow>(lookUp, [bucketId, name])).rows[0];
  if (!row) throw noSuchKey();
  let bytes: Buffer;
  try {
    bytes = await ctx.files.read(bucketId, name);
  } catch {
    c.header('Cache-Control', 'no-store');
    throw new StorageError('404', 'Not found', 'The resource was not found', 'NoSuchKey');
  }
  const metadata = row.metadata ?? {};
  const cacheControl = String(metadata.cacheControl ?? 'no-cache');
  let mime = String(metadata.mimetype ?? 'application/octet-stream');
  let eTag = String(metadata.eTag ?? '');
  // A transformed image is another representation: its own type and ETag, varying with Accept (WebP or not).
  const format = transform ? outputFormat(mime, transform, c.req.header('accept')) : null;
  if (transform && format) {
    if (!mime.startsWith('image/')) throw new StorageError('400', 'InvalidRequest', 'Not an image', 'InvalidRequest');
    eTag = `"${eTag.replaceAll('"', '')}-${format}-${new URL(c.req.url).search.slice(1)}"`;
    c.header('Vary', 'Accept');
  }
  // Storage's renderer: a signed URL's answer carries its expiry instead of the object's Cache-Control.
  const caching: Record<string, string> = object.signed
    ? { Expires: object.signed.expires }
    : { 'Cache-Control': cacheControl };
  if (eTag && c.req.header('if-none-match') === eTag) return c.body(null, 304, { ETag: eTag, ...caching });
  if (transform && format) {
    bytes = await transformImage(bytes, transform, format);
    mime = `image/${format}`;
  }
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': mime.includes('text/html') ? 'text/plain' : mime,
    'Content-Length': String(bytes.byteLength),
    ETag: eTag,
    ...caching,
    ...(attachment !== undefined ? { 'Content-Disposition': contentDisposition(attachment) } : {}),
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'Accept-Ranges': 'bytes',
    'X-Robots-Tag': 'none',
  });
}

/** Storage's handleDownload: `?download` alone saves the object under its name, `?download=x` under x. */
function contentDisposition(filename: string): string {
  if (filename === '') return 'attachment;';
  const encoded = encodeURIComponent(filename);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}
