import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploads are written before they take their place. `~` is in no bucket name (Storage's bucket name
 * rule), so this folder never meets a bucket's, and a refused upload creates nothing among the objects.
 */
const STAGING = '~staging';
/** The staging files of the older layout, written beside the objects: `.upload-{uuid}`. */
const OLD_STAGED = /^\.upload-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The bytes of storage objects on disk, one file per object under `root/{bucket}/{name}`. */
export function fileStore(root: string) {
  const base = resolve(root);
  const staging = join(base, STAGING);

  function pathOf(bucket: string, name: string): string {
    const path = resolve(base, bucket, name);
    // Keys are validated before this, so this only guards against a mistake elsewhere.
    if (!path.startsWith(base + sep) || bucket === STAGING) {
      throw new Error(`object path escapes the storage folder: ${bucket}/${name}`);
    }
    return path;
  }

  return {
    /**
     * Writes the bytes durably in the staging folder; `commit` moves them to their place (creating its
     * folder only then), `discard` drops them. Call `discard` once the request is over, whatever happened:
     * after a commit it does nothing.
     */
    async stage(bucket: string, name: string, bytes: Uint8Array) {
      const final = pathOf(bucket, name);
      const staged = join(staging, randomUUID());
      await mkdir(staging, { recursive: true });
      try {
        const handle = await open(staged, 'w');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch (error) {
        await rm(staged, { force: true });
        throw error;
      }
      return {
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        async commit() {
          await mkdir(dirname(final), { recursive: true });
          await rename(staged, final);
        },
        discard: () => rm(staged, { force: true }),
      };
    },
    /**
     * Removes what a run that died mid-upload left: the staging folder's files, and the older layout's
     * `.upload-*` files beside the objects. For when the store opens, before any upload: one stack per
     * data folder.
     */
    async sweepStaging(): Promise<void> {
      await rm(staging, { recursive: true, force: true });
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      await Promise.all(
        entries
          .filter((entry) => entry.isFile() && OLD_STAGED.test(entry.name))
          .map((entry) => rm(join(entry.parentPath, entry.name), { force: true })),
      );
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
