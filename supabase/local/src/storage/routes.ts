// /storage/v1: Supabase Storage's behaviour for the calls the product makes: upload (POST, or PUT to
// replace), remove, list, and downloads. Rows in storage.objects are written under the caller's role,
// so the bucket's policies decide; the bucket's size and type limits are enforced here as Storage does.
// A refused request leaves nothing on disk: bytes are staged outside the objects' folders and move into
// place only once the row is written.
import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { routePath } from 'hono/route';
import { actAs, type Database, type Queryable } from '../database/index.ts';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import type { FileStore } from './files.ts';
import { signatureMismatch } from './image-signature.ts';
import { type ImageTransform, outputFormat, parseImageTransform, transformImage } from './image-transform.ts';
import { parseListRequest } from './list-request.ts';

/** Storage answers almost every error with HTTP 400 and the real status inside the body. */
class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly code: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

/**
 * A path that cannot be percent-decoded. Storage's router (Fastify) answers it before any route runs,
 * with its own body: `{"error":"Bad Request","message":"'{path}' is not a valid url component","statusCode":400}`.
 */
class BadUrl extends Error {}

const noSuchBucket = () => new StorageError('404', 'Bucket not found', 'Bucket not found', 'NoSuchBucket');
const noSuchKey = () => new StorageError('404', 'not_found', 'Object not found', 'NoSuchKey');
const tooLarge = () =>
  new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size', 'EntityTooLarge');

/** Storage's key rule, plus no empty or dot segments: a key never leaves its bucket's folder. */
const KEY_FORMAT = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
function checkKey(name: string) {
  const segments = name.split('/');
  if (!KEY_FORMAT.test(name) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new StorageError('400', 'InvalidKey', `Invalid key: ${name}`, 'InvalidKey');
  }
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mime.split('/');
  if (!type || subtype === undefined) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** The largest object the API accepts at all, whatever the bucket says (Storage's global limit). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export function storageRoutes(db: Database, files: FileStore) {
  const app = new Hono<StackEnv>();

  // Every answer, object or error: a browser never takes stored bytes for another type than the one sent.
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  app.onError((error, c) => {
    if (error instanceof BadUrl) {
      return c.json({ error: 'Bad Request', message: error.message, statusCode: 400 }, 400);
    }
    if (error instanceof StorageError) {
      return c.json(
        { statusCode: error.statusCode, error: error.error, message: error.message, code: error.code },
        error.httpStatus as 400,
      );
    }
    console.error('[storage]', c.req.method, c.req.path, error);
    return c.json(
      { statusCode: '500', error: 'internal', message: 'Internal Server Error', code: 'InternalError' },
      500,
    );
  });

  async function bucketOf(tx: Queryable, id: string): Promise<Bucket> {
    const found = await tx.query<Bucket>(
      'select id, public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    const bucket = found.rows[0];
    if (!bucket) throw noSuchBucket();
    return bucket;
  }

  /** The caller's claims, with Storage's answers for a missing or bad token. */
  function requireCaller(c: Context<StackEnv>) {
    const caller = callerOf(c);
    if (!c.req.header('authorization')) {
      throw new StorageError('400', 'Error', "headers must have required property 'authorization'", 'InvalidRequest');
    }
    if (caller.tokenError) {
      const message = caller.tokenError.expired
        ? '"exp" claim timestamp check failed'
        : 'signature verification failed';
      throw new StorageError('403', 'Unauthorized', message, 'AccessDenied');
    }
    return caller.claims;
  }

  /** Runs work in one transaction as the caller, turning policy and key errors into Storage's. */
  async function asCaller<T>(c: Context<StackEnv>, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const claims = requireCaller(c);
    try {
      return await db.transaction(async (tx) => {
        await actAs(tx, claims);
        return work(tx);
      });
    } catch (error) {
      const e = error as { code?: string; message?: string };
      // As Storage maps it: a policy's refusal gets the generic message, a trigger's keeps its own.
      if (e.code === '42501') {
        const message = e.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : (e.message ?? 'Access denied');
        throw new StorageError('403', 'Unauthorized', message, 'AccessDenied');
      }
      if (e.code === '23505')
        throw new StorageError('409', 'Duplicate', 'The resource already exists', 'KeyAlreadyExists');
      throw error;
    }
  }

  /** The uploaded bytes, type and cache rule, from a multipart form (Blob/File) or a raw body. */
  async function readUpload(c: Context) {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > GLOBAL_FILE_SIZE_LIMIT) throw tooLarge();
    const contentType = c.req.header('content-type') ?? 'application/octet-stream';
    if (contentType.startsWith('multipart/form-data')) {
      const form = await c.req.formData();
      const file = [...form.values()].find((value) => typeof value !== 'string') as Blob | undefined;
      if (!file) throw new StorageError('400', 'Error', 'No file found in the form', 'InvalidRequest');
      const cacheControl = form.get('cacheControl');
      // supabase-js sends seconds; anything else would end up, unchecked, in every download's headers.
      if (typeof cacheControl === 'string' && !/^\d{1,10}$/.test(cacheControl)) {
        throw new StorageError('400', 'Error', 'cacheControl must be a number of seconds', 'InvalidRequest');
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

  /**
   * The object's name: the rest of the path as sent, decoded once, as Storage's router decodes it (the
   * route's own segments, such as the bucket, come first).
   */
  function objectNameOf(c: Context): string {
    const path = new URL(c.req.url).pathname;
    const encoded = path
      .split('/')
      .slice(routePath(c).split('/').length - 1)
      .join('/');
    try {
      return decodeURIComponent(encoded);
    } catch {
      throw new BadUrl(`'${path.replace(/^\/storage\/v1/, '')}' is not a valid url component`);
    }
  }

  async function upload(c: Context<StackEnv>, upsert: boolean) {
    const bucketId = c.req.param('bucket') as string;
    const name = objectNameOf(c);
    const claims = requireCaller(c);
    const bucket = await bucketOf(db, bucketId);
    const upload = await readUpload(c);
    if (!mimeAllowed(upload.mime, bucket.allowed_mime_types)) {
      throw new StorageError(
        '415',
        'invalid_mime_type',
        `mime type ${upload.mime} is not supported`,
        'InvalidMimeType',
      );
    }
    const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
    if (upload.bytes.byteLength > limit) throw tooLarge();
    checkKey(name);
    const mismatch = signatureMismatch(upload.mime, upload.bytes);
    if (mismatch) throw new StorageError('415', 'invalid_mime_type', mismatch, 'InvalidMimeType');

    const version = randomUUID();
    const staged = await files.stage(bucketId, name, upload.bytes, version);
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
      const id = await asCaller(c, async (tx) => {
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

  async function download(
    c: Context<StackEnv>,
    bucketId: string,
    name: string,
    asCallerLookup: boolean,
    transform?: ImageTransform,
  ) {
    let row: ObjectRow | undefined;
    if (asCallerLookup) {
      row = await asCaller(c, async (tx) => {
        const found = await tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [
          bucketId,
          name,
        ]);
        return found.rows[0];
      });
    } else {
      const found = await db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [
        bucketId,
        name,
      ]);
      row = found.rows[0];
    }
    if (!row) throw noSuchKey();
    let bytes: Buffer;
    try {
      bytes = await files.read(bucketId, name);
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
    if (eTag && c.req.header('if-none-match') === eTag)
      return c.body(null, 304, { ETag: eTag, 'Cache-Control': cacheControl });
    if (transform && format) {
      bytes = await transformImage(bytes, transform, format);
      mime = `image/${format}`;
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': mime.includes('text/html') ? 'text/plain' : mime,
      'Content-Length': String(bytes.byteLength),
      ETag: eTag,
      'Cache-Control': cacheControl,
      'Last-Modified': new Date(row.updated_at).toUTCString(),
      'Accept-Ranges': 'bytes',
      'X-Robots-Tag': 'none',
    });
  }

  /** A download's object name: one that no upload could have stored is refused as Storage refuses its key. */
  function downloadNameOf(c: Context): string {
    const name = objectNameOf(c);
    checkKey(name);
    return name;
  }

  app.get('/object/public/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const bucket = await bucketOf(db, bucketId);
    if (!bucket.public) throw noSuchBucket();
    return download(c, bucketId, downloadNameOf(c), false);
  });

  app.get('/render/image/public/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const bucket = await bucketOf(db, bucketId);
    if (!bucket.public) throw noSuchBucket();
    const transform = parseImageTransform(c.req.query());
    if (typeof transform === 'string') throw new StorageError('400', 'InvalidRequest', transform, 'InvalidRequest');
    return download(c, bucketId, downloadNameOf(c), false, transform);
  });

  const authenticatedDownload = async (c: Context<StackEnv>) => {
    // Storage verifies the caller's JWT on its authenticated routes, even for an object a public bucket
    // would serve on its public route: a forged token is refused, not ignored.
    requireCaller(c);
    const bucketId = c.req.param('bucket') as string;
    const name = downloadNameOf(c);
    const bucket = await bucketOf(db, bucketId);
    return download(c, bucketId, name, !bucket.public);
  };
  app.get('/object/authenticated/:bucket/*', authenticatedDownload);

  app.post('/object/list/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const input = parseListRequest(await c.req.text());
    if (typeof input === 'string') throw new StorageError('400', 'Error', input, 'InvalidRequest');
    const prefix = input.prefix ? `${input.prefix.replace(/\/$/, '')}/` : '';
    const rows = await asCaller(c, async (tx) => {
      const found = await tx.query<ObjectRow>(
        `select * from storage.objects where bucket_id = $1 and starts_with(name, $2)
         order by name ${input.order === 'desc' ? 'desc' : 'asc'} limit $3 offset $4`,
        [bucketId, prefix, input.limit, input.offset],
      );
      return found.rows;
    });
    const entries = new Map<string, unknown>();
    for (const row of rows) {
      const rest = row.name.slice(prefix.length);
      const [head = '', ...tail] = rest.split('/');
      if (tail.length > 0) {
        entries.set(head, {
          name: head,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      } else {
        entries.set(head, {
          name: head,
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        });
      }
    }
    return c.json([...entries.values()]);
  });

  app.get('/object/:bucket/*', authenticatedDownload);
  app.post('/object/:bucket/*', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/*', (c) => upload(c, true));

  app.delete('/object/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const input = (await c.req.json().catch(() => ({}))) as { prefixes?: unknown };
    const names = Array.isArray(input.prefixes) ? input.prefixes.filter((p): p is string => typeof p === 'string') : [];
    if (names.length === 0) {
      throw new StorageError('400', 'Error', 'body/prefixes must NOT have fewer than 1 items', 'InvalidRequest');
    }
    // No stored key holds a NUL, and no Postgres text can: refused as an invalid key, not a database error.
    const withNul = names.find((name) => name.includes('\u0000'));
    if (withNul !== undefined) throw new StorageError('400', 'InvalidKey', `Invalid key: ${withNul}`, 'InvalidKey');
    const removed = await asCaller(c, async (tx) => {
      const deleted = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1
           and name = any(array(select json_array_elements_text($2::json))) returning *`,
        [bucketId, JSON.stringify(names)],
      );
      return deleted.rows;
    });
    await Promise.all(removed.map((row) => files.remove(bucketId, row.name)));
    return c.json(removed.map((row) => ({ ...row, owner: row.owner ?? '', owner_id: row.owner_id ?? '' })));
  });

  app.all('*', () => {
    throw new StorageError('404', 'not_found', 'Route not found', 'NotFound');
  });

  return app;
}
