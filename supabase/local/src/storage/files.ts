import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** The bytes of storage objects on disk, one file per object under `root/{bucket}/{name}`. */
export function fileStore(root: string) {
  function pathOf(bucket: string, name: string): string {
    const base = resolve(root);
    const path = resolve(base, bucket, name);
    // Keys are validated before this, so this only guards against a mistake elsewhere.
    if (!path.startsWith(base + sep)) throw new Error(`object path escapes the storage folder: ${bucket}/${name}`);
    return path;
  }

  return {
    /** Writes the bytes durably beside their final place; `commit` moves them in, `discard` drops them. */
    async stage(bucket: string, name: string, bytes: Uint8Array) {
      const final = pathOf(bucket, name);
      const staged = join(dirname(final), `.upload-${randomUUID()}`);
      await mkdir(dirname(final), { recursive: true });
      const handle = await open(staged, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return {
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        commit: () => rename(staged, final),
        discard: () => rm(staged, { force: true }),
      };
    },
    read: (bucket: string, name: string) => readFile(pathOf(bucket, name)),
    exists: (bucket: string, name: string) =>
      access(pathOf(bucket, name)).then(
        () => true,
        () => false,
      ),
    remove: (bucket: string, name: string) => rm(pathOf(bucket, name), { force: true }),
  };
}

export type FileStore = ReturnType<typeof fileStore>;
