// One client must not make Storage unusable: an upload is refused before its body is read when
// the caller may not write there or declares more than the bucket takes, and a body of unknown length is
// counted as it arrives and cut at the limit. Each test holds its body back, or sends it piece by piece, and
// asserts that the answer came before the body was sent: a server that read bodies first never answers.
import { Agent, type ClientRequest, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientAddress, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let token: string;

const BUCKET = 'animal-photos';
const BUCKET_LIMIT = 10 * 1024 * 1024;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('abuse');
  token = (await owner.client.auth.getSession()).data.session?.access_token ?? '';
});
afterAll(() => stack?.close());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { statusCode?: string; message?: string };
}

/**
 * An upload whose headers are sent at once and whose body is left to the test (never sent, unless it writes).
 * On a kept-alive connection, as browsers send: with `Connection: close`, Node's server closes the socket as
 * soon as it has answered, and the client, still sending, may lose the answer to the reset.
 */
function openUpload(path: string, headers: Record<string, string>, localAddress = newClientAddress(), bucket = BUCKET) {
  const request = httpRequest(`${stack.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, ...headers },
    agent: new Agent({ keepAlive: true, localAddress }),
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
        }),
      );
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { request, answer };
}

/**
 * Sends `chunk` again and again (waiting when the socket is full) until the server answers or `most` bytes
 * are sent; resolves with the answer and how many body bytes had been handed to the socket by then.
 */
async function sendUntilAnswered(request: ClientRequest, answer: Promise<Answer>, chunk: Uint8Array, most: number) {
  let answered: Answer | null = null;
  void answer.then((value) => (answered = value)).catch(() => {});
  let sent = 0;
  while (!answered && sent < most) {
    sent += chunk.byteLength;
    if (!request.write(chunk)) {
      await Promise.race([new Promise((resolve) => request.once('drain', resolve)), answer]);
    }
  }
  const result = await answer;
  request.destroy();
  return { answer: result, sent };
}

const objectIsStored = async (path: string) =>
  (await fetch(stack.client().storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status === 200;

describe('an upload is refused before its body is read (Storage: fileUploadFromRequest, then canUpload, then the stream)', () => {
  it('answers an anonymous 10 MB upload into a bucket whose policies forbid it with 403 while its body is still unsent (Storage checks the policies with a trial insert before it reads the file)', async () => {
    const { request, answer } = openUpload(`${owner.userId}/anonymous.jpg`, {
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'image/jpeg',
      'content-length': String(BUCKET_LIMIT),
    });
    const refused = await answer;
    request.destroy();
    expect(refused.body).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await objectIsStored(`${owner.userId}/anonymous.jpg`)).toBe(false);
  });

  it('answers 413 at once when Content-Length declares more than the bucket’s file_size_limit (Storage: a known-size binary upload above the limit never reaches the backend)', async () => {
    const { request, answer } = openUpload(`${owner.userId}/declared.jpg`, {
      authorization: `Bearer ${token}`,
      'content-type': 'image/jpeg',
      'content-length': String(BUCKET_LIMIT + 1),
    });
    const refused = await answer;
    request.destroy();
    expect(refused.body).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it('refuses a bucket that does not exist and a type the bucket does not take before the body', async () => {
    const missing = openUpload(
      `${owner.userId}/x.jpg`,
      { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg', 'content-length': String(BUCKET_LIMIT) },
      newClientAddress(),
      'no-such-bucket',
    );
    const gif = openUpload(`${owner.userId}/x.gif`, {
      authorization: `Bearer ${token}`,
      'content-type': 'image/gif',
      'content-length': String(BUCKET_LIMIT),
    });
    const answers = await Promise.all([missing.answer, gif.answer]);
    missing.request.destroy();
    gif.request.destroy();
    expect(answers[0].body).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect(answers[1].body).toMatchObject({ statusCode: '415', message: 'mime type image/gif is not supported' });
  });

  it('answers 150 anonymous 10 MB uploads from one address before any of their bodies, and a finder’s profile read beside them', async () => {
    const address = newClientAddress();
    const uploads = Array.from({ length: 150 }, (_, i) =>
      openUpload(
        `${owner.userId}/flood-${i}.jpg`,
        {
          authorization: `Bearer ${stack.anonKey}`,
          'content-type': 'image/jpeg',
          'content-length': String(BUCKET_LIMIT),
        },
        address,
      ),
    );
    const profile = await stack.client().functions.invoke('get_public_profile', { body: { code: 'MDL-DEMO-REX' } });
    expect(profile.data).toMatchObject({ name: 'Rex' });
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    for (const upload of uploads) upload.request.destroy();
    expect(new Set(answers.map((answer) => answer.body.statusCode))).toEqual(new Set(['403']));
  });
});

describe('a body of unknown length is counted as it arrives and cut at the bucket’s limit', () => {
  const chunk = new Uint8Array(64 * 1024);

  it('cuts a chunked raw upload past 10 MB with 413, long before the client is done, and stores nothing', async () => {
    const path = `${owner.userId}/chunked.jpg`;
    const { request, answer } = openUpload(path, { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' });
    request.write(JPEG);
    const { answer: refused, sent } = await sendUntilAnswered(request, answer, chunk, 3 * BUCKET_LIMIT);
    expect(refused.body).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    // What the loopback socket's buffers hold besides what the server read is far less than the bucket's limit.
    expect(sent).toBeLessThan(2 * BUCKET_LIMIT);
    expect(await objectIsStored(path)).toBe(false);
  });

  it('cuts a chunked multipart upload past 10 MB with 413 too', async () => {
    const path = `${owner.userId}/chunked-form.jpg`;
    const boundary = 'medaille-abuse-boundary';
    const { request, answer } = openUpload(path, {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    request.write(JPEG);
    const { answer: refused, sent } = await sendUntilAnswered(request, answer, chunk, 3 * BUCKET_LIMIT);
    expect(refused.body).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect(sent).toBeLessThan(2 * BUCKET_LIMIT);
    expect(await objectIsStored(path)).toBe(false);
  });

  it('still takes a chunked upload within the limit', async () => {
    const path = `${owner.userId}/chunked-small.jpg`;
    const { request, answer } = openUpload(path, { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' });
    request.write(JPEG);
    request.end(chunk);
    expect((await answer).status).toBe(200);
    expect(await objectIsStored(path)).toBe(true);
  });
});
