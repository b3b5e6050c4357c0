// `launchProduct` serves the shell through its host: a scan page comes server-rendered and
// compressed, the shell's files as before.

import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SERVER_LIMITS } from '@medaille/local-stack/server-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey, launchProduct, type RunningProduct } from '../src/launch.ts';

let product: RunningProduct;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-launch-'));
  product = await launchProduct({
    ports: { shell: 0, scan: 0, portal: 0, stack: 0 },
    // The embedded database with its demo medals, whatever DATABASE_URL the other suites use.
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    // A busy test machine must not turn the scan page into the fallback at random (the host's tests time it).
    renderBudgetMs: 10_000,
  });
});

afterAll(async () => {
  await product?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The raw answer as a browser gets it: status, headers and the bytes on the wire. */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
    const request = httpRequest(`${product.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the shell through its host', () => {
  it('answers a demo medal as HTML with the animal in it, compressed with brotli', async () => {
    const page = await raw('/MDL-DEMO-REX', { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = brotliDecompressSync(page.bytes).toString('utf8');
    expect(html).toContain('<script type="application/json" id="medaille-scan-data">');
    expect(html.slice(html.indexOf('<div id="scan-page">'))).toMatch(/<h1[^>]*>Rex<\/h1>/);
    // The budget for a full profile's HTML on the wire.
    expect(page.bytes.length).toBeLessThanOrEqual(15 * 1024);
  });

  it("serves the shell's files as its static hosting does", async () => {
    const logo = await raw('/logo.svg', { 'accept-encoding': 'br' });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    const home = await (await fetch(product.url)).text();
    expect(home).toContain('window.__MEDAILLE_CONFIG__ = ');
    expect(home).not.toContain('id="scan-page"');
  });

  it("lets no other site frame a page: the host's pages with their whole policy, the remotes' hostings on every answer", async () => {
    const home = await fetch(product.url, { headers: { accept: 'text/html' } });
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('content-security-policy')).toMatch(/(^|; )script-src 'self' .*; frame-ancestors 'none'/);
    // As the README's deploy section asks of a remote's static hosting: its index.html is a page too.
    for (const site of [product.sites.scan, product.sites.portal]) {
      for (const path of ['/index.html', '/mf-manifest.json']) {
        const answer = await fetch(`${site.url}${path}`);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
        expect(answer.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      }
    }
  });

  it('gives the front-ends the publishable key, as projects have today, and the anon key to a legacy project', async () => {
    const home = await (await fetch(product.url)).text();
    const config = JSON.parse(/window\.__MEDAILLE_CONFIG__ = (\{.*?\});?\s*</s.exec(home)?.[1] ?? '{}');
    expect(config.supabaseAnonKey).toBe(
      process.env.JWT_SIGNING === 'legacy' ? product.stack.anonKey : product.stack.publishableKey,
    );
    expect([defaultApiKey({}), defaultApiKey({ JWT_SIGNING: 'legacy' })]).toEqual(['publishable', 'anon']);
  });
});

describe('one client cannot take every connection', () => {
  /** A TCP connection from `localAddress`, once open; `closed` settles when the server drops it. */
  async function openConnection(url: string, localAddress: string) {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return { socket, closed };
  }

  it.each(['shell', 'scan'] as const)(
    `the %s's server closes a client's connection beyond ${SERVER_LIMITS.connectionsPerClient + SERVER_LIMITS.refusedConnectionsPerClient} unanswered, and still serves another address`,
    async (site) => {
      const url = product.sites[site].url;
      const open = [];
      const cap = SERVER_LIMITS.connectionsPerClient + SERVER_LIMITS.refusedConnectionsPerClient;
      for (let i = 0; i < cap; i += 1) open.push(await openConnection(url, '127.0.0.2'));
      const oneTooMany = await openConnection(url, '127.0.0.2');
      await oneTooMany.closed;
      expect(open.filter(({ socket }) => socket.destroyed)).toEqual([]);
      const page = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${url}/`, { localAddress: '127.0.0.3' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
      expect(page).toBe(200);
      for (const { socket } of open) socket.destroy();
      await Promise.all(open.map(({ closed }) => closed));
    },
  );
});
