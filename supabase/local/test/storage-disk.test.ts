// What an upload leaves on disk: an accepted one its file and nothing else, a refused one nothing at all
// (no folder, no staging file), and a crashed run's staging files are swept when the file store opens.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/storage/files.ts';
import { startTestStack, type TestStack } from '../src/testing.ts';

let dataDir: string;
let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let other: Awaited<ReturnType<TestStack['signedInOwner']>>;

const BUCKET = 'animal-photos';
const jpeg = (size = 8) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new Blob([bytes], { type: 'image/jpeg' });
};

/** Every file and folder under a folder, as paths relative to it (folders end with a slash). */
async function tree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .map((entry) => relative(root, join(entry.parentPath, entry.name)) + (entry.isDirectory() ? '/' : ''))
    .sort();
}
/** The storage folder, but for the staging folder itself (its files, if any, are listed). */
const storageTree = async () => (await tree(join(dataDir, 'storage'))).filter((entry) => entry !== '~staging/');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-storage-disk-'));
  stack = await startTestStack({ dataDir });
  [owner, other] = await Promise.all([stack.signedInOwner('disk'), stack.signedInOwner('disk-other')]);
});
afterAll(async () => {
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newAnimal = async () => (await stack.activatedAnimal(owner.client)).animalId;

describe('uploads on disk', () => {
  it('an accepted upload leaves its file and nothing else: no staging file beside it', async () => {
    const animalId = await newAnimal();
    const before = await storageTree();
    const { error } = await owner.client.storage.from(BUCKET).upload(`${animalId}/kept.jpg`, jpeg());
    expect(error).toBeNull();
    const added = (await storageTree()).filter((entry) => !before.includes(entry));
    expect(added).toEqual(
      [`${BUCKET}/${animalId}/`, `${BUCKET}/${animalId}/kept.jpg`].filter((e) => !before.includes(e)),
    );
  });

  it('a refused upload leaves nothing: anonymous, another owner’s folder, wrong type, not an image, too large, bad key, full folder', async () => {
    const animalId = await newAnimal();
    const fresh = randomUUID();
    for (let i = 0; i < 8; i += 1) await owner.client.storage.from(BUCKET).upload(`${animalId}/full-${i}.jpg`, jpeg());
    const before = await storageTree();
    const session = (await owner.client.auth.getSession()).data.session;

    const refusals = [
      await stack.client().storage.from(BUCKET).upload(`${fresh}/anonymous.jpg`, jpeg()),
      await other.client.storage.from(BUCKET).upload(`${owner.userId}/intruder.jpg`, jpeg()),
      await other.client.storage.from(BUCKET).upload(`${fresh}/intruder.jpg`, jpeg()),
      await owner.client.storage
        .from(BUCKET)
        .upload(`${owner.userId}/x.gif`, new Blob(['GIF89a'], { type: 'image/gif' })),
      await owner.client.storage
        .from(BUCKET)
        .upload(`${owner.userId}/page.png`, new Blob(['<html>'], { type: 'image/png' })),
      await owner.client.storage.from(BUCKET).upload(`${owner.userId}/big.jpg`, jpeg(10 * 1024 * 1024 + 1)),
      await owner.client.storage.from(BUCKET).upload(`${animalId}/one-too-many.jpg`, jpeg()),
    ];
    const badKey = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${owner.userId}/..%2F..%2F..%2Fescape.jpg`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${session?.access_token}`,
        'content-type': 'image/jpeg',
      },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(badKey.status).toBe(400);

    expect(await storageTree()).toEqual(before);
    expect(await tree(dataDir)).not.toContain('escape.jpg');
    expect(refusals.map((result) => result.error?.statusCode)).toEqual([
      '403',
      '403',
      '403',
      '415',
      '415',
      '413',
      '403',
    ]);
  });
});

/** `{folder}/` then segments of at most 255 bytes, the last one `….jpg`, making `bytes` bytes in all. */
function nameOfBytes(folder: string, bytes: number, segment = 255): string {
  let name = `${folder}/`;
  while (bytes - name.length > segment) name += `${'d'.repeat(segment)}/`;
  return `${name}${'e'.repeat(bytes - name.length - 4)}.jpg`;
}

describe('object names', () => {
  const rowsNamed = async (names: string[]) =>
    (await stack.db.query('select name from storage.objects where bucket_id = $1 and name = any($2)', [BUCKET, names]))
      .rows;

  it('refuses a path segment over 255 bytes (what a Linux file name holds) with 400 InvalidKey before anything is written: no row, no file, and the folder still takes its 8 files', async () => {
    const animalId = await newAnimal();
    const before = await storageTree();
    const tooLong = `${animalId}/${'a'.repeat(252)}.jpg`;
    const { error } = await owner.client.storage.from(BUCKET).upload(tooLong, jpeg());
    expect(error).toMatchObject({ statusCode: '400', code: 'InvalidKey', message: `Invalid key: ${tooLong}` });
    expect(await storageTree()).toEqual(before);
    expect(await rowsNamed([tooLong])).toEqual([]);
    const eight = Array.from({ length: 8 }, (_, i) => `${animalId}/photo-${i}.jpg`);
    const uploads = await Promise.all(eight.map((name) => owner.client.storage.from(BUCKET).upload(name, jpeg())));
    expect(uploads.map((upload) => upload.error)).toEqual(eight.map(() => null));
  });

  it('refuses a name over 1024 bytes (S3’s key limit, where hosted Storage writes) with 400 InvalidKey, and takes one of 1024 bytes and a 255-byte segment', async () => {
    const animalId = await newAnimal();
    const before = await storageTree();
    const tooLong = nameOfBytes(animalId, 1025);
    const { error } = await owner.client.storage.from(BUCKET).upload(tooLong, jpeg());
    expect(error).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect(await storageTree()).toEqual(before);
    expect(await rowsNamed([tooLong])).toEqual([]);

    const longest = nameOfBytes(animalId, 1024);
    expect(Buffer.byteLength(longest)).toBe(1024);
    expect(longest.split('/').some((segment) => segment.length === 255)).toBe(true);
    expect((await owner.client.storage.from(BUCKET).upload(longest, jpeg())).error).toBeNull();
    const download = await fetch(`${stack.url}/storage/v1/object/public/${BUCKET}/${longest}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(8);
    expect((await owner.client.storage.from(BUCKET).remove([longest])).data).toHaveLength(1);
    expect(await rowsNamed([longest])).toEqual([]);
  });

  it('refuses, before anything is written, a name that would put a file where another object’s folder is, or a folder where another object is (S3 holds both; one disk cannot): 400 InvalidKey', async () => {
    const animalId = await newAnimal();
    const photos = owner.client.storage.from(BUCKET);
    expect((await photos.upload(`${animalId}/a.jpg`, jpeg())).error).toBeNull();
    expect((await photos.upload(`${animalId}/b.jpg/c.jpg`, jpeg())).error).toBeNull();
    const before = await storageTree();
    const clashing = [`${animalId}/a.jpg/inside.jpg`, `${animalId}/b.jpg`];
    for (const name of clashing) {
      const { error } = await photos.upload(name, jpeg());
      expect(error).toMatchObject({ statusCode: '400', code: 'InvalidKey', message: `Invalid key: ${name}` });
    }
    expect(await storageTree()).toEqual(before);
    expect(await rowsNamed(clashing)).toEqual([]);
    // Replacing an object keeps its place.
    expect((await photos.upload(`${animalId}/a.jpg`, jpeg(16), { upsert: true })).error).toBeNull();
  });

  it('downloads of names no upload could store are refused as their keys are: 400 InvalidKey, not 500', async () => {
    const animalId = await newAnimal();
    for (const name of [`${animalId}/${'a'.repeat(252)}.jpg`, nameOfBytes(animalId, 1025)]) {
      const download = await fetch(`${stack.url}/storage/v1/object/public/${BUCKET}/${name}`);
      expect(download.status).toBe(400);
      expect(await download.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
  });

  it('removes rows an older stack stored under names the disk cannot hold (their uploads failed after the row), instead of failing', async () => {
    const animalId = await newAnimal();
    const leftovers = [`${animalId}/${'a'.repeat(252)}.jpg`, `${animalId}/kept.jpg/inside.jpg`].sort();
    // Beside a photo of the folder: the disk then answers ENAMETOOLONG and ENOTDIR, not ENOENT for the folder.
    expect((await owner.client.storage.from(BUCKET).upload(`${animalId}/kept.jpg`, jpeg())).error).toBeNull();
    await stack.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       select $1, name, $3::uuid, $3, '{}' from unnest($2::text[]) name`,
      [BUCKET, leftovers, owner.userId],
    );
    const { data, error } = await owner.client.storage.from(BUCKET).remove(leftovers);
    expect(error).toBeNull();
    expect(data?.map((row) => row.name).sort()).toEqual(leftovers);
    expect(await rowsNamed(leftovers)).toEqual([]);
    expect((await owner.client.storage.from(BUCKET).download(`${animalId}/kept.jpg`)).error).toBeNull();
  });
});

describe('the staging of a crashed run', () => {
  it('moves a staged upload whose row committed into place, drops the others, and keeps stored objects', async () => {
    const root = await mkdtemp(join(tmpdir(), 'medaille-staging-'));
    try {
      const files = fileStore(root);
      const staged = await files.stage(BUCKET, 'animal/kept.jpg', new Uint8Array([1, 2, 3]));
      await staged.commit();
      // A run that died mid-upload: one upload whose row had committed, one whose row had not, and a file
      // of the older layout beside the objects.
      const committed = randomUUID();
      await files.stage(BUCKET, 'animal/committed.jpg', new Uint8Array([5]), committed);
      await files.stage(BUCKET, 'animal/lost.jpg', new Uint8Array([4]));
      await writeFile(join(root, BUCKET, 'animal', `.upload-${randomUUID()}`), 'partial');
      await mkdir(join(root, BUCKET, 'other'), { recursive: true });
      await writeFile(join(root, BUCKET, 'other', `.upload-${randomUUID()}`), 'partial');

      await fileStore(root).recoverStaging(async (version) =>
        version === committed ? { bucket: BUCKET, name: 'animal/committed.jpg' } : null,
      );

      expect((await tree(root)).filter((entry) => !entry.endsWith('/')).sort()).toEqual([
        `${BUCKET}/animal/committed.jpg`,
        `${BUCKET}/animal/kept.jpg`,
      ]);
      expect([...(await readFile(join(root, BUCKET, 'animal/kept.jpg')))]).toEqual([1, 2, 3]);
      expect([...(await readFile(join(root, BUCKET, 'animal/committed.jpg')))]).toEqual([5]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('recovers a store that holds nothing yet without failing', async () => {
    const root = join(await mkdtemp(join(tmpdir(), 'medaille-staging-')), 'never-created');
    await expect(fileStore(root).recoverStaging(async () => null)).resolves.toBeUndefined();
    await rm(join(root, '..'), { recursive: true, force: true });
  });
});
