// A page the host streams stays streamed through the launcher's compression, as through a CDN's: its start
// arrives, compressed and readable, before its end is even written.
import { request as httpRequest } from 'node:http';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type StaticSite, serveWebHandler } from '../src/static-site.ts';

const sites: StaticSite[] = [];
afterAll(async () => {
  for (const site of sites.splice(0)) await site.close();
});

/** A handler that writes `start`, then `end` once released. */
async function streamingSite() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const encoder = new TextEncoder();
  const site = await serveWebHandler({
    port: 0,
    compressResponses: true,
    fetch: async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode('<!doctype html><html><head><style>p{color:red}</style>'));
            await released;
            controller.enqueue(encoder.encode('</head><body><p>Rex</p></body></html>'));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/html; charset=utf-8' } },
      ),
  });
  sites.push(site);
  return { url: site.url, release };
}

describe("the launcher's compression of a streamed page", () => {
  for (const [encoding, decompress] of [
    ['br', createBrotliDecompress],
    ['gzip', createGunzip],
  ] as const) {
    it(`sends its start (${encoding}) before its end is written, then the whole page`, async () => {
      const site = await streamingSite();
      const text: string[] = [];
      let gotStart = () => {};
      const started = new Promise<void>((resolve) => {
        gotStart = resolve;
      });
      const ended = new Promise<{ encoding: unknown }>((resolve, reject) => {
        const request = httpRequest(site.url, { headers: { 'accept-encoding': encoding } }, (response) => {
          const decoded = response.pipe(decompress());
          decoded.on('data', (chunk: Buffer) => {
            text.push(chunk.toString('utf8'));
            if (text.join('').includes('</style>')) gotStart();
          });
          decoded.on('end', () => resolve({ encoding: response.headers['content-encoding'] }));
          decoded.on('error', reject);
        });
        request.on('error', reject);
        request.end();
      });
      await started;
      expect(text.join('')).toBe('<!doctype html><html><head><style>p{color:red}</style>');
      site.release();
      expect(await ended).toEqual({ encoding });
      expect(text.join('')).toBe(
        '<!doctype html><html><head><style>p{color:red}</style></head><body><p>Rex</p></body></html>',
      );
    });
  }
});
