// What every /storage/v1 endpoint shares: the database, the file store, and running work as the caller
// so that the bucket's policies on storage.objects decide.
import type { Context } from 'hono';
import { actAs, type Database, type Queryable } from '../database/index.ts';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import { noSuchBucket, StorageError } from './errors.ts';
import type { FileStore } from './files.ts';

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
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

export type StorageContext = ReturnType<typeof storageContext>;

/**
 * The names Storage gives its operations (ROUTE_OPERATIONS, src/http/routes/operations.ts), set as
 * storage.operation in the caller's transaction (TenantConnection.setScope): a policy may tell a download
 * from the signing of a URL, which reads the same row.
 */
export type StorageOperation =
  | 'storage.object.get_authenticated'
  | 'storage.object.list'
  | 'storage.object.sign'
  | 'storage.object.sign_many'
  | 'storage.object.upload'
  | 'storage.object.upload_update'
  | 'storage.object.delete_many';

export function storageContext(db: Database, files: FileStore) {
  /** The caller's claims, with Storage's answers for a missing or bad token. */
  function requireCaller(c: Context<StackEnv>) {
    const caller = callerOf(c);
    if (!c.req.header('authorization') && !caller.keyStandsInForBearer) {
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
  async function asCaller<T>(
    c: Context<StackEnv>,
    operation: StorageOperation,
    work: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    const claims = requireCaller(c);
    try {
      return await db.transaction(async (tx) => {
        await actAs(tx, claims);
        await tx.query("select set_config('storage.operation', $1, true)", [operation]);
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

  return {
    db,
    files,
    requireCaller,
    asCaller,

    /**
     * Storage's `testPermission`: the work done as the caller, then rolled back, so that the policies and
     * triggers answer (with the errors `asCaller` gives) without anything being kept.
     */
    async tryAsCaller(
      c: Context<StackEnv>,
      operation: StorageOperation,
      work: (tx: Queryable) => Promise<unknown>,
    ): Promise<void> {
      const rolledBack = new Error('tried, rolled back');
      try {
        await asCaller(c, operation, async (tx) => {
          await work(tx);
          throw rolledBack;
        });
      } catch (error) {
        if (error !== rolledBack) throw error;
      }
    },

    async bucketOf(tx: Queryable, id: string): Promise<Bucket> {
      const found = await tx.query<Bucket>(
        'select id, public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
        [id],
      );
      const bucket = found.rows[0];
      if (!bucket) throw noSuchBucket();
      return bucket;
    },
  };
}
