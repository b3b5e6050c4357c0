import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { StackConfig } from '../config.ts';
import type { Queryable } from '../database/index.ts';
import type { FileStore } from './files.ts';

const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Stores the files of config.toml's `objects_path` folders in their buckets, as the Supabase CLI's
 * `seed buckets` does: when the demo data is seeded, each file becomes an object (row and bytes); later,
 * on a fresh data folder beside an already seeded PostgreSQL, the bytes of existing rows are stored again.
 */
export async function storeSeedObjects(
  db: Queryable,
  files: FileStore,
  seedObjects: StackConfig['seedObjects'],
  seeding: boolean,
): Promise<void> {
  for (const { bucket, dir } of seedObjects) {
    const paths = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    for (const path of paths) {
      const name = relative(dir, path).split(sep).join('/');
      const declared = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        bucket,
        name,
      ]);
      if ((declared.rowCount === 0 && !seeding) || (await files.exists(bucket, name))) continue;
      const bytes = new Uint8Array(await readFile(path));
      const staged = await files.stage(bucket, name, bytes);
      try {
        const metadata = {
          eTag: staged.eTag,
          size: bytes.byteLength,
          mimetype: MIME_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream',
          contentLength: bytes.byteLength,
          cacheControl: 'max-age=3600',
        };
        await db.query(
          `insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3::jsonb)
           on conflict (bucket_id, name) do update set metadata = storage.objects.metadata || excluded.metadata`,
          [bucket, name, JSON.stringify(metadata)],
        );
        await staged.commit();
      } finally {
        await staged.discard();
      }
    }
  }
}
