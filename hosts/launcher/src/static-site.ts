import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { limitedServer } from '@medaille/local-stack/server-limits';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

export interface StaticSiteOptions {
  root: string;
  port: number;
  host?: string;
  /** Answer unknown paths with index.html (the shell: the browser router owns the paths). */
  spaFallback?: boolean;
  /** Files made at start rather than read from the build (the shell's config.js). */
  generated?: Record<string, { type: string; body: () => string }>;
  /** Rewrites the HTML of a page as the host serves it, given the URL's raw path (the shell: inline configuration, preload hints). */
  transformHtml?: (html: string, pathname: string) => string;
}

/**
 * Serves a production build as static hosting would: gzip, long-lived caching for content-hashed files,
 * no caching for the entry points, CORS so that the shell can load a remote from another origin, and no framing.
 */
export function serveStaticSite(options: StaticSiteOptions): Promise<StaticSite> {
  return serveWebHandler({ port: options.port, host: options.host, fetch: staticSiteHandler(options) });
}

/** `serveStaticSite`'s answers as a Web handler, for a host that serves the build among other things. */
export function staticSiteHandler(
  options: Omit<StaticSiteOptions, 'port' | 'host'>,
): (request: Request) => Promise<Response> {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Access-Control-Allow-Origin', '*');
    // What the README asks of every static hosting: no other site may frame a page of it (a remote's own
    // index.html included). The shell's host puts its whole policy over this on the pages it answers.
    c.header('Content-Security-Policy', "frame-ancestors 'none'");
    c.header('X-Frame-Options', 'DENY');
  });
  app.get('*', async (c) => {
    const { pathname } = new URL(c.req.url);
    // A path that does not decode names no file; the shell's page still gets it (its router decides).
    const path = decodedOrNull(pathname) ?? pathname;
    const made = options.generated?.[path];
    if (made) return c.body(made.body(), 200, { 'Content-Type': made.type, 'Cache-Control': 'no-cache' });
    const file = await findFile(options.root, path, options.spaFallback ?? false);
    if (!file) return c.text('Not found', 404);
    const hashed = /\.[0-9a-f]{8,}\.(js|css|png|jpg|svg|webp|woff2)$/.test(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    let bytes = await readFile(file);
    if (options.transformHtml && extname(file) === '.html') {
      bytes = Buffer.from(options.transformHtml(bytes.toString('utf8'), pathname));
    }
    const encoding = COMPRESSIBLE.test(type) ? preferredEncoding(c.req.header('accept-encoding')) : null;
    if (!encoding) return c.body(new Uint8Array(bytes), 200, headers);
    headers['Content-Encoding'] = encoding;
    return c.body(new Uint8Array(compressed(bytes, encoding)), 200, headers);
  });
  return (request) => Promise.resolve(app.fetch(request));
}

export interface WebHandlerOptions {
  port: number;
  host?: string | undefined;
  /** The handler; `clientAddress` is the socket's peer address (IPv4-mapped IPv6 written as IPv4). */
  fetch(request: Request, clientAddress: string | null): Promise<Response>;
  /**
   * Compresses what the handler answers uncompressed (pages made per request) with brotli or gzip, as a
   * CDN in front of an edge function does.
   */
  compressResponses?: boolean;
}

/** Serves a Web-standard handler with Node's HTTP server on a port of this machine. */
export async function serveWebHandler(options: WebHandlerOptions): Promise<StaticSite> {
  const server = serve({
    port: options.port,
    hostname: options.host ?? '127.0.0.1',
    fetch: async (request: Request, env: HttpBindings | Http2Bindings) => {
      const response = await options.fetch(request, peerAddress(env.incoming.socket.remoteAddress));
      return options.compressResponses ? compressedResponse(request, response) : response;
    },
    // The stack's timeouts and per-client caps: one client cannot take every connection of this process.
    ...limitedServer(),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections open; a stopped deployment must not wait for them.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

function peerAddress(address: string | undefined): string | null {
  if (!address) return null;
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/**
 * A handler's uncompressed text answer, compressed for the browser as it comes: each piece the handler
 * writes is flushed, so a page streamed from its start (the scan page's head before its profile) stays
 * streamed, as a CDN in front of an edge function keeps it. Made per request, so not at the highest level:
 * brotli's level 5 takes a millisecond for a page and is within a few percent of level 11 on HTML.
 */
function compressedResponse(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response;
  const encoding = preferredEncoding(request.headers.get('accept-encoding') ?? undefined);
  if (!encoding) return response;
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          // A 256 KB window, wider than any page, instead of 4 MB to allocate for each: a third less CPU.
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 },
        })
      : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
  // A body that fails half-way ends the compressed one too: the browser sees a cut page, never a hang.
  pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), compressor, () => {});
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
const cache = new Map<string, Buffer>();

/** Brotli where the browser takes it (what CDNs serve, about 15% smaller than gzip), gzip otherwise. */
function preferredEncoding(accepted: string | undefined): 'br' | 'gzip' | null {
  if (accepted?.includes('br')) return 'br';
  if (accepted?.includes('gzip')) return 'gzip';
  return null;
}

/** Compresses each distinct content once, at the highest level, as a build step would. */
function compressed(bytes: Buffer, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${createHash('sha1').update(bytes).digest('hex')}`;
  let result = cache.get(key);
  if (!result) {
    result =
      encoding === 'br'
        ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(bytes, { level: 9 });
    cache.set(key, result);
  }
  return result;
}

async function findFile(root: string, path: string, spaFallback: boolean): Promise<string | null> {
  const candidate = normalize(join(root, path));
  if (!candidate.startsWith(normalize(root) + sep) && candidate !== normalize(root)) return null;
  for (const file of [candidate, join(candidate, 'index.html')]) {
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return file;
  }
  // A path with an extension is a missing file, not a page of the app.
  if (spaFallback && extname(path) === '') return join(root, 'index.html');
  return null;
}

function decodedOrNull(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}
