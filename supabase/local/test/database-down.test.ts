// The database out of reach, for real: the stack reaches its PostgreSQL through a TCP relay that the test stops
// (new connections refused, open ones cut), as when PostgreSQL is stopped or restarted. What the stack's callers
// are told then is PostgREST's: 503, PGRST000, Retry-After, and nothing of where the database lives. On PostgreSQL
// only (vitest.config.ts): PGlite runs in the stack's own process.

import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestDatabase, startTestStack, type TestDatabaseCopy, type TestStack } from '../src/testing.ts';

/** A TCP relay from a port of its own to `target` (host:port), which can be stopped and started again. */
async function tcpRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createServer((client) => {
      const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await start();
  return { port, start, stop };
}

let stack: TestStack;
let relay: Awaited<ReturnType<typeof tcpRelay>>;
let dataDir: string;
let database: TestDatabaseCopy;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-down-'));
  database = await newTestDatabase(dataDir);
  const direct = new URL(database.url as string);
  relay = await tcpRelay(direct);
  const relayed = new URL(direct);
  relayed.host = `127.0.0.1:${relay.port}`;
  stack = await startTestStack({ database: { ...database, url: relayed.href }, dataDir });
});
afterAll(async () => {
  await stack?.close();
  await relay?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL out of reach', () => {
  it('REST answers 503 PGRST000 with Retry-After, as PostgREST does, without the database’s address; and serves again once it is back', async () => {
    const codeStatus = () =>
      fetch(`${stack.url}/rest/v1/rpc/code_status`, {
        method: 'POST',
        headers: { apikey: stack.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify({ p_code: 'MDL-DEMO-REX' }),
      });
    expect((await codeStatus()).status).toBe(200);

    await relay.stop();
    const down = await codeStatus();
    const body = await down.text();
    expect({ status: down.status, retryAfter: down.headers.get('retry-after'), body: JSON.parse(body) }).toEqual({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      body: {
        code: 'PGRST000',
        details: null,
        hint: null,
        message: 'Database connection error. Retrying the connection.',
      },
    });
    expect(body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|5432|:\d{4,5}/);
    // GoTrue's and Storage's routes too: the caller is told to come back, not that it erred.
    const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@medaille.test', password: 'medaille-demo' }),
    });
    const list = await fetch(`${stack.url}/storage/v1/object/list/animal-photos`, {
      method: 'POST',
      headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    for (const answer of [signIn, list]) {
      expect({ status: answer.status, retryAfter: answer.headers.get('retry-after') }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
      });
    }

    await relay.start();
    let back = 0;
    for (let attempt = 0; attempt < 20 && back !== 200; attempt += 1) back = (await codeStatus()).status;
    expect(back).toBe(200);
  });

  it('a finder’s message is answered 503 with Retry-After and French words to try again, not 500; and is stored once the database is back', async () => {
    const send = () =>
      fetch(`${stack.url}/functions/v1/post_finder_message`, {
        method: 'POST',
        headers: { apikey: stack.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'MDL-DEMO-REX', message: 'Je l’ai trouvé près de la gare.' }),
      });

    await relay.stop();
    try {
      const down = await send();
      expect({ status: down.status, retryAfter: down.headers.get('retry-after'), body: await down.json() }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { code: 'unavailable', error: 'Service momentanément indisponible, réessayez.' },
      });
    } finally {
      await relay.start();
    }

    let back = 0;
    for (let attempt = 0; attempt < 20 && back !== 200; attempt += 1) back = (await send()).status;
    expect(back).toBe(200);
  });
});
