// Storage that cannot be filled or turned against a browser: each top-level folder of animal-photos holds
// at most 8 files whoever counts the rows, uploads racing for the last place never exceed it, the bytes
// must be the image they claim to be, and every answer tells browsers not to guess another type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

const BUCKET = 'animal-photos';
const FOLDER_CAP = 8;

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [4, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );
const image = (signature: number[], type: string, marker = 0) =>
  new Blob([new Uint8Array([...signature, marker, 0, 0, 0])], { type });

const newAnimal = async (client = owner.client) => (await stack.activatedAnimal(client)).animalId;

const publicUrl = (path: string) => stack.client().storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
const token = () => accessToken(owner.client);

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('caps');
});
afterAll(() => stack?.close());

describe(`each top-level folder of ${BUCKET} holds at most ${FOLDER_CAP} files`, () => {
  it('counts the files of an animal’s folder, not its animal_photos rows: the 9th is refused as Storage answers a 42501 from SQL (AccessDenied 403, the database’s message) and not stored', async () => {
    const animalId = await newAnimal();
    for (let i = 0; i < FOLDER_CAP; i += 1) {
      const { error } = await owner.client.storage
        .from(BUCKET)
        .upload(`${animalId}/${i}.jpg`, image(JPEG, 'image/jpeg'));
      expect(error).toBeNull();
    }
    for (const path of [`${animalId}/extra.jpg`, `${animalId}/deeper/extra.jpg`]) {
      const { error } = await owner.client.storage.from(BUCKET).upload(path, image(JPEG, 'image/jpeg'));
      expect(error).toMatchObject({
        status: 400,
        statusCode: '403',
        message: `The folder ${animalId}/ already holds ${FOLDER_CAP} files, the most it may hold`,
      });
      expect((await fetch(publicUrl(path))).status).toBe(400);
    }
    expect((await owner.client.storage.from(BUCKET).list(animalId)).data).toHaveLength(FOLDER_CAP);
  });

  it(`caps the owner’s own staging folder ({user_id}/) at ${FOLDER_CAP} files too`, async () => {
    const results = [];
    for (let i = 0; i <= FOLDER_CAP; i += 1) {
      results.push(
        await owner.client.storage.from(BUCKET).upload(`${owner.userId}/staged-${i}.png`, image(PNG, 'image/png')),
      );
    }
    expect(results.filter((result) => result.error === null)).toHaveLength(FOLDER_CAP);
    expect(results.at(-1)?.error).toMatchObject({ statusCode: '403' });
  });

  it('still lets a full folder replace one of its files (upsert) and take a new one once a file is removed', async () => {
    const animalId = await newAnimal();
    for (let i = 0; i < FOLDER_CAP; i += 1) {
      await owner.client.storage.from(BUCKET).upload(`${animalId}/${i}.jpg`, image(JPEG, 'image/jpeg', 1));
    }
    const replaced = await owner.client.storage
      .from(BUCKET)
      .upload(`${animalId}/0.jpg`, image(JPEG, 'image/jpeg', 2), { upsert: true });
    expect(replaced.error).toBeNull();
    expect([...new Uint8Array(await (await fetch(publicUrl(`${animalId}/0.jpg`))).arrayBuffer())][4]).toBe(2);

    await owner.client.storage.from(BUCKET).remove([`${animalId}/1.jpg`]);
    const next = await owner.client.storage.from(BUCKET).upload(`${animalId}/new.jpg`, image(JPEG, 'image/jpeg'));
    expect(next.error).toBeNull();
  });

  it('lets uploads racing for the last places never exceed the cap: a trigger locks the folder while counting (Storage writes the final row as its own role, past the policies)', async () => {
    const animalId = await newAnimal();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.client.storage.from(BUCKET).upload(`${animalId}/race-${i}.jpg`, image(JPEG, 'image/jpeg')),
      ),
    );
    expect(results.filter((result) => result.error === null)).toHaveLength(FOLDER_CAP);
    expect(results.filter((result) => result.error !== null).map((result) => result.error?.message)).toEqual(
      Array(20 - FOLDER_CAP).fill(`The folder ${animalId}/ already holds ${FOLDER_CAP} files, the most it may hold`),
    );
    expect((await owner.client.storage.from(BUCKET).list(animalId)).data).toHaveLength(FOLDER_CAP);
  });
});

describe('the bytes must be the declared image (stricter than Storage, which trusts the declared type)', () => {
  it('refuses a page or a script declared as image/png with Storage’s InvalidMimeType (415) naming the mismatch, and stores nothing', async () => {
    // A folder with room: the policies and the folder's cap answer first, before the body is read (canUpload).
    const folder = await newAnimal();
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    for (const [path, body, type, message] of [
      [`${folder}/page.png`, html, 'image/png', 'The file is not image/png: its first bytes are not a PNG image'],
      [
        `${folder}/jpeg.png`,
        new Uint8Array([...JPEG, 0, 0]),
        'image/png',
        'The file is not image/png: it is image/jpeg',
      ],
      [
        `${folder}/riff.webp`,
        new Uint8Array([...'RIFF....AVI '].map((c) => c.charCodeAt(0))),
        'image/webp',
        'The file is not image/webp: its first bytes are not a WebP image',
      ],
      [
        `${folder}/empty.jpg`,
        new Uint8Array(),
        'image/jpeg',
        'The file is not image/jpeg: its first bytes are not a JPEG image',
      ],
    ] as const) {
      const asBlob = await owner.client.storage.from(BUCKET).upload(path, new Blob([body], { type }));
      const asRaw = await owner.client.storage
        .from(BUCKET)
        .upload(path, body.buffer as ArrayBuffer, { contentType: type });
      for (const { error } of [asBlob, asRaw]) {
        expect(error).toMatchObject({ status: 400, statusCode: '415', message });
      }
      expect((await fetch(publicUrl(path))).status).toBe(400);
    }
  });

  it('accepts JPEG, PNG and WebP files whose first bytes are their signatures', async () => {
    const animalId = await newAnimal();
    for (const [name, signature, type] of [
      ['a.jpg', JPEG, 'image/jpeg'],
      ['b.png', PNG, 'image/png'],
      ['c.webp', WEBP, 'image/webp'],
    ] as const) {
      const { error } = await owner.client.storage.from(BUCKET).upload(`${animalId}/${name}`, image(signature, type));
      expect(error).toBeNull();
    }
  });
});

describe('every download answer says X-Content-Type-Options: nosniff', () => {
  it('on public, authenticated and resized downloads, a 304 and a 404', async () => {
    const animalId = await newAnimal();
    const path = `${animalId}/sniff.png`;
    await owner.client.storage.from(BUCKET).upload(path, image(PNG, 'image/png'));
    const bearer = { authorization: `Bearer ${await token()}`, apikey: stack.anonKey };
    const found = await fetch(publicUrl(path));
    const answers = [
      found,
      await fetch(`${stack.url}/storage/v1/object/authenticated/${BUCKET}/${path}`, { headers: bearer }),
      await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${path}`, { headers: bearer }),
      await fetch(publicUrl(path), { headers: { 'if-none-match': found.headers.get('etag') ?? '' } }),
      await fetch(publicUrl(`${animalId}/missing.png`)),
      await fetch(
        stack
          .client()
          .storage.from(BUCKET)
          .getPublicUrl(`${animalId}/missing.png`, { transform: { width: 10 } }).data.publicUrl,
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 304, 400, 400]);
    expect(answers.map((answer) => answer.headers.get('x-content-type-options'))).toEqual(Array(6).fill('nosniff'));
  });
});
