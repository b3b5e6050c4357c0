// Uploads (POST, or PUT to replace), in Storage's order (fileUploadFromRequest, then Uploader.upload):
// everything that can be decided from the headers is decided before a byte of the body is read: the
// caller's token, the bucket, the key, the declared type and size against the bucket's limits, and whether
// the caller may write there at all (Storage's canUpload: the row's insert tried as the caller and rolled
// back). Only then is the body read, counted as it arrives and cut at the limit; the bytes are staged
// outside the objects' folders, the row written as the caller, and only then the bytes moved into place,
// so a refused request leaves nothing on disk.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import type { StorageContext } from './context.ts';
import { invalidRequest, notSupported, StorageError, tooLarge } from './errors.ts';
import { signatureMismatch } from './image-signature.ts';
import { checkUploadKey, objectNameOf } from './object-names.ts';

/** The largest object the API accepts at all, whatever the bucket says (Storage's global limit). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/**
 * What a multipart form may hold beside its file: boundaries, part headers and supabase-js's small fields
 * (`cacheControl`). The form is parsed once read, so its whole body is counted against the file's limit
 * plus this. Stricter than Storage, whose streaming parser counts the file alone: a form carrying more than
 * 64 KiB of other fields is refused as too large.
 */
const FORM_ALLOWANCE = 64 * 1024;

/** The largest body any Storage request may have: a form holding a file of the global limit. */
export const MAX_UPLOAD_BODY = GLOBAL_FILE_SIZE_LIMIT + FORM_ALLOWANCE;

const refuseMetadata = () => notSupported('User metadata on uploads (metadata, x-metadata)');
const invalidMimeType = (message: string) => new StorageError('415', 'invalid_mime_type', message, 'InvalidMimeType');

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mime.split('/');
  if (!type || subtype === undefined) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** The Content-Length the client declared, or null when it sends the body chunked (or says nothing usable). */
function declaredLength(c: Context): number | null {
  const header = c.req.header('content-length');
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/** The request's body as it arrives, refused with 413 as soon as it passes `limit` bytes: never held whole. */
async function* bodyUpTo(c: Context, limit: number): AsyncGenerator<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) return;
  // Read by hand: leaving a `for await` would cancel the stream, which tears the socket down before the
  // 413 can be sent.
  const reader = body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    if (received > limit) {
      reader.releaseLock();
      throw tooLarge();
    }
    yield value;
  }
}

/** The file, its type and cache rule from a multipart form read with a running count (Blob or File uploads). */
async function readForm(c: Context, contentType: string, limit: number) {
  // A request body's chunks are ArrayBuffer-backed (never shared memory), which Blob needs.
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of bodyUpTo(c, limit + FORM_ALLOWANCE)) chunks.push(chunk as Uint8Array<ArrayBuffer>);
  const form = await new Response(new Blob(chunks), { headers: { 'content-type': contentType } })
    .formData()
    .catch(() => {
      throw invalidRequest('The multipart form could not be read');
    });
  if (form.has('metadata')) throw refuseMetadata();
  const file = [...form.values()].find((value) => typeof value !== 'string') as Blob | undefined;
  if (!file) throw invalidRequest('No file found in the form');
  if (file.size > limit) throw tooLarge();
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

interface ObjectRow {
  bucketId: string;
  name: string;
  owner: string | null;
  metadata: Record<string, unknown>;
  version: string;
}

/** The row's insert (or, to replace, upsert) as the caller: the bucket's policies and triggers decide. */
async function insertObject(tx: Queryable, row: ObjectRow, upsert: boolean): Promise<string | undefined> {
  const written = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5)
     ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version, updated_at = now()' : ''}
     returning id`,
    [row.bucketId, row.name, row.owner, JSON.stringify(row.metadata), row.version],
  );
  return written.rows[0]?.id;
}

export async function upload(ctx: StorageContext, c: Context<StackEnv>, upsert: boolean) {
  const bucketId = c.req.param('bucket') as string;
  const name = objectNameOf(c);
  const claims = ctx.requireCaller(c);
  const bucket = await ctx.bucketOf(ctx.db, bucketId);
  if (c.req.header('x-metadata') !== undefined) throw refuseMetadata();
  await checkUploadKey(ctx.files, bucketId, name);
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const contentType = c.req.header('content-type') ?? 'application/octet-stream';
  const isForm = contentType.startsWith('multipart/form-data');
  const declared = declaredLength(c);
  // A raw body's type and length are its headers, checked as Storage checks them before the backend.
  if (!isForm && !mimeAllowed(contentType, bucket.allowed_mime_types)) {
    throw invalidMimeType(`mime type ${contentType} is not supported`);
  }
  if (declared !== null && declared > (isForm ? limit + FORM_ALLOWANCE : limit)) throw tooLarge();
  const owner = typeof claims.sub === 'string' ? claims.sub : null;
  // Storage names a PUT an update, a POST an upload (with x-upsert or not).
  const operation = c.req.method === 'PUT' ? 'storage.object.upload_update' : 'storage.object.upload';
  const row = { bucketId, name, owner, version: randomUUID() };
  // Storage's canUpload, with the metadata it knows before the body (a form's type comes with the form).
  await ctx.tryAsCaller(c, operation, (tx) =>
    insertObject(
      tx,
      { ...row, metadata: { ...(isForm ? {} : { mimetype: contentType }), contentLength: declared ?? undefined } },
      upsert,
    ),
  );

  let mime = contentType;
  let cacheControl = c.req.header('cache-control') ?? 'no-cache';
  let source: Uint8Array | AsyncIterable<Uint8Array> = bodyUpTo(c, limit);
  if (isForm) {
    const form = await readForm(c, contentType, limit);
    if (!mimeAllowed(form.mime, bucket.allowed_mime_types)) {
      throw invalidMimeType(`mime type ${form.mime} is not supported`);
    }
    ({ mime, cacheControl } = form);
    source = form.bytes;
  }
  const staged = await ctx.files.stage(bucketId, name, source, row.version);
  try {
    const mismatch = signatureMismatch(mime, staged.head);
    if (mismatch) throw invalidMimeType(mismatch);
    const metadata = {
      eTag: staged.eTag,
      size: staged.size,
      mimetype: mime,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: staged.size,
      httpStatusCode: 200,
    };
    const id = await ctx.asCaller(c, operation, (tx) => insertObject(tx, { ...row, metadata }, upsert));
    // The bytes take their place once the row has committed: a refused row leaves nothing, and a crash in
    // between leaves a staged file that the next start moves into place (recoverStaging).
    await staged.commit();
    return c.json({ Key: `${bucketId}/${name}`, Id: id });
  } finally {
    await staged.discard();
  }
}
