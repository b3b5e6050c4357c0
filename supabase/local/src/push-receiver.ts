/// <reference path="./http_ece.d.ts" />
// A push service for the tests (RFC 8030), over https on a loopback port of its own (push services are https,
// and @block65/webcrypto-web-push posts to nothing else; its certificate is made for the run by openssl and trusted by
// this process's fetch while the receiver runs): it hands out subscriptions as a browser's
// push service would (an endpoint, and the browser's P-256 key and authentication secret, which it keeps), takes
// what the functions post there, checks the VAPID signature (RFC 8292) and decrypts the payload with the
// subscription's keys (RFC 8291, aes128gcm, by http_ece, the reference implementation of RFC 8188). It answers
// 201 Created, or what a test set for an endpoint (410 Gone, 404, 500).
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { decrypt } from 'http_ece';
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

export interface ReceivedPush {
  /** The payload, decrypted and parsed. */
  payload: Record<string, unknown>;
  /** The JWT's claims, once its ES256 signature checked out against the key in the header. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  ttl: string | null;
  urgency: string | null;
}

export interface PushReceiver {
  origin: string;
  /** A new browser subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What was delivered to an endpoint, in order. */
  received(endpoint: string): ReceivedPush[];
  /** The status this endpoint answers from now on (201 by default). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export async function startPushReceiver(): Promise<PushReceiver> {
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number; pushes: ReceivedPush[] }
  >();
  const { key, cert } = loopbackCertificate();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      const subscription = subscriptions.get(endpoint);
      if (!subscription || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      if (subscription.status !== 201) {
        response.writeHead(subscription.status).end();
        return;
      }
      try {
        const vapid = checkVapid(request.headers.authorization ?? '', origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: base64url(subscription.auth),
        });
        subscription.pushes.push({
          payload: JSON.parse(plain.toString('utf8')),
          vapid,
          ttl: (request.headers.ttl as string | undefined) ?? null,
          urgency: (request.headers.urgency as string | undefined) ?? null,
        });
        response.writeHead(201).end();
      } catch (error) {
        // A push service refuses what it cannot authenticate or read: the test sees nothing delivered.
        console.error('[push-receiver]', error);
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The functions run in this process (the local stack): their fetch trusts the receiver's certificate, and
  // the system's authorities besides.
  const previous: Dispatcher = getGlobalDispatcher();
  setGlobalDispatcher(new Agent({ connect: { ca: [cert, ...rootCertificates] } }));

  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      subscriptions.set(endpoint, { ecdh, auth, status: 201, pushes: [] });
      return { endpoint, keys: { p256dh: base64url(ecdh.getPublicKey()), auth: base64url(auth) } };
    },
    received: (endpoint) => subscriptions.get(endpoint)?.pushes ?? [],
    answer(endpoint, status) {
      const subscription = subscriptions.get(endpoint);
      if (subscription) subscription.status = status;
    },
    close: () =>
      new Promise((resolve) => {
        setGlobalDispatcher(previous);
        server.close(() => resolve());
      }),
  };
}

/** A certificate for https://127.0.0.1, valid a day, and its key (PEM). */
function loopbackCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-receiver-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `vapid t=<JWT>, k=<public key>` (RFC 8292): the claims, once the ES256 signature checks out with k. */
function checkVapid(header: string, audience: string): ReceivedPush['vapid'] {
  const fields = Object.fromEntries(
    header
      .replace(/^vapid\s+/i, '')
      .split(',')
      .map((part) => part.trim().split('=', 2) as [string, string]),
  );
  const [head, body, signature] = (fields.t ?? '').split('.');
  if (!head || !body || !signature || !fields.k) throw new Error('no VAPID token');
  const point = Buffer.from(fields.k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== audience) throw new Error(`VAPID audience ${claims.aud}`);
  if (!(claims.exp > Date.now() / 1000 && claims.exp <= Date.now() / 1000 + 24 * 3600 + 60))
    throw new Error('VAPID expiry');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: fields.k };
}
