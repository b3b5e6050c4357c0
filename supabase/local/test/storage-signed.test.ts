// Signed download URLs, as Supabase Storage makes and serves them (supabase/storage: src/storage/object.ts's
// signObjectUrl, signObjectUrls and verifyObjectSignature; src/http/routes/object/getSignedURL.ts,
// getSignedURLs.ts, getSignedObject.ts; src/internal/auth/jwt.ts), through the real supabase-js.
import { DEFAULT_JWT_SECRET } from '@medaille/supabase-project';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, startTestStack, type TestStack } from '../src/testing.ts';

const BUCKET = 'animal-photos';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let other: Awaited<ReturnType<TestStack['signedInOwner']>>;
let document: string;
let second: string;

beforeAll(async () => {
  // The secret said out loud: the tests sign tokens of their own with it, as Storage would.
  stack = await startTestStack({ jwtSecret: DEFAULT_JWT_SECRET });
  [owner, other] = await Promise.all([stack.signedInOwner('signed'), stack.signedInOwner('signed-other')]);
  const { animalId } = await stack.activatedAnimal(owner.client);
  document = `${animalId}/carnet.png`;
  second = `${animalId}/second.png`;
  for (const path of [document, second]) {
    const { error } = await owner.client.storage.from(BUCKET).upload(path, new Blob([PNG], { type: 'image/png' }));
    if (error) throw error;
  }
});
afterAll(() => stack?.close());

const secret = new TextEncoder().encode(DEFAULT_JWT_SECRET);

/** A token as Storage's signJWT makes one (HS256, the project's secret), with the claims and expiry given. */
const token = (claims: Record<string, unknown>, exp: number, key = secret) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(key);

const now = () => Math.floor(Date.now() / 1000);

const signedGet = (path: string, query: string) =>
  fetch(`${stack.url}/storage/v1/object/sign/${BUCKET}/${path}?${query}`);

async function signWithBody(path: string, body: unknown) {
  return fetch(`${stack.url}/storage/v1/object/sign/${BUCKET}${path}`, {
    method: 'POST',
    headers: {
      apikey: stack.frontEndKey,
      authorization: `Bearer ${await accessToken(owner.client)}`,
      'content-type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('signing', () => {
  it('gives an owner who can read the object a URL that serves its exact bytes and type to anyone, until exp (signObjectUrl, getSignedObject.ts)', async () => {
    const { data, error } = await owner.client.storage.from(BUCKET).createSignedUrl(document, 60);
    expect(error).toBeNull();
    // Storage answers `/object/sign/{bucket}/{name}?token=…`; supabase-js puts its storage URL before it.
    const prefix = `${stack.url}/storage/v1/object/sign/${BUCKET}/${document}?token=`;
    expect(data?.signedUrl.startsWith(prefix)).toBe(true);
    const jwt = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? '';
    // As signJWT: HS256 with the project's secret, the claims url and scope, exp = iat + expiresIn.
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'HS256' });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({ url: `${BUCKET}/${document}`, scope: 'download' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);

    // No apikey, no Authorization: the token alone opens the object.
    const response = await fetch(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    // Storage's renderer: the URL's expiry as Expires, in place of the object's Cache-Control.
    expect(response.headers.get('expires')).toBe(new Date((claims.exp ?? 0) * 1000).toUTCString());
    expect(response.headers.get('cache-control')).toBeNull();
    expect(response.headers.get('content-disposition')).toBeNull();
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([...PNG]);
  });

  it('serves the object as an attachment with the download option (the renderer’s handleDownload)', async () => {
    const named = await owner.client.storage.from(BUCKET).createSignedUrl(document, 60, { download: 'carnet-rex.png' });
    const response = await fetch(named.data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename=carnet-rex.png; filename*=UTF-8''carnet-rex.png",
    );
    // The name as the query gives it, percent-encoded once in the header (supabase-js encodes a name that needs
    // it twice, as it does for hosted Storage: the query is built here).
    const jwt = new URL(named.data?.signedUrl ?? '').searchParams.get('token');
    const accented = await signedGet(document, `token=${jwt}&download=${encodeURIComponent('carnet été.png')}`);
    const encoded = encodeURIComponent('carnet été.png');
    expect(accented.headers.get('content-disposition')).toBe(
      `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`,
    );
    const plain = await owner.client.storage.from(BUCKET).createSignedUrl(document, 60, { download: true });
    expect((await fetch(plain.data?.signedUrl ?? '')).headers.get('content-disposition')).toBe('attachment;');
  });

  it('signs several paths at once, a path the caller cannot see getting its own error entry (signObjectUrls)', async () => {
    const missing = `${document}.absent`;
    const { data, error } = await owner.client.storage.from(BUCKET).createSignedUrls([document, missing, second], 60);
    expect(error).toBeNull();
    expect(data?.map(({ error, path }) => ({ error, path }))).toEqual([
      { error: null, path: document },
      { error: 'Either the object does not exist or you do not have access to it', path: missing },
      { error: null, path: second },
    ]);
    expect(data?.[1]?.signedUrl).toBeNull();
    const served = await fetch(data?.[2]?.signedUrl ?? '');
    expect(served.status).toBe(200);
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([...PNG]);
  });

  it('refuses a user or an anonymous caller whose policies cannot see the object: Object not found, no URL (findObject as the caller)', async () => {
    for (const client of [other.client, stack.client()]) {
      const { data, error } = await client.storage.from(BUCKET).createSignedUrl(document, 60);
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
      const many = await client.storage.from(BUCKET).createSignedUrls([document], 60);
      expect(many.data).toEqual([
        {
          error: 'Either the object does not exist or you do not have access to it',
          path: document,
          signedURL: null,
          signedUrl: null,
        },
      ]);
    }
  });

  it('answers a name no stored key can hold (a NUL) as a missing object, never a database error', async () => {
    const one = await signWithBody(`/${document}%00`, { expiresIn: 60 });
    expect(one.status).toBe(400);
    expect(await one.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    const many = await signWithBody('', { expiresIn: 60, paths: [`${document}\u0000`, document] });
    expect(many.status).toBe(200);
    const entries = (await many.json()) as { error: string | null; path: string }[];
    expect(entries.map(({ error, path }) => ({ error, path }))).toEqual([
      { error: 'Either the object does not exist or you do not have access to it', path: `${document}\u0000` },
      { error: null, path: document },
    ]);
  });

  it('wants expiresIn, an integer >= 1 that an exp can hold (the routes’ schemas, assertValidNumericJWTExpiration)', async () => {
    const cases: [string, unknown, string, string][] = [
      [`/${document}`, {}, 'InvalidRequest', "body must have required property 'expiresIn'"],
      [`/${document}`, { expiresIn: 0 }, 'InvalidRequest', 'body/expiresIn must be >= 1'],
      [`/${document}`, { expiresIn: -60 }, 'InvalidRequest', 'body/expiresIn must be >= 1'],
      [`/${document}`, { expiresIn: 1.5 }, 'InvalidRequest', 'body/expiresIn must be integer'],
      [`/${document}`, { expiresIn: 'soon' }, 'InvalidRequest', 'body/expiresIn must be integer'],
      [`/${document}`, { expiresIn: Number.MAX_SAFE_INTEGER }, 'InvalidParameter', 'Invalid Parameter expiresIn'],
      ['', { paths: [document] }, 'InvalidRequest', "body must have required property 'expiresIn'"],
      ['', { expiresIn: 60 }, 'InvalidRequest', "body must have required property 'paths'"],
      ['', { expiresIn: 60, paths: [] }, 'InvalidRequest', 'body/paths must NOT have fewer than 1 items'],
      ['', { expiresIn: 60, paths: [document, 7] }, 'InvalidRequest', 'body/paths/1 must be string'],
    ];
    for (const [path, body, code, message] of cases) {
      const response = await signWithBody(path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code, message });
    }
    const { error } = await owner.client.storage.from(BUCKET).createSignedUrl(document, 0);
    expect(error).toMatchObject({ status: 400, message: 'body/expiresIn must be >= 1' });
  });
});

describe('serving a signed URL (verifyObjectSignature)', () => {
  async function expectRefusal(response: Response, code: string, message: string) {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '400', code, error: code, message });
  }

  it('refuses an expired token: jose’s exp check in verifyJWT, answered as InvalidJWT', async () => {
    const expired = await token({ url: `${BUCKET}/${document}`, scope: 'download' }, now() - 10);
    await expectRefusal(
      await signedGet(document, `token=${expired}`),
      'InvalidJWT',
      '"exp" claim timestamp check failed',
    );
  });

  it('refuses a token made for another object: url must be {bucket}/{name} (InvalidSignature)', async () => {
    const { data } = await owner.client.storage.from(BUCKET).createSignedUrl(document, 60);
    const jwt = new URL(data?.signedUrl ?? '').searchParams.get('token');
    await expectRefusal(await signedGet(second, `token=${jwt}`), 'InvalidSignature', 'Invalid signature');
  });

  it('refuses a tampered, a foreign, a malformed or a missing token, and one scoped for uploads', async () => {
    const { data } = await owner.client.storage.from(BUCKET).createSignedUrl(document, 60);
    const jwt = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const [header, , signature] = jwt.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ url: `${BUCKET}/${second}`, exp: now() + 60 })).toString(
      'base64url',
    );
    const tampered = `${header}.${otherPayload}.${signature}`;
    await expectRefusal(await signedGet(second, `token=${tampered}`), 'InvalidJWT', 'signature verification failed');
    const foreign = await token(
      { url: `${BUCKET}/${document}` },
      now() + 60,
      new TextEncoder().encode('un-autre-secret-de-plus-de-32-caracteres!!'),
    );
    await expectRefusal(await signedGet(document, `token=${foreign}`), 'InvalidJWT', 'signature verification failed');
    await expectRefusal(await signedGet(document, 'token=not-a-jwt'), 'InvalidJWT', 'Invalid Compact JWS');
    // isDownloadScopedToken: an upload's token (scope upload, or a legacy one carrying upsert) opens nothing.
    const upload = await token({ url: `${BUCKET}/${document}`, scope: 'upload' }, now() + 60);
    await expectRefusal(
      await signedGet(document, `token=${upload}`),
      'InvalidSignature',
      'Token is not scoped for download',
    );
    const legacyUpload = await token({ url: `${BUCKET}/${document}`, upsert: false }, now() + 60);
    await expectRefusal(
      await signedGet(document, `token=${legacyUpload}`),
      'InvalidSignature',
      'Token is not scoped for download',
    );
    // A legacy download token, from before scopes, still opens its object.
    const legacy = await token({ url: `${BUCKET}/${document}` }, now() + 60);
    expect((await signedGet(document, `token=${legacy}`)).status).toBe(200);
    // A caller's own access token is no URL's token: it names no object.
    const access = await accessToken(owner.client);
    await expectRefusal(await signedGet(document, `token=${access}`), 'InvalidSignature', 'Invalid signature');
    const none = await signedGet(document, 'download');
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: "querystring must have required property 'token'" });
  });

  it('reads the object without the caller’s policies, and answers Object not found once it is gone (findObject as superuser)', async () => {
    const path = document.replace('carnet', 'removed');
    await owner.client.storage.from(BUCKET).upload(path, new Blob([PNG], { type: 'image/png' }));
    const { data } = await owner.client.storage.from(BUCKET).createSignedUrl(path, 60);
    // Another user's Authorization changes nothing: the token decides.
    const asOther = await fetch(data?.signedUrl ?? '', {
      headers: { apikey: stack.frontEndKey, authorization: `Bearer ${await accessToken(other.client)}` },
    });
    expect(asOther.status).toBe(200);
    await owner.client.storage.from(BUCKET).remove([path]);
    const gone = await fetch(data?.signedUrl ?? '');
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });
});
