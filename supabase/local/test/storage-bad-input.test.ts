// Bad input is the caller's mistake, answered with a 4xx that says what is wrong, never a 500: the list
// body as Storage's schema checks it, and object paths that cannot be decoded or hold characters no key has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let animalId: string;
let headers: Record<string, string>;

const BUCKET = 'animal-photos';

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('bad-input');
  ({ animalId } = await stack.activatedAnimal(owner.client));
  for (const name of ['listed.jpg', 'z.jpg']) {
    await owner.client.storage
      .from(BUCKET)
      .upload(`${animalId}/${name}`, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }));
  }
  headers = {
    apikey: stack.anonKey,
    authorization: `Bearer ${(await owner.client.auth.getSession()).data.session?.access_token}`,
  };
});
afterAll(() => stack?.close());

const list = (body: string) =>
  fetch(`${stack.url}/storage/v1/object/list/${BUCKET}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });

describe('listing validates its body as Storage’s listObjects schema does (prefix: string, required; limit: integer >= 1; offset: integer >= 0), without type coercion, within int', () => {
  it.each([
    [{ prefix: 'folder', limit: -1 }, 'body/limit must be >= 1'],
    [{ prefix: 'folder', limit: 0 }, 'body/limit must be >= 1'],
    [{ prefix: 'folder', limit: 'ten' }, 'body/limit must be integer'],
    [{ prefix: 'folder', limit: 1.5 }, 'body/limit must be integer'],
    [{ prefix: 'folder', limit: 1e12 }, 'body/limit must be <= 2147483647'],
    [{ prefix: 'folder', offset: -1 }, 'body/offset must be >= 0'],
    [{ prefix: 'folder', offset: 'x' }, 'body/offset must be integer'],
    [{ prefix: 'folder', offset: 1e20 }, 'body/offset must be <= 2147483647'],
    [{ prefix: 12 }, 'body/prefix must be string'],
    [{ prefix: { $ne: '' } }, 'body/prefix must be string'],
    [{ prefix: 'a\u0000b' }, 'body/prefix must not contain the NUL character'],
    [{ limit: 10 }, "body must have required property 'prefix'"],
    [['folder'], 'body must be object'],
    [{ prefix: 'folder', sortBy: { column: 'size' } }, 'body/sortBy/column must be equal to one of the allowed values'],
    [
      { prefix: 'folder', sortBy: { column: 'name', order: 'up' } },
      'body/sortBy/order must be equal to one of the allowed values',
    ],
    [
      { prefix: 'folder', sortBy: { column: 'created_at' } },
      'sortBy.column created_at is not supported by the local stack (only name)',
    ],
    [{ prefix: 'folder', search: 'rex' }, 'search is not supported by the local stack'],
  ])('refuses %j with 400: %s', async (body, message) => {
    const response = await list(JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '400', error: 'Error', code: 'InvalidRequest', message });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await list('{"prefix":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });

  it('still lists what supabase-js asks, and takes any limit up to 2147483647 (storage.search lists at most 1500)', async () => {
    const { data, error } = await owner.client.storage.from(BUCKET).list(animalId, { limit: 100, offset: 0 });
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(['listed.jpg', 'z.jpg']);
    const reversed = await owner.client.storage
      .from(BUCKET)
      .list(animalId, { sortBy: { column: 'name', order: 'desc' } });
    expect(reversed.data?.map((entry) => entry.name)).toEqual(['z.jpg', 'listed.jpg']);
    const large = await list(JSON.stringify({ prefix: 'folder', limit: 2147483647, offset: 0 }));
    expect(large.status).toBe(200);
  });
});

describe('object paths that cannot be decoded, or hold a NUL, are refused with 400', () => {
  const routes = (name: string) => [
    `/storage/v1/object/public/${BUCKET}/${animalId}/${name}`,
    `/storage/v1/object/authenticated/${BUCKET}/${animalId}/${name}`,
    `/storage/v1/object/${BUCKET}/${animalId}/${name}`,
    `/storage/v1/render/image/public/${BUCKET}/${animalId}/${name}?width=10`,
  ];

  it('answers malformed percent-encoding as Fastify does for Storage: “… is not a valid url component”', async () => {
    for (const path of [...routes('%E0%A4%A'), ...routes('%')]) {
      const answer = await fetch(`${stack.url}${path}`, { headers });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: `'${path.replace('/storage/v1', '').split('?')[0]}' is not a valid url component`,
      });
    }
    const upload = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${animalId}/%E0%A4%A.jpg`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({
      error: 'Bad Request',
      message: expect.stringMatching(/url component$/),
    });
  });

  it('answers a name holding %00 with Storage’s InvalidKey (its key rule), for downloads as for uploads', async () => {
    for (const path of routes('listed.jpg%00.png')) {
      const answer = await fetch(`${stack.url}${path}`, { headers });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey', code: 'InvalidKey' });
    }
    const upload = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${animalId}/nul%00.jpg`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
  });

  it('answers removing a name that holds a NUL with InvalidKey, and removes nothing', async () => {
    const { error } = await owner.client.storage.from(BUCKET).remove([`${animalId}/listed.jpg`, `${animalId}/x\u0000`]);
    expect(error).toMatchObject({ status: 400, statusCode: '400', message: `Invalid key: ${animalId}/x\u0000` });
    expect((await owner.client.storage.from(BUCKET).list(animalId)).data?.map((entry) => entry.name)).toEqual([
      'listed.jpg',
      'z.jpg',
    ]);
  });
});

describe('an upload form’s cacheControl', () => {
  it('must be a number of seconds, as supabase-js sends it: a header-breaking value is a 400, and nothing is stored', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600\r\nSet-Cookie: stolen=1');
    form.append('', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }));
    const answer = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${animalId}/cache.jpg`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      statusCode: '400',
      message: 'cacheControl must be a number of seconds',
    });
    const download = await fetch(`${stack.url}/storage/v1/object/public/${BUCKET}/${animalId}/cache.jpg`);
    expect(download.status).toBe(400);
  });
});
