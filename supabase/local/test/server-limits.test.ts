// One client must not make the stack unusable for others: it may hold only so many connections
// and requests in progress, and a slow client is cut off by the server's timeouts. Clients are loopback
// addresses of their own; an idle connection is one that never sends a request.
import { type AddressInfo, connect, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDER_IDENTITY_HEADER, signFinderIdentity } from '../../functions/_shared/domain/index.ts';
import { limitedServer, SERVER_LIMITS } from '../src/http/server-limits.ts';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

/** A TCP connection to `url`'s port from `localAddress`, once open; `closed` settles when the server drops it. */
async function openConnection(url: string, localAddress: string) {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed };
}

/** Sends a request's headers (and `body` of the declared length, if any) on a socket, raw. */
function sendRequest(socket: Socket, method: string, path: string, headers: Record<string, string>) {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
}

/** The first bytes the server sends back on a socket. */
const firstAnswer = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));

describe('connections per client address', () => {
  const { connectionsPerClient, refusedConnectionsPerClient } = SERVER_LIMITS;

  /** `count` connections of `address`, each open before the first request is sent on any. */
  async function crowdOf(address: string, count: number) {
    const open = [];
    for (let i = 0; i < count; i += 1) open.push(await openConnection(stack.url, address));
    return open;
  }

  it(`answers every request of ${connectionsPerClient + 44} connections at once: ${connectionsPerClient} served, the others 429 with Retry-After, none closed unanswered`, async () => {
    const crowd = await crowdOf(newClientAddress(), connectionsPerClient + 44);
    const answers = await Promise.all(
      crowd.map(({ socket, closed }) => {
        const answer = Promise.race([firstAnswer(socket), closed.then(() => 'closed unanswered')]);
        sendRequest(socket, 'GET', '/health', {});
        return answer;
      }),
    );
    const statuses = answers.map((answer) => answer.split('\r\n')[0]);
    expect(statuses.filter((line) => line === 'HTTP/1.1 200 OK')).toHaveLength(connectionsPerClient);
    const refused = answers.filter((answer) => answer.startsWith('HTTP/1.1 429'));
    expect(refused).toHaveLength(44);
    for (const answer of refused) expect(answer).toMatch(/\r\nRetry-After: 1\r\n/i);
    for (const { socket } of crowd) socket.destroy();
  });

  it(`closes a client's connection beyond ${connectionsPerClient + refusedConnectionsPerClient} at once unanswered, while another address is still served`, async () => {
    const crowd = newClientAddress();
    const open = await crowdOf(crowd, connectionsPerClient + refusedConnectionsPerClient);
    const oneTooMany = await openConnection(stack.url, crowd);
    await oneTooMany.closed;
    expect(open.filter(({ socket }) => socket.destroyed || socket.readableEnded)).toEqual([]);

    const other = await fetchFrom(newClientAddress())(`${stack.url}/health`);
    expect(other.status).toBe(200);

    // Those the crowd gives back are its to open again.
    for (const { socket } of open) socket.destroy();
    await Promise.all(open.map(({ closed }) => closed));
    let answered = 0;
    for (let attempt = 0; attempt < 50 && answered === 0; attempt += 1) {
      const again = await fetchFrom(crowd)(`${stack.url}/health`).catch(() => null);
      if (again?.status === 200) answered += 1;
    }
    expect(answered).toBe(1);
  });
});

describe('requests in progress per client address', () => {
  it(`runs ${SERVER_LIMITS.requestsPerClient} of a client's requests at once and lets the next wait its turn, while another address is served at once`, async () => {
    const busy = newClientAddress();
    // Requests held in progress: each declares a body it has not sent yet.
    const held = [];
    for (let i = 0; i < SERVER_LIMITS.requestsPerClient; i += 1) {
      const connection = await openConnection(stack.url, busy);
      sendRequest(connection.socket, 'POST', '/rest/v1/rpc/code_status', {
        apikey: stack.anonKey,
        'Content-Type': 'application/json',
        'Content-Length': '21',
      });
      held.push(connection);
    }
    const next = await openConnection(stack.url, busy);
    const nextAnswer = firstAnswer(next.socket);
    let nextAnswered = false;
    void nextAnswer.then(() => (nextAnswered = true));
    sendRequest(next.socket, 'GET', '/health', {});

    // Another client is served while the busy one's next request waits.
    expect((await fetchFrom(newClientAddress())(`${stack.url}/health`)).status).toBe(200);
    expect(nextAnswered).toBe(false);

    // One held request ends: the waiting one runs.
    const [first] = held;
    const firstDone = firstAnswer(first?.socket as Socket);
    first?.socket.write('{"p_code":"MDL-NONE"}');
    expect(await firstDone).toMatch(/^HTTP\/1\.1 200/);
    expect(await nextAnswer).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of [...held, next]) socket.destroy();
  });
});

describe("the shell's host: its signed requests count against no per-address limit", () => {
  const { connectionsPerClient, requestsPerClient } = SERVER_LIMITS;
  const signed = async () => ({
    [FINDER_IDENTITY_HEADER]: await signFinderIdentity(stack.finderIdentitySecret, newClientAddress()),
  });

  it(`serves every signed request of ${connectionsPerClient + 44} connections at once from one address; forged ones still meet the limit`, async () => {
    const answersOf = async (address: string, headers: () => Promise<Record<string, string>>) => {
      const crowd = [];
      for (let i = 0; i < connectionsPerClient + 44; i += 1) crowd.push(await openConnection(stack.url, address));
      const answers = await Promise.all(
        crowd.map(async ({ socket, closed }) => {
          const answer = Promise.race([firstAnswer(socket), closed.then(() => 'closed unanswered')]);
          sendRequest(socket, 'GET', '/health', await headers());
          return (await answer).split('\r\n')[0] ?? '';
        }),
      );
      for (const { socket } of crowd) socket.destroy();
      return answers;
    };
    const host = await answersOf(newClientAddress(), signed);
    expect(host.filter((line) => line === 'HTTP/1.1 200 OK')).toHaveLength(connectionsPerClient + 44);
    const forged = await answersOf(newClientAddress(), async () => ({
      [FINDER_IDENTITY_HEADER]: await signFinderIdentity('not-the-functions-secret', newClientAddress()),
    }));
    expect(forged.filter((line) => line === 'HTTP/1.1 200 OK')).toHaveLength(connectionsPerClient);
    expect(forged.filter((line) => line.startsWith('HTTP/1.1 429'))).toHaveLength(44);
  });

  it(`runs a signed request at once while ${requestsPerClient} of the same address are in progress`, async () => {
    const host = newClientAddress();
    const held = [];
    for (let i = 0; i < requestsPerClient; i += 1) {
      const connection = await openConnection(stack.url, host);
      sendRequest(connection.socket, 'POST', '/rest/v1/rpc/code_status', {
        apikey: stack.anonKey,
        'Content-Type': 'application/json',
        'Content-Length': '21',
      });
      held.push(connection);
    }
    const next = await openConnection(stack.url, host);
    const answer = firstAnswer(next.socket);
    sendRequest(next.socket, 'GET', '/health', await signed());
    expect(await answer).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of [...held, next]) socket.destroy();
  });
});

describe("the server's timeouts", () => {
  it('closes a connection that trickles its headers, and one that never sends a request, once the headers timeout has passed', async () => {
    const limits = { ...SERVER_LIMITS, headersTimeoutMs: 500, requestTimeoutMs: 1_000 };
    const server = serve({ fetch: () => new Response('ok'), port: 0, hostname: '127.0.0.1', ...limitedServer(limits) });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const slow = await openConnection(url, newClientAddress());
      const silent = await openConnection(url, newClientAddress());
      // Each reads what it is sent, as a real client does (a socket whose data nobody reads never sees its end).
      const received = { slow: '', silent: '' };
      slow.socket.on('data', (chunk: Buffer) => (received.slow += chunk.toString('latin1')));
      silent.socket.on('data', (chunk: Buffer) => (received.silent += chunk.toString('latin1')));
      let slowClosed = false;
      let silentClosed = false;
      void slow.closed.then(() => (slowClosed = true));
      void silent.closed.then(() => (silentClosed = true));
      slow.socket.write('GET / HTTP/1.1\r\n');
      // One header line every 100 ms, for up to 10 s: far past both timeouts, if the server let it.
      for (let line = 0; line < 100 && !(slowClosed && silentClosed); line += 1) {
        if (!slowClosed) slow.socket.write(`X-Slow-${line}: a\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect({ slowClosed, silentClosed }).toEqual({ slowClosed: true, silentClosed: true });
      // Told why, before the close (Node's answer to a request not sent in time).
      expect(received.silent).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    }
  });
});
