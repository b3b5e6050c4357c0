import { createHash, randomUUID } from 'node:crypto';
import { access, lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploads are written before they take their place. `~` is in no bucket name (Storage's bucket name
 * rule), so this folder never meets a bucket's, and a refused upload creates nothing among the objects.
 */
const STAGING = '~staging';
/** The staging files of the older layout, written beside the objects: `.upload-{uuid}`. */
const OLD_STAGED = /^\.upload-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How many of an object's first bytes `stage` keeps for the caller (image signatures need 12). */
const HEAD_BYTES = 16;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

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
     * Writes the bytes durably in the staging folder, under `version` (the object row's version, so that a
     * crash can be recovered from); `commit` moves them to their place (creating its folder only then),
     * `discard` drops them. Call `discard` once the request is over, whatever happened: after a commit it
     * does nothing. The bytes may come as a stream, written as they arrive: if it fails (a body cut at its
     * limit), nothing stays staged. `size` and `head` (the first bytes, for the type's signature) are what
     * was written.
     */
    async stage(
      bucket: string,
      name: string,
      source: Uint8Array | AsyncIterable<Uint8Array>,
      version: string = randomUUID(),
    ) {
      const final = pathOf(bucket, name);
      const staged = join(staging, version);
      await mkdir(staging, { recursive: true });
      const hash = createHash('md5');
      let size = 0;
      let head: Uint8Array = new Uint8Array();
      try {
        const handle = await open(staged, 'w');
        try {
          for await (const chunk of source instanceof Uint8Array ? [source] : source) {
            hash.update(chunk);
            if (head.byteLength < HEAD_BYTES) head = concat(head, chunk.subarray(0, HEAD_BYTES - head.byteLength));
            size += chunk.byteLength;
            await handle.writeFile(chunk);
          }
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch (error) {
        await rm(staged, { force: true });
        throw error;
      }
      return {
        eTag: `"${hash.digest('hex')}"`,
        size,
        head,
        async commit() {
          await mkdir(dirname(final), { recursive: true });
          await rename(staged, final);
        },
        discard: () => rm(staged, { force: true }),
      };
    },
    /**
     * Finishes what a run that died mid-upload left, before any upload (one stack per data folder): a staged
     * file whose row committed (`committedAs` finds it by version) takes its place, as the upload would have
     * done next; any other is dropped, as is every `.upload-*` file of the older layout beside the objects.
     */
    async recoverStaging(committedAs: (version: string) => Promise<{ bucket: string; name: string } | null>) {
      const left = await readdir(staging).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const version of left) {
        const object = await committedAs(version);
        if (!object) continue;
        const final = pathOf(object.bucket, object.name);
        await mkdir(dirname(final), { recursive: true });
        await rename(join(staging, version), final);
      }
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
    /**
     * Whether the disk can hold an object of this name beside those stored: not inside another object's
     * name (`a.jpg/b.jpg` beside `a.jpg`), nor where other objects' folder is (`a.jpg` beside `a.jpg/b.jpg`).
     * S3 holds both; here a file and a folder cannot share a path.
     */
    async canHold(bucket: string, name: string): Promise<boolean> {
      const kindOf = (path: string) =>
        lstat(path).then(
          (found) => (found.isDirectory() ? 'folder' : 'file'),
          () => null,
        );
      const final = pathOf(bucket, name);
      if ((await kindOf(final)) === 'folder') return false;
      for (let folder = dirname(final); folder.startsWith(base + sep); folder = dirname(folder)) {
        if ((await kindOf(folder)) === 'file') return false;
      }
      return true;
    },
    /**
     * Removes an object's bytes, if any. A name the disk cannot hold has none (a segment over 255 bytes, or
     * a path through another object's file, which uploads now refuse before writing): an older stack stored
     * its row and then failed on its file.
     */
    remove: (bucket: string, name: string) =>
      rm(pathOf(bucket, name), { force: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENAMETOOLONG' && error.code !== 'ENOTDIR') throw error;
      }),
  };
}

export type FileStore = ReturnType<typeof fileStore>;
