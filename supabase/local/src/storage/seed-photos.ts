import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../database/index.ts';
import type { FileStore } from './files.ts';

const SEED_PHOTOS = fileURLToPath(new URL('../../../seed-photos/', import.meta.url));

/**
 * Stores the bytes of the objects that seed.sql declares: each file of supabase/seed-photos/{bucket}/{name}
 * whose row exists and whose bytes are not stored yet (a fresh database, or a fresh data folder beside an
 * already seeded PostgreSQL), with the metadata Storage would have written on upload.
 */
export async function storeSeedPhotos(db: Queryable, files: FileStore): Promise<void> {
  const paths = (await readdir(SEED_PHOTOS, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  for (const path of paths) {
    const [bucket = '', ...rest] = relative(SEED_PHOTOS, path).split(sep);
    const name = rest.join('/');
    const declared = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
    if (declared.rowCount === 0 || (await files.exists(bucket, name))) continue;
    const bytes = new Uint8Array(await readFile(path));
    const staged = await files.stage(bucket, name, bytes);
    try {
      await db.query(
        `update storage.objects set metadata = coalesce(metadata, '{}') || $3::jsonb where bucket_id = $1 and name = $2`,
        [
          bucket,
          name,
          JSON.stringify({
            eTag: staged.eTag,
            size: bytes.byteLength,
            contentLength: bytes.byteLength,
            cacheControl: 'max-age=3600',
          }),
        ],
      );
      await staged.commit();
    } finally {
      await staged.discard();
    }
  }
}
