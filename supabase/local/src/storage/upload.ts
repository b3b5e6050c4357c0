// Uploads (POST, or PUT to replace): the bucket's type and size limits checked as Storage checks them,
// the bytes staged outside the objects' folders, the row written as the caller, and only then the bytes
// moved into place, so a refused request leaves nothing on disk.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { StorageContext } from './context.ts';
import { invalidRequest, notSupported, StorageError, tooLarge } from './errors.ts';
import { signatureMismatch } from './image-signature.ts';
import { checkKey, objectNameOf } from './object-names.ts';

/** The largest object the API accepts at all, whatever the bucket says (Storage's global limit). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mime.split('/');
  if (!type || subtype === undefined) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** The uploaded bytes, type and cache rule, from a multipart form (Blob/File) or a raw body. */
async function readUpload(c: Context) {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > GLOBAL_FILE_SIZE_LIMIT) throw tooLarge();
  const contentType = c.req.header('content-type') ?? 'application/octet-stream';
  const refuseMetadata = () => notSupported('User metadata on uploads (metadata, x-metadata)');
  if (c.req.header('x-metadata') !== undefined) throw refuseMetadata();
  if (contentType.startsWith('multipart/form-data')) {
    const form = await c.req.formData();
    if (form.has('metadata')) throw refuseMetadata();
    const file = [...form.values()].find((value) => typeof value !== 'string') as Blob | undefined;
    if (!file) throw invalidRequest('No file found in the form');
    const cacheControl = form.get('cacheControl');
    // supabase-js sends seconds; anything else would end up, unchecked, in every download's headers.
    if (typeof cacheControl === 'string' && !/^\d{1,10}$/.test(cacheControl)) {
      throw invalidRequest('cacheControl must be a number of seconds');
    }
    const mime = form.get('contentType');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mime: typeof mime === 'string' && mime ? mime : file.type || 'application/octet-stream',
      cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
    };
  }
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    mime: contentType,
    cacheControl: c.req.header('cache-control') ?? 'no-cache',
  };
}

export async function upload(ctx: StorageContext, c: Context<StackEnv>, upsert: boolean) {
  const bucketId = c.req.param('bucket') as string;
  const name = objectNameOf(c);
  const claims = ctx.requireCaller(c);
  const bucket = await ctx.bucketOf(ctx.db, bucketId);
  const upload = await readUpload(c);
  if (!mimeAllowed(upload.mime, bucket.allowed_mime_types)) {
    throw new StorageError('415', 'invalid_mime_type', `mime type ${upload.mime} is not supported`, 'InvalidMimeType');
  }
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  if (upload.bytes.byteLength > limit) throw tooLarge();
  checkKey(name);
  const mismatch = signatureMismatch(upload.mime, upload.bytes);
  if (mismatch) throw new StorageError('415', 'invalid_mime_type', mismatch, 'InvalidMimeType');

  const version = randomUUID();
  const staged = await ctx.files.stage(bucketId, name, upload.bytes, version);
  const metadata = {
    eTag: staged.eTag,
    size: upload.bytes.byteLength,
    mimetype: upload.mime,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.bytes.byteLength,
    httpStatusCode: 200,
  };
  const owner = typeof claims.sub === 'string' ? claims.sub : null;
  try {
    const id = await ctx.asCaller(c, async (tx) => {
      const written = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5)
         ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version, updated_at = now()' : ''}
         returning id`,
        [bucketId, name, owner, JSON.stringify(metadata), version],
      );
      return written.rows[0]?.id;
    });
    // The bytes take their place once the row has committed: a refused row leaves nothing, and a crash in
    // between leaves a staged file that the next start moves into place (recoverStaging).
    await staged.commit();
    return c.json({ Key: `${bucketId}/${name}`, Id: id });
  } finally {
    await staged.discard();
  }
}
