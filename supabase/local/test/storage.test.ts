import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let other: Awaited<ReturnType<TestStack['signedInOwner']>>;
let animalId: string;

const BUCKET = 'animal-photos';
// The smallest JPEG and PNG headers are enough: the stack checks the declared type and the file's signature,
// not the pixels.
const jpeg = (marker: number) =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, marker, 0xff, 0xd9])], { type: 'image/jpeg' });

beforeAll(async () => {
  stack = await startTestStack();
  [owner, other] = await Promise.all([stack.signedInOwner('owner'), stack.signedInOwner('other')]);
  ({ animalId } = await stack.activatedAnimal(owner.client));
});
afterAll(() => stack?.close());

async function publicBytes(client: SupabaseClient, path: string) {
  const { publicUrl } = client.storage.from(BUCKET).getPublicUrl(path).data;
  const response = await fetch(publicUrl);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('uploads', () => {
  it('store an owner’s photo in the animal’s folder, downloadable by anyone from its public URL', async () => {
    const path = `${animalId}/${Date.now()}_0.jpg`;
    const { data, error } = await owner.client.storage.from(BUCKET).upload(path, jpeg(1), { cacheControl: '3600' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const { response, bytes } = await publicBytes(stack.client(), path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect([...bytes]).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 0xff, 0xd9]);
  });

  it('accept a raw body with its content type, and replace an object only with upsert', async () => {
    const path = `${owner.userId}/${animalId}.png`;
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const png = new Uint8Array([...signature, 1]);
    const first = await owner.client.storage.from(BUCKET).upload(path, png.buffer, { contentType: 'image/png' });
    expect(first.error).toBeNull();
    const again = await owner.client.storage.from(BUCKET).upload(path, png.buffer, { contentType: 'image/png' });
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    const replaced = await owner.client.storage
      .from(BUCKET)
      .upload(path, new Uint8Array([...signature, 2]).buffer, { contentType: 'image/png', upsert: true });
    expect(replaced.error).toBeNull();
    expect([...(await publicBytes(stack.client(), path)).bytes]).toEqual([...signature, 2]);
  });

  it('refuse writes in another owner’s folders, and from anonymous callers', async () => {
    for (const [client, path] of [
      [other.client, `${animalId}/intrus.jpg`],
      [other.client, `${owner.userId}/intrus.jpg`],
      [stack.client(), `${animalId}/anonyme.jpg`],
    ] as const) {
      const { error } = await client.storage.from(BUCKET).upload(path, jpeg(2));
      expect(error).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      expect((await publicBytes(stack.client(), path)).response.status).toBe(400);
    }
  });

  it('enforce the bucket’s types and its 10 MB limit', async () => {
    const gif = await owner.client.storage
      .from(BUCKET)
      .upload(`${animalId}/x.gif`, new Blob([new Uint8Array([0x47, 0x49, 0x46])], { type: 'image/gif' }));
    expect(gif.error).toMatchObject({ statusCode: '415', message: 'mime type image/gif is not supported' });
    const big = await owner.client.storage
      .from(BUCKET)
      .upload(`${animalId}/big.jpg`, new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/jpeg' }));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const tenMegabytes = new Uint8Array(10 * 1024 * 1024);
    tenMegabytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const exact = await owner.client.storage
      .from(BUCKET)
      .upload(`${animalId}/exact.jpg`, new Blob([tenMegabytes], { type: 'image/jpeg' }));
    expect(exact.error).toBeNull();
  });

  it('refuse keys that would climb out of the bucket', async () => {
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const response = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${animalId}/..%2F..%2F..%2Fescape.jpg`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array([0xff, 0xd8]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
  });

  it('need an Authorization header', async () => {
    const response = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${animalId}/x.jpg`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'image/jpeg' },
      body: new Uint8Array([0xff]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'InvalidRequest' });
  });
});

describe('removal and listing', () => {
  it('remove only what the caller owns, files included', async () => {
    const path = `${animalId}/to-remove.jpg`;
    await owner.client.storage.from(BUCKET).upload(path, jpeg(3));

    const theirs = await other.client.storage.from(BUCKET).remove([path]);
    expect(theirs).toMatchObject({ data: [], error: null });
    expect((await publicBytes(stack.client(), path)).response.status).toBe(200);

    const mine = await owner.client.storage.from(BUCKET).remove([path, `${animalId}/never-existed.jpg`]);
    expect(mine.data?.map((row) => row.name)).toEqual([path]);
    const gone = await publicBytes(stack.client(), path);
    expect(gone.response.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(gone.bytes))).toMatchObject({ statusCode: '404', error: 'not_found' });
  });

  it('lists an owner’s folder for the owner and nothing for anyone else', async () => {
    await owner.client.storage.from(BUCKET).upload(`${animalId}/listed.jpg`, jpeg(4));
    const mine = await owner.client.storage.from(BUCKET).list(animalId);
    expect(mine.data?.map((entry) => entry.name)).toContain('listed.jpg');
    const anonymous = await stack.client().storage.from(BUCKET).list(animalId);
    expect(anonymous.data).toEqual([]);
    const theirs = await other.client.storage.from(BUCKET).list(animalId);
    expect(theirs.data).toEqual([]);
  });
});

describe('image transformations', () => {
  let path: string;
  beforeAll(async () => {
    // A real 1000 × 600 photo: the transformations read the pixels.
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    path = `${animalId}/${Date.now()}_transform.png`;
    const { error } = await owner.client.storage
      .from(BUCKET)
      .upload(path, new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect(error).toBeNull();
  });

  const render = (transform: Record<string, unknown>, accept = 'image/avif,image/webp,*/*') =>
    fetch(stack.client().storage.from(BUCKET).getPublicUrl(path, { transform }).data.publicUrl, {
      headers: { accept },
    });

  it('resize a public photo to the asked width, keeping its proportions, as WebP for a browser that takes it', async () => {
    const response = await render({ width: 300 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([image.format, image.width, image.height]).toEqual(['webp', 300, 180]);
  });

  it('keep the original type with format=origin or for a browser without WebP, and never enlarge', async () => {
    const origin = await sharp(
      Buffer.from(await (await render({ width: 2000, format: 'origin' })).arrayBuffer()),
    ).metadata();
    expect([origin.format, origin.width]).toEqual(['png', 1000]);
    const noWebp = await render({ width: 500 }, 'image/png,*/*');
    expect(noWebp.headers.get('content-type')).toBe('image/png');
  });

  it('refuse sizes and qualities out of range, and unknown files', async () => {
    for (const transform of [{ width: 12.5 }, { width: 3000 }, { width: 300, quality: 10 }]) {
      const response = await render(transform);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400' });
    }
    const missing = await fetch(
      stack
        .client()
        .storage.from(BUCKET)
        .getPublicUrl(`${animalId}/missing.png`, { transform: { width: 100 } }).data.publicUrl,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404' });
  });
});
