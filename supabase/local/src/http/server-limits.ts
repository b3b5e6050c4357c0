// What one client may hold of an HTTP server the local product runs: the stack's, and the
// launcher's for the shell's host and the remotes. Without these, Node's defaults let one client open
// connections until the process has no file descriptor left (and every server of that process fails
// with it), keep them open for minutes, and crowd everyone else out of the event loop.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** Connections one client address may have open and served. */
  connectionsPerClient: number;
  /**
   * Connections of one client address beyond `connectionsPerClient` whose request is answered 429 (with
   * Retry-After), then closed; one more is closed as soon as it opens, unanswered.
   */
  refusedConnectionsPerClient: number;
  /** Connections open in all (Node's server.maxConnections): what this process can spare of its descriptors. */
  connections: number;
  /** Requests of one client address in progress at once; more wait, in order, for one of them to end. */
  requestsPerClient: number;
  /** Requests of one client address that may wait; one more is answered 429 at once. */
  waitingPerClient: number;
  /** Time from a connection (or the start of a request) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** Time for a whole request, body included. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait, idle, for its next request. */
  keepAliveTimeoutMs: number;
}

/**
 * The numbers, and why a real office of finders behind one NAT address never meets them:
 * - 256 connections per address: a browser opens at most 6 per origin, so 40 people on the product at the
 *   same moment from one office; the next 256 at once are told 429 and to come back in a second (a client
 *   is told why, rather than finding its connection dropped), and only beyond 512 at once is a connection
 *   closed unanswered, so that one address never holds more than 512 of the process's descriptors; 4096 in
 *   all, a quarter of the usual 16k-20k descriptors of a process, leaving the rest to the database, the files
 *   and the other servers (beyond it, Node closes new connections unanswered).
 * - 32 requests in progress per address, 256 more waiting: a page makes a few API calls at once. The shell's
 *   host, one address for every finder it renders a page for, is not a client: its signed requests count
 *   against none of these (VouchedRequest), the finders' functions count each finder it vouches for.
 * - headers within 20 s of the connection or of the request's start (a phone on a poor 2G link sends its
 *   few kilobytes of headers in well under that; Node allows 60 s, and counts a connection that never starts
 *   a request from its opening), a whole request within 120 s (a 10 MB photo at 0.7 Mb/s; Node allows 300 s),
 *   and 5 s of keep-alive between requests (Node's default).
 */
export const SERVER_LIMITS: ServerLimits = {
  connectionsPerClient: 256,
  refusedConnectionsPerClient: 256,
  connections: 4096,
  requestsPerClient: 32,
  waitingPerClient: 256,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

/**
 * Whether a request is one a trusted caller vouches for (the shell's host, whose signed `x-medaille-finder`
 * names the finder it asks for): such a request, and the connection that carries it, never count against the
 * connecting address's limits, which are meant for one client. The host is one address for every finder it
 * renders a page for; the finders' functions count each finder it vouches for.
 */
export type VouchedRequest = (request: IncomingMessage) => Promise<boolean>;

/** The peer address of a socket, IPv4-mapped IPv6 written as IPv4 (as the gateway writes it). */
function peerOf(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** Connections over their client's `connectionsPerClient`: their requests are answered 429. */
const refusedConnections = new WeakSet<Socket>();
/** Takes a connection out of its address's count, once (a connection that carried a vouched request). */
const uncountConnection = new WeakMap<Socket, () => void>();

/**
 * Marks a client's connections beyond `connectionsPerClient` as refused and closes those beyond
 * `refusedConnectionsPerClient` more as soon as they open. (One that has not sent a whole request's headers
 * `headersTimeoutMs` after opening is Node's to close: it answers 408 and closes it.)
 */
function limitConnections(server: Server, limits: ServerLimits) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = peerOf(socket);
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.connectionsPerClient + limits.refusedConnectionsPerClient) {
      socket.destroy();
      return;
    }
    if (count > limits.connectionsPerClient) refusedConnections.add(socket);
    open.set(address, count);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    };
    uncountConnection.set(socket, uncount);
    socket.once('close', uncount);
  });
}

/** As the gateway in front of hosted Supabase (Kong's rate limiting) answers; `close` ends the connection too. */
function tooManyRequests(response: ServerResponse, close: boolean) {
  response.writeHead(429, {
    'Content-Type': 'application/json',
    'Retry-After': '1',
    ...(close ? { Connection: 'close' } : {}),
  });
  response.end(JSON.stringify({ message: 'API rate limit exceeded' }));
}

/**
 * Runs at most `requestsPerClient` of a client's requests at once; the others wait, or get 429 when too many
 * wait or when their connection is one too many.
 */
function limitRequests(listener: RequestListener, limits: ServerLimits, vouched?: VouchedRequest): RequestListener {
  const clients = new Map<string, { running: number; waiting: (() => void)[] }>();
  const limited = (request: IncomingMessage, response: ServerResponse) => {
    if (refusedConnections.has(request.socket)) return tooManyRequests(response, true);
    const address = peerOf(request.socket);
    let client = clients.get(address);
    if (!client) {
      client = { running: 0, waiting: [] };
      clients.set(address, client);
    }
    const own = client;
    const start = () => {
      own.running += 1;
      response.once('close', () => {
        own.running -= 1;
        const next = own.waiting.shift();
        if (next) next();
        else if (own.running === 0) clients.delete(address);
      });
      listener(request, response);
    };
    if (own.running < limits.requestsPerClient) return start();
    if (own.waiting.length >= limits.waitingPerClient) return tooManyRequests(response, false);
    own.waiting.push(start);
    // A client that gives up while waiting leaves its place.
    response.once('close', () => {
      const place = own.waiting.indexOf(start);
      if (place >= 0) own.waiting.splice(place, 1);
    });
  };
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!vouched) return limited(request, response);
    vouched(request).then(
      (trusted) => {
        if (!trusted) return limited(request, response);
        // The connection is the trusted caller's from now on (kept alive for its next requests).
        refusedConnections.delete(request.socket);
        uncountConnection.get(request.socket)?.();
        listener(request, response);
      },
      () => limited(request, response),
    );
  };
}

/**
 * `serve()` options (@hono/node-server) for Node's HTTP server with `limits`: its timeouts, a cap on
 * connections per client address and in all, and on each client's requests in progress, but for the requests
 * `vouched` trusts.
 */
export function limitedServer(limits: ServerLimits = SERVER_LIMITS, vouched?: VouchedRequest) {
  return {
    serverOptions: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node looks for requests past their timeouts (30 s by default, which would add up to 30 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    createServer: ((options: object, listener: RequestListener) => {
      const server = createServer(options, limitRequests(listener, limits, vouched));
      server.maxConnections = limits.connections;
      limitConnections(server, limits);
      return server;
    }) as typeof createServer,
  };
}
