// The shell's host against the real local stack and a real scan deployment: the scan page comes as
// HTML with the profile in it, never worse than today's page when something is down or slow.

import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { verifiedFinderAddress } from '@medaille/domain/finder-identity';
import { type FederationManifest, remoteEntryUrl } from '@medaille/federation/manifest';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import type { ScanMessageForm, ScanRouteModule } from '@medaille/scan-contract';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import type { SupabaseClient } from '@supabase/supabase-js';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShellHost, DEFAULT_MANIFEST_MAX_AGE_MS, type ShellHostOptions } from '../src/index.ts';
import { attribute, elementsOf, textOf } from '../src/shell-page.ts';
import {
  folderAssets,
  hydrationOf,
  REPO,
  SHELL_BUILD,
  scanDeployment,
  serveHandler,
  serveHost,
  serverEntrySource,
  serveUnderDeno,
} from './support.ts';

const SECRET = 'a-test-secret-shared-with-no-one-else';
/** Owner text that would end a script element or open a comment (the database refuses line separators). */
const TRICKY_NAME = 'Rex </script><!-- <b>';

let stack: TestStack;
let scan: Awaited<ReturnType<typeof scanDeployment>>;
let owner: { client: SupabaseClient; email: string };
let rex: string;
let tricky: string;
const closing: (() => Promise<void>)[] = [];

async function activatedAnimal(animal: Record<string, unknown>): Promise<{ code: string; id: string }> {
  const code = await stack.newCode();
  const { data, error } = await owner.client.rpc('register_animal_with_code', { p_code: code, p_animal: animal });
  if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
  return { code, id: data.animal_id as string };
}

beforeAll(async () => {
  stack = await startTestStack();
  // The scan remote's real build, with its real server entry.
  scan = await scanDeployment();
  owner = await stack.signedInOwner('host');
  const animal = await activatedAnimal({ nom: 'Rex', espece: 'dog' });
  rex = animal.code;
  const { error } = await owner.client
    .from('animals')
    .update({
      is_lost: true,
      public_phone: '0612345678',
      show_public_phone: true,
      public_email: 'cache-rex@example.fr',
      show_public_email: false,
    })
    .eq('id', animal.id);
  if (error) throw error;
  tricky = (await activatedAnimal({ nom: TRICKY_NAME, espece: 'cat' })).code;
});

afterAll(async () => {
  for (const close of closing.splice(0)) await close();
  await scan?.close();
  await stack?.close();
});

function config(overrides: Partial<DeployConfig> = {}): DeployConfig {
  return {
    supabaseUrl: stack.url,
    supabaseAnonKey: stack.anonKey,
    imageTransformations: true,
    remotes: { scan: scan.manifestUrl, portal: 'http://127.0.0.1:9/mf-manifest.json' },
    ...overrides,
  };
}

/** The host on a Node server of its own, with the shell's real build and these options. */
async function startHost(options: Partial<ShellHostOptions> = {}) {
  const host = createShellHost({
    config: config(),
    // The stack's own: its functions then count each finder by the address the host vouches for.
    finderIdentitySecret: stack.finderIdentitySecret,
    assets: folderAssets(SHELL_BUILD),
    log: () => {},
    // What is rendered, not how fast: a busy test machine must not turn a page into the fallback at random.
    // The budget's own test gives a slow backend a short one.
    renderBudgetMs: 10_000,
    ...options,
  });
  // As the launcher does: the server entry loaded and compiled before the first finder comes.
  await host.ready();
  const site = await serveHost(host);
  closing.push(site.close);
  return site.url;
}

/** A test backend on a free loopback port, closed after the tests; its URL. */
async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A backend that answers every function after `delayMs`, writing down the headers it got: get_public_profile
 * a code that does not exist, post_finder_message `messageStatus`.
 */
async function recordingBackend(delayMs = 0, messageStatus = 200) {
  const seen: Record<string, string | string[] | undefined>[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    const message = request.url?.endsWith('/post_finder_message') === true;
    setTimeout(() => {
      response.writeHead(message ? messageStatus : 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(message ? { code: 'internal', error: 'x' } : { status: 'not_found', code: 'MDL-NOPE' }),
      );
    }, delayMs);
  });
  return { url: await listening(server), seen };
}

/**
 * A backend whose get_public_profile answers only once released (`status`: 200 with a code that does not
 * exist, or a failure), so that a test can see what the host sends before it.
 */
async function heldBackend(status = 200) {
  let calls = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let called = () => {};
  const firstCall = new Promise<void>((resolve) => {
    called = resolve;
  });
  const server: Server = createServer((request, response) => {
    calls += 1;
    called();
    request.resume();
    void released.then(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { status: 'not_found', code: 'MDL-NOPE' } : { code: 'internal' }));
    });
  });
  return {
    url: await listening(server),
    asked: () => calls,
    waitForCall: () => firstCall,
    release,
  };
}

describe('GET /{code}', () => {
  it('answers the page rendered by the scan remote, with its profile as hydration data', async () => {
    const url = await startHost();
    const response = await fetch(`${url}/${rex}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    // The name, the lost banner and the visible contact in the HTML itself, before any script.
    const body = html.slice(html.indexOf('<div id="scan-page">'));
    expect(body).toMatch(/<h1[^>]*>Rex<\/h1>/);
    expect(body).toContain('Animal signalé comme perdu');
    expect(body).toMatch(/href="tel:(\+33|0)612345678"/);
    expect(html).toContain('<html lang="fr">');
    const data = hydrationOf(html);
    expect(data).toMatchObject({
      build: scan.build,
      code: rex,
      answer: { status: 'claimed', name: 'Rex', is_lost: true },
    });
    // The word that the data is coming comes before the early-profile script, which then asks for nothing.
    expect(html.indexOf('id="medaille-scan-data-coming"')).toBeLessThan(html.indexOf('__MEDAILLE_EARLY_PROFILE__'));
    // The configuration inline, the scan remote announced, robots told off, its styles inline.
    expect(html).toContain(`window.__MEDAILLE_CONFIG__ = {"supabaseUrl":"${stack.url}"`);
    expect(html).not.toContain('<script src="/config.js"></script>');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${scan.manifestUrl}">`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    // Under the names the chunk loaders look for, so that no stylesheet is downloaded again, and after the
    // scripts' preloads, which a slow link then starts before the styles' bytes arrive.
    const styles = [...html.matchAll(/<style data-href="([^"]+)">[^<]+<\/style>/g)].map((match) => match[1]);
    expect(styles).toEqual([
      // The scan remote's by the name its manifest gives, relative to the remote's root; the shell's by path.
      expect.stringMatching(/^static\/css\/async\/scan-page\.[0-9a-f]+\.css$/),
      expect.stringMatching(/^\/static\/css\/async\/bootstrap\.[0-9a-f]+\.css$/),
      expect.stringMatching(/^\/static\/css\/async\/shared\.[0-9a-f]+\.css$/),
    ]);
    expect(html).not.toMatch(/as="style"/);
    expect(html.indexOf('<style')).toBeGreaterThan(html.lastIndexOf('rel="preload" as="script"'));
    // The message form fetches the dialog it turns into when opened: its chunk and its words in French.
    const early = elementsOf(parse(body)).find(
      (element) => element.tagName === 'script' && textOf(element).includes('showModal'),
    );
    const urls = JSON.parse((early && attribute(early, 'data-scripts')) ?? '[]') as string[];
    expect(urls.map((url) => /\/static\/js\/async\/([a-z-]+)\.[0-9a-f]+\.js$/.exec(url)?.[1])).toEqual([
      'dialogs-fr',
      'message-dialog',
    ]);
  });

  it('never puts a hidden contact in the HTML', async () => {
    const url = await startHost();
    const html = await (await fetch(`${url}/${rex}`)).text();
    // Stored in E.164, shown as the French read it.
    expect(html).toContain('href="tel:+33612345678"');
    expect(html).toContain('06 12 34 56 78');
    expect(html).not.toContain('cache-rex@example.fr');
  });

  it('puts the second contact in the HTML only while its switches are on, each value by its own', async () => {
    const url = await startHost();
    const { code, id } = await activatedAnimal({ nom: 'Filou', espece: 'cat' });
    const setSecond = async (changes: Record<string, unknown>) => {
      const { error } = await owner.client.from('animals').update(changes).eq('id', id);
      if (error) throw error;
    };
    await setSecond({
      second_contact_name: 'Marie-Voisine',
      second_contact_phone: '0755667788',
      show_second_contact_phone: true,
      second_contact_email: 'cache-marie@example.fr',
      show_second_contact_email: false,
    });
    const shown = await (await fetch(`${url}/${code}`)).text();
    const body = shown.slice(shown.indexOf('<div id="scan-page">'));
    expect(body).toContain('Autre contact : Marie-Voisine');
    expect(body).toMatch(/href="tel:\+33755667788"/);
    // The help calls the second contact, the owner's number being hidden.
    expect(body).toContain('Appeler Marie-Voisine');
    expect(shown).not.toContain('cache-marie@example.fr');

    await setSecond({ show_second_contact_phone: false });
    const hidden = await (await fetch(`${url}/${code}`)).text();
    for (const secret of ['0755667788', '07 55 66 77 88', 'cache-marie@example.fr', 'Marie-Voisine'])
      expect(hidden).not.toContain(secret);
  });

  it("answers in the finder's language", async () => {
    const url = await startHost();
    const html = await (await fetch(`${url}/${rex}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
    expect(html).toContain('<html lang="de">');
    const chosen = await (
      await fetch(`${url}/${rex}`, { headers: { 'accept-language': 'de-DE', cookie: 'x=1; medaille_lang=en' } })
    ).text();
    expect(chosen).toContain('<html lang="en">');
  });

  it("keeps the owner's text inside its script element, and reads it back unchanged", async () => {
    const url = await startHost();
    const html = await (await fetch(`${url}/${tricky}`)).text();
    const data = hydrationOf(html);
    expect(data?.answer).toMatchObject({ name: TRICKY_NAME });
    const script = /<script type="application\/json" id="medaille-scan-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(script).not.toMatch(/<|\u2028|\u2029/);
    expect(script).toContain('\\u003c/script>\\u003c!-- \\u003cb>');
  });

  it('answers a code that does not exist with its page (200, robots told off), and HEAD, which waits for the profile, 404', async () => {
    const url = await startHost();
    const response = await fetch(`${url}/MDL-NOPE-0000`);
    // The status left with the page's start, before the profile answered.
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(hydrationOf(html)).toMatchObject({ answer: { status: 'not_found' } });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect((await fetch(`${url}/MDL-NOPE-0000`, { method: 'HEAD' })).status).toBe(404);
  });

  it("sends the page's start (its head, styles and preloads) while the profile is still being asked for", async () => {
    const backend = await heldBackend();
    const url = await startHost({ config: config({ supabaseUrl: backend.url }) });
    const response = await fetch(`${url}/MDL-NOPE-0000`);
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    let start = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      start += read.value;
      if (start.includes('<style')) break;
    }
    // Still asked for: nothing of the profile yet, the head left open.
    expect(backend.asked()).toBe(1);
    expect(start).toMatch(/^<!doctype html><html lang="fr"><head>/);
    expect(start).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${scan.manifestUrl}">`);
    expect(start).not.toContain('</head>');
    backend.release();
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += read.value;
    expect(hydrationOf(start + rest)).toMatchObject({ answer: { status: 'not_found' } });
    expect(rest).toMatch(/<\/html>$/);
  });

  it('ends a page whose start was sent as the client-rendered page when its profile fails', async () => {
    const backend = await heldBackend(503);
    const url = await startHost({ config: config({ supabaseUrl: backend.url }) });
    const response = fetch(`${url}/${rex}`);
    await backend.waitForCall();
    backend.release();
    const html = await (await response).text();
    // The start as it was sent (its styles inline), then the shell's own body, its root for the client to
    // render into, and no data: the page asks for it.
    expect(html).toMatch(/<style data-href="[^"]+">/);
    expect(html).toMatch(/<\/head>\s*<body>\s*<div id="root"><\/div>\s*<\/body>\s*<\/html>\s*$/);
    expect(html).not.toContain('id="medaille-scan-data"');
    expect(html).not.toContain('id="scan-page"');
  });

  it('sends a code typed again on a page (its form without JavaScript) on to that code’s page, read as on the landing page', async () => {
    const url = await startHost();
    const answer = await fetch(`${url}/MDL-NOPE-0000?code=${encodeURIComponent('mdl demo rex')}`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/MDL-DEMO-REX');
    // Nothing like a code: the same page again.
    const nothing = await fetch(`${url}/MDL-NOPE-0000?code=`, { redirect: 'manual' });
    expect(nothing.headers.get('location')).toBe('/MDL-NOPE-0000');
  });

  it('answers HEAD with the headers alone', async () => {
    const url = await startHost();
    const response = await fetch(`${url}/${rex}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toBe('');
  });
});

describe("today's client-rendered page, when the server render cannot be done", () => {
  /**
   * Today's page, with the scan remote's files preloaded whenever its mf-manifest.json could be read: the
   * browser then fetches them beside the shell's, not one level after it.
   */
  function expectClientPage(html: string, deployment: { url: string; manifestUrl: string } = scan) {
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="scan-page"');
    expect(html).not.toContain('id="medaille-scan-data"');
    expect(html).toContain('window.__MEDAILLE_CONFIG__ = ');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${deployment.manifestUrl}">`);
    expect(html).toMatch(new RegExp(`<link rel="preload" as="script" href="${deployment.url}/[^"]+\\.js">`));
  }

  it('when the backend is down', async () => {
    const url = await startHost({ config: config({ supabaseUrl: 'http://127.0.0.1:9' }) });
    const response = await fetch(`${url}/${rex}`);
    expect(response.status).toBe(200);
    expectClientPage(await response.text());
  });

  it('when the profile takes longer than the budget', async () => {
    const slow = await recordingBackend(3_000);
    const url = await startHost({ config: config({ supabaseUrl: slow.url }), renderBudgetMs: 300 });
    const started = performance.now();
    const response = await fetch(`${url}/${rex}`);
    expectClientPage(await response.text());
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(slow.seen).toHaveLength(1);
  });

  it('when the server entry is not the file its manifest names', async () => {
    const broken = await scanDeployment();
    closing.push(broken.close);
    await broken.deployServerEntry(serverEntrySource('build-x'));
    const manifestUrl = `${broken.url}/server/server-manifest.json`;
    const manifest = (await (await fetch(manifestUrl)).json()) as { file: string };
    await broken.overwrite(`server/${manifest.file}`, serverEntrySource('tampered'));
    const url = await startHost({ config: config({ remotes: { scan: broken.manifestUrl, portal: '' } }) });
    const html = await (await fetch(`${url}/${rex}`)).text();
    expect(html).not.toContain('tampered');
    expectClientPage(html, broken);
  });

  it('when the scan deployment has no server entry (a remote deployed before the server render)', async () => {
    const webOnly = await scanDeployment();
    closing.push(webOnly.close);
    await rm(join(webOnly.root, 'server'), { recursive: true });
    const url = await startHost({ config: config({ remotes: { scan: webOnly.manifestUrl, portal: '' } }) });
    const response = await fetch(`${url}/${rex}`);
    expect(response.status).toBe(200);
    expectClientPage(await response.text(), webOnly);
  });

  it('when the render throws', async () => {
    const failing = await scanDeployment();
    closing.push(failing.close);
    await failing.deployServerEntry(
      serverEntrySource('x').replace(
        'export async function render(',
        'export async function render() { throw new Error("boom"); }\nasync function unused(',
      ),
    );
    const url = await startHost({ config: config({ remotes: { scan: failing.manifestUrl, portal: '' } }) });
    const response = await fetch(`${url}/${rex}`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('id="medaille-scan-data"');
  });
});

describe('the backend unreachable', () => {
  /** The host's fetch, whose requests to the stack go to a closed port once `down` is set: no backend there. */
  function backendThatGoesDown() {
    const state = { down: false };
    const outgoing: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const to = state.down && url.startsWith(stack.url) ? url.replace(stack.url, 'http://127.0.0.1:9') : url;
      return fetch(to, init);
    };
    return { state, outgoing };
  }

  it('renders the last public profile it read, says it may be out of date, and keeps the call, SMS and WhatsApp buttons', async () => {
    const backend = backendThatGoesDown();
    const url = await startHost({ fetch: backend.outgoing });
    const fresh = await (await fetch(`${url}/${rex}`)).text();
    expect(hydrationOf(fresh)).not.toHaveProperty('keptAt');
    backend.state.down = true;
    const response = await fetch(`${url}/${rex}`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const body = html.slice(html.indexOf('<div id="scan-page">'));
    expect(body).toMatch(/<h1[^>]*>Rex<\/h1>/);
    expect(body).toContain('The service is not responding right now: this profile dates from');
    expect(body).toMatch(/href="tel:(\+33|0)612345678"/);
    expect(body).toMatch(/href="sms:/);
    expect(body).toContain('href="https://wa.me/');
    // Only what was public: the hidden e-mail is no more in the copy than on the page.
    expect(html).not.toContain('cache-rex@example.fr');
    expect(hydrationOf(html)).toMatchObject({ answer: { status: 'claimed', name: 'Rex' }, keptAt: expect.any(String) });
    // A medal it never read has no copy: today's client-rendered page, whose script says it in the finder's words.
    const unknown = await (await fetch(`${url}/${tricky}`)).text();
    expect(unknown).not.toContain('id="medaille-scan-data"');
  });

  it('drops the copy when the backend says the medal is no longer claimed', async () => {
    const backend = backendThatGoesDown();
    const url = await startHost({ fetch: backend.outgoing });
    const { code, id } = await activatedAnimal({ nom: 'Ghost', espece: 'cat' });
    expect(hydrationOf(await (await fetch(`${url}/${code}`)).text())).toMatchObject({ answer: { name: 'Ghost' } });
    const { error } = await owner.client.from('animals').delete().eq('id', id);
    if (error) throw error;
    expect(hydrationOf(await (await fetch(`${url}/${code}`)).text())).toMatchObject({ answer: { status: 'retired' } });
    backend.state.down = true;
    const html = await (await fetch(`${url}/${code}`)).text();
    expect(html).not.toContain('Ghost');
    expect(html).not.toContain('id="medaille-scan-data"');
  });
});

describe('when even the shell cannot be read', () => {
  it('answers 503 with the French words, never a 500 or a stack trace', async () => {
    const url = await startHost({
      assets: async () => {
        throw new Error('the build is gone');
      },
    });
    for (const path of [`/${rex}`, '/mon-compte']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(503);
      expect(await response.text(), path).toBe('Une erreur est survenue. Veuillez réessayer.');
    }
  });
});

describe('a scan remote redeployed under a running host', () => {
  it('renders the new server entry within the manifests’ max age, without a restart', async () => {
    const own = await scanDeployment();
    closing.push(own.close);
    await own.deployServerEntry(serverEntrySource('before'));
    // The default max age (startHost sets none), as a deployment runs it.
    const url = await startHost({ config: config({ remotes: { scan: own.manifestUrl, portal: '' } }) });
    // An address of its own: its dozens of requests must not spend the profile limit of the other tests'.
    const finder = fetchFrom(newClientAddress());
    expect(await (await finder(`${url}/${rex}`)).text()).toContain('data-build="before"');
    await own.deployServerEntry(serverEntrySource('after'));
    const deployed = performance.now();
    let html = '';
    while (!html.includes('data-build="after"')) {
      expect(performance.now() - deployed).toBeLessThan(DEFAULT_MANIFEST_MAX_AGE_MS + 5_000);
      html = await (await finder(`${url}/${rex}`)).text();
      if (!html.includes('data-build="after"')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - deployed) / 1000;
    console.info(`a redeployed scan remote rendered ${seconds.toFixed(1)} s after its deployment`);
    expect(hydrationOf(html)).toMatchObject({ build: 'after' });
  });

  it('reads its manifests once per max age, not on every request', async () => {
    let reads = 0;
    // A backend of its own: 100 profile requests from one address would pass the real one's rate limit.
    const backend = await recordingBackend();
    const url = await startHost({
      config: config({ supabaseUrl: backend.url }),
      onManifestRead: () => (reads += 1),
      manifestMaxAgeMs: 60_000,
    });
    const before = reads;
    for (let request = 0; request < 100; request += 1) {
      expect((await fetch(`${url}/MDL-NOPE-0000`, { method: 'HEAD' })).status).toBe(404);
    }
    console.info(`manifest reads for 100 scan pages: ${reads - before} (after the warm-up's ${before})`);
    expect(reads - before).toBe(0);
  });
});

describe("the shell's page", () => {
  it('is read once per scan page when the finder accepts compression, not a second time uncompressed', async () => {
    const files = folderAssets(SHELL_BUILD);
    let pageReads = 0;
    const backend = await recordingBackend();
    const url = await startHost({
      config: config({ supabaseUrl: backend.url }),
      // As static hosting answers a browser: HTML compressed when the request accepts it.
      assets: async (request) => {
        const response = await files(request);
        const type = response.headers.get('content-type') ?? '';
        if (!type.startsWith('text/html')) return response;
        pageReads += 1;
        if (!request.headers.get('accept-encoding')?.includes('gzip')) return response;
        const body = gzipSync(new Uint8Array(await response.arrayBuffer()));
        return new Response(body, { headers: { 'content-type': type, 'content-encoding': 'gzip' } });
      },
    });
    const before = pageReads;
    for (let page = 0; page < 10; page += 1) {
      const response = await fetch(`${url}/MDL-NOPE-0000`, { headers: { 'accept-encoding': 'gzip' } });
      expect(await response.text()).toContain('id="medaille-scan-data"');
    }
    // Once each to tell the path from a file of the build, and the page's text kept for the manifests' max age.
    expect(pageReads - before).toBeLessThanOrEqual(11);
  });
});

describe("the host's own requests", () => {
  it("go through its fetch: the profile to the backend, the manifests, module and styles to the scan deployment, the portal's manifest to its own", async () => {
    const asked: string[] = [];
    const url = await startHost({
      fetch: (input, init) => {
        asked.push(new URL(input instanceof Request ? input.url : String(input)).origin);
        return fetch(input, init);
      },
    });
    expect((await fetch(`${url}/${rex}`)).status).toBe(200);
    const portal = new URL(config().remotes.portal).origin;
    expect(new Set(asked)).toEqual(new Set([new URL(stack.url).origin, new URL(scan.manifestUrl).origin, portal]));
  });
});

describe("the finder's identity", () => {
  it('is the socket address, signed; never a header the client sent', async () => {
    const backend = await recordingBackend();
    const url = await startHost({ config: config({ supabaseUrl: backend.url }), finderIdentitySecret: SECRET });
    await fetch(`${url}/MDL-NOPE`, {
      headers: {
        'x-medaille-finder': 'v1.forged.0.forged',
        'x-forwarded-for': '203.0.113.9',
        'cf-connecting-ip': '203.0.113.9',
      },
    });
    const [seen] = backend.seen;
    expect(await verifiedFinderAddress(SECRET, seen?.['x-medaille-finder'] as string)).toBe('127.0.0.1');
    expect(seen?.['x-forwarded-for']).toBeUndefined();
    expect(seen?.['cf-connecting-ip']).toBeUndefined();
  });

  it('is not passed on without a secret', async () => {
    const backend = await recordingBackend();
    const url = await startHost({ config: config({ supabaseUrl: backend.url }), finderIdentitySecret: null });
    await fetch(`${url}/MDL-NOPE`, { headers: { 'x-medaille-finder': 'v1.forged.0.forged' } });
    expect(backend.seen[0]?.['x-medaille-finder']).toBeUndefined();
  });
});

describe("the host's connections to the backend", () => {
  it('are kept alive: twenty finders one after the other reach it over one connection', async () => {
    let connections = 0;
    const server: Server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'not_found', code: 'MDL-NOPE' }));
    });
    server.on('connection', () => {
      connections += 1;
    });
    const url = await startHost({ config: config({ supabaseUrl: await listening(server) }) });
    for (let finder = 0; finder < 20; finder += 1) {
      expect((await fetchFrom(newClientAddress())(`${url}/MDL-NOPE`, { method: 'HEAD' })).status).toBe(404);
    }
    expect(connections).toBe(1);
  });
});

describe("the finder's identity through the real stack", () => {
  it("gives each finder the profile rate limit of their own address, not the host's", async () => {
    const url = await startHost();
    const finder = fetchFrom(newClientAddress());
    const other = fetchFrom(newClientAddress());
    // get_public_profile's limit: 60 a minute for one client (a code that does not exist counts too).
    for (let request = 0; request < 60; request += 1) {
      expect((await finder(`${url}/MDL-NOPE`, { method: 'HEAD' })).status).toBe(404);
    }
    const limited = await (await finder(`${url}/${rex}`)).text();
    expect(limited).not.toContain('id="medaille-scan-data"');
    const fresh = await (await other(`${url}/${rex}`)).text();
    expect(hydrationOf(fresh)).toMatchObject({ answer: { status: 'claimed', name: 'Rex' } });
  });
});

describe("many finders behind one address (a café, a carrier's NAT)", () => {
  it('serves 40 of them, each opening the page and writing to the owner', async () => {
    const url = await startHost();
    const { code } = await activatedAnimal({ nom: 'Filou', espece: 'dog' });
    const cafe = fetchFrom(newClientAddress());
    for (let finder = 0; finder < 40; finder += 1) {
      const page = await (await cafe(`${url}/${code}`)).text();
      expect(hydrationOf(page), `finder ${finder}`).toMatchObject({ answer: { status: 'claimed', name: 'Filou' } });
      const sent = await cafe(`${url}/${code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ message: `Vu au café (${finder})`, contact: '', website: '' }).toString(),
      });
      expect(hydrationOf(await sent.text()), `finder ${finder}`).toMatchObject({ messageForm: { state: 'sent' } });
    }
  });

  it("keeps the name and the call, SMS and WhatsApp buttons past the page's limit for one address", async () => {
    const url = await startHost();
    const flood = fetchFrom(newClientAddress());
    // 120 openings of one medal's page a minute per address (a finder without JavaScript who writes opens it twice).
    for (let opening = 0; opening < 120; opening += 1) {
      expect((await flood(`${url}/${rex}`, { method: 'HEAD' })).status).toBe(200);
    }
    const response = await flood(`${url}/${rex}`, { method: 'HEAD' });
    expect(response.status).toBe(429);
    const html = await (await flood(`${url}/${rex}`)).text();
    const body = html.slice(html.indexOf('<div id="scan-page">'));
    expect(body).toMatch(/<h1[^>]*>Rex<\/h1>/);
    expect(body).toContain('Trop de consultations depuis votre connexion');
    expect(body).toMatch(/href="tel:(\+33|0)612345678"/);
    expect(body).toMatch(/href="sms:/);
    expect(body).toContain('href="https://wa.me/');
    // Only what a call needs, and only what is public.
    expect(html).not.toContain('cache-rex@example.fr');
    expect(hydrationOf(html)).toMatchObject({ answer: { status: 'rate_limited', name: 'Rex' } });
    // Another medal's page from the same address is served whole.
    expect(hydrationOf(await (await flood(`${url}/${tricky}`)).text())).toMatchObject({
      answer: { status: 'claimed' },
    });
  });
});

describe('POST /{code}: the message form without JavaScript', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  it("sends the message to the owner's mailbox and says so on the page", async () => {
    const url = await startHost();
    const response = await fetch(
      `${url}/${rex}`,
      form({ message: 'Trouvé au parc', contact: '0611223344', website: '' }),
    );
    expect(response.status).toBe(200);
    expect(hydrationOf(await response.text())).toMatchObject({ messageForm: { state: 'sent' } });
    const mail = await stack.lastMail(owner.email);
    expect(mail.text).toContain('Trouvé au parc');
    expect(mail.text).toContain('0611223344');
  });

  it("refuses with the function's French error and the finder's text kept", async () => {
    const url = await startHost();
    const message = 'x'.repeat(301);
    const response = await fetch(`${url}/${rex}`, form({ message, contact: 'moi@example.fr', website: '' }));
    expect(response.status).toBe(400);
    expect(hydrationOf(await response.text())).toMatchObject({
      messageForm: {
        state: 'refused',
        error: 'Le message ne doit pas dépasser 300 caractères.',
        values: { message, contact: 'moi@example.fr' },
      },
    });
  });

  it("keeps the finder's text on a page slower than a scan page's budget: the finder already waited to send", async () => {
    // A 1 ms budget: any GET of this host answers the client-rendered page, which knows nothing of a form.
    const url = await startHost({ renderBudgetMs: 1 });
    const message = 'y'.repeat(301);
    const response = await fetch(`${url}/${rex}`, form({ message, contact: '', website: '' }));
    expect(response.status).toBe(400);
    expect(hydrationOf(await response.text())).toMatchObject({
      messageForm: { state: 'refused', values: { message, contact: '' } },
    });
  });

  it("keeps the finder's text when the function fails (503, the functions' French words)", async () => {
    const backend = await recordingBackend(0, 500);
    const url = await startHost({ config: config({ supabaseUrl: backend.url }) });
    const response = await fetch(`${url}/MDL-NOPE`, form({ message: 'Il est chez moi', contact: '', website: '' }));
    expect(response.status).toBe(503);
    expect(hydrationOf(await response.text())).toMatchObject({
      messageForm: {
        state: 'refused',
        error: 'Une erreur est survenue. Veuillez réessayer.',
        values: { message: 'Il est chez moi', contact: '' },
      },
    });
  });

  it('refuses another content type (415) and a body over 16 KB (413)', async () => {
    const url = await startHost();
    const json = await fetch(`${url}/${rex}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":"x"}',
    });
    expect(json.status).toBe(415);
    const big = await fetch(`${url}/${rex}`, form({ message: 'x'.repeat(17 * 1024) }));
    expect(big.status).toBe(413);
  });
});

describe("POST /{code}: the finder's text given back when its page cannot be", () => {
  /** What a finder typed, with text that must stay text, and a field the host has never heard of. */
  const SENT: [string, string][] = [
    ['message', 'Il est chez moi <script>alert(1)</script> & il va bien'],
    ['contact', 'moi "à" example.fr'],
    ['website', ''],
    ['un"autre<champ', "l'autre & <b>"],
  ];
  const postForm = (fields: [string, string][]) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  /** A scan deployment whose manifest answers 404: no action can run. */
  const unloadable = () => config({ remotes: { scan: `${scan.url}/gone/mf-manifest.json`, portal: '' } });

  /** The functions' words for a refusal, as the action gives them for its page. */
  const REFUSAL = 'Vous avez déjà envoyé plusieurs messages pour cet animal. Réessayez dans une heure.';

  /** A route module whose action reads the whole form and answers `status`, and whose render throws. */
  function brokenRenderRoute(status: number) {
    const received: string[] = [];
    const route: ScanRouteModule = {
      BUILD_ID: 'broken-render',
      loader: async () => ({ status: 200, data: null }),
      action: async ({ request }) => {
        received.push(await request.text());
        const messageForm: ScanMessageForm =
          status >= 400
            ? { state: 'refused', error: REFUSAL, values: { message: '', contact: '' } }
            : { state: 'sent' };
        const headers: Record<string, string> = status >= 400 ? { 'Retry-After': '3600' } : {};
        return { status, headers, data: { messageForm } };
      },
      render: async () => {
        throw new Error('the render broke');
      },
    };
    return { route, received };
  }

  /** The page read as a browser reads it: the form to send again, and the text a person sees. */
  function expectResendPage(
    response: Response,
    html: string,
    code: string,
    sent: [string, string][],
    outcome = { status: 503, retryAfter: /^[1-9][0-9]?$/ },
  ) {
    expect(response.status).toBe(outcome.status);
    expect(response.headers.get('retry-after')).toMatch(outcome.retryAfter);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toMatch(/<script/i);
    const elements = elementsOf(parse(html));
    const forms = elements.filter((element) => element.tagName === 'form');
    expect(forms).toHaveLength(1);
    const [resend] = forms as [(typeof forms)[number]];
    expect(attribute(resend, 'method')).toBe('post');
    expect(attribute(resend, 'action')).toBe(`/${code}`);
    const inputs = elementsOf(resend).filter((element) => element.tagName === 'input');
    expect(
      inputs.map((input) => [attribute(input, 'type'), attribute(input, 'name'), attribute(input, 'value')]),
    ).toEqual(sent.map(([name, value]) => ['hidden', name, value]));
    const button = elementsOf(resend).find((element) => element.tagName === 'button');
    expect(button && textOf(button)).toBe('Renvoyer le message');
    expect(elements.some((element) => element.tagName === 'a' && attribute(element, 'href') === `/${code}`)).toBe(true);
    // The typed text shown, to copy: decoded as text by the parser, never markup.
    const shown = elements.flatMap((element) => (element.tagName === 'form' ? [] : [textOf(element)])).join('\n');
    for (const [, value] of sent.filter(([, value]) => value !== '')) expect(shown).toContain(value);
    expect(shown).toContain("Impossible d'envoyer le message");
  }

  it('when the scan deployment cannot be loaded: 503, the text shown and a form that posts every field again', async () => {
    const url = await startHost({ config: unloadable() });
    const response = await fetch(`${url}/${rex}`, postForm(SENT));
    expectResendPage(response, await response.text(), rex, SENT);
  });

  it('when the action refused and its page cannot be rendered', async () => {
    const { route, received } = brokenRenderRoute(429);
    const url = await startHost({ scanRoute: route });
    const response = await fetch(`${url}/${rex}`, postForm(SENT));
    const html = await response.text();
    // The refusal's own status, wait and words (a server's refusal text is shown as the description).
    expectResendPage(response, html, rex, SENT, { status: 429, retryAfter: /^3600$/ });
    expect(html).toContain(REFUSAL);
    // The action read the whole form: the host's own read took nothing from it.
    expect(received).toEqual([new URLSearchParams(SENT).toString()]);
  });

  it("when the scan deployment's action itself fails", async () => {
    const { route } = brokenRenderRoute(200);
    const url = await startHost({
      scanRoute: {
        ...route,
        action: async () => {
          throw new Error('the action broke');
        },
      },
    });
    const response = await fetch(`${url}/${rex}`, postForm(SENT));
    expectResendPage(response, await response.text(), rex, SENT);
  });

  it("keeps today's client-rendered page when the action sent the message and its page cannot be rendered", async () => {
    const { route, received } = brokenRenderRoute(200);
    const url = await startHost({ scanRoute: route });
    const response = await fetch(`${url}/${rex}`, postForm(SENT));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('Renvoyer le message');
    expect(received).toHaveLength(1);
  });

  it("keeps today's client-rendered 503 for a body that is no form, or too big a form, when no action can run", async () => {
    const url = await startHost({ config: unloadable() });
    const json = await fetch(`${url}/${rex}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x' }),
    });
    const big = await fetch(`${url}/${rex}`, postForm([['message', 'x'.repeat(17 * 1024)]]));
    for (const response of [json, big]) {
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Renvoyer le message');
    }
  });
});

describe("the shell's other pages and files", () => {
  it('serves every page with the configuration inline, and /config.js', async () => {
    const url = await startHost();
    const page = await fetch(`${url}/mon-compte`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('window.__MEDAILLE_CONFIG__ = ');
    expect(html).not.toContain('noindex');
    const script = await (await fetch(`${url}/config.js`)).text();
    expect(script).toBe(`window.__MEDAILLE_CONFIG__ = ${JSON.stringify(config())};\n`);
    // One segment, like a medal code, but a file of the build.
    const logo = await fetch(`${url}/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('shows a browser without JavaScript the landing’s code form, which works as a plain GET, and says elsewhere that JavaScript is needed', async () => {
    const url = await startHost();
    const noscript = (html: string) => /<body>\s*<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    const landing = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
    const form = noscript(landing);
    expect(form).toContain('<form class="landing-found-form" method="get" action="/">');
    expect(form).toContain('<input id="scriptless-code" name="code"');
    expect(form).toContain('Vous avez trouvé un animal ?');
    // The shell's styles too, which its scripts add otherwise.
    expect(landing).toMatch(/<noscript><link rel="stylesheet" href="\/static\/css\/[^"]+\.css">/);
    // The form sent: the code's page, read as the landing's script reads what is typed.
    const sent = await fetch(`${url}/?code=${encodeURIComponent(' mdl 7kq4 m9xp 3t ')}`, { redirect: 'manual' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/MDL-7KQ4-M9XP-3T');
    // Sent empty: the landing again, saying what is missing.
    const empty = await fetch(`${url}/?code=+`, { redirect: 'manual' });
    expect(empty.status).toBe(200);
    expect(noscript(await empty.text())).toContain('Saisissez le code imprimé sur la médaille.</p>');
    // The login page, and every other page of the shell, says JavaScript is needed, in French.
    const login = noscript(await (await fetch(`${url}/auth/login`, { headers: { accept: 'text/html' } })).text());
    expect(login).toContain('Cette page a besoin de JavaScript : activez-le dans votre navigateur');
    expect(login).toContain('<a href="/">');
  });

  it('answers a conversation link cut short with the page that says it opens nothing, not the blank shell', async () => {
    const url = await startHost();
    const cut = await fetch(`${url}/conversation/${'ab'.repeat(20)}`, { headers: { 'accept-language': 'fr-FR' } });
    expect(cut.status).toBe(404);
    const html = await cut.text();
    expect(html).toContain('Ce lien n&#x27;est pas, ou plus, valable.');
    expect(html).not.toContain('id="root"');
  });

  it("announces the portal's files on an owner's page (its manifest, entry, exposed scripts and styles), and on no other", async () => {
    const portal = await serveHandler(folderAssets(join(REPO, 'remotes/portal/dist'), false));
    closing.push(portal.close);
    const manifestUrl = `${portal.url}/mf-manifest.json`;
    const url = await startHost({ config: config({ remotes: { scan: scan.manifestUrl, portal: manifestUrl } }) });
    const preloads = async (path: string) => {
      const html = await (await fetch(`${url}${path}`, { headers: { accept: 'text/html' } })).text();
      return elementsOf(parse(html))
        .filter((element) => element.tagName === 'link' && attribute(element, 'rel') === 'preload')
        .map(
          (element) =>
            `${attribute(element, 'as')} ${attribute(element, 'href')} ${attribute(element, 'fetchpriority')}`,
        )
        .filter((preload) => preload.includes(portal.url));
    };
    const manifest = JSON.parse(await (await fetch(manifestUrl)).text()) as FederationManifest;
    const exposed = manifest.exposes[0]?.assets;
    // At a low priority: the shell's own scripts first.
    const expected = [
      `fetch ${manifestUrl} low`,
      `script ${remoteEntryUrl(manifest, manifestUrl)} low`,
      ...(exposed?.js.sync ?? []).map((file) => `script ${portal.url}/${file} low`),
      ...(exposed?.css.sync ?? []).map((file) => `style ${portal.url}/${file} low`),
    ];
    expect(expected.length).toBeGreaterThan(3);
    expect(await preloads('/auth/login')).toEqual(expected);
    // A page the manifest names has its own files after them (the next test).
    for (const path of ['/mon-compte', '/mon-compte/animal/abc']) {
      expect((await preloads(path)).slice(0, expected.length), path).toEqual(expected);
    }
    for (const path of ['/', '/nowhere/at-all', `/${rex}`]) expect(await preloads(path), path).toEqual([]);
  });

  it("on a page the portal's manifest names, also announces that page's files and asks for its data in its HTML", async () => {
    const portal = await serveHandler(folderAssets(join(REPO, 'remotes/portal/dist'), false));
    closing.push(portal.close);
    const manifestUrl = `${portal.url}/mf-manifest.json`;
    const url = await startHost({ config: config({ remotes: { scan: scan.manifestUrl, portal: manifestUrl } }) });
    const head = async (path: string) => {
      const html = await (await fetch(`${url}${path}`, { headers: { accept: 'text/html' } })).text();
      const elements = elementsOf(parse(html));
      return {
        scripts: elements
          .filter((element) => element.tagName === 'script' && textOf(element).includes('__MEDAILLE_EARLY_DATA__'))
          .map(textOf),
        preloads: elements
          .filter((element) => element.tagName === 'link' && attribute(element, 'rel') === 'preload')
          .map((element) => attribute(element, 'href') ?? ''),
      };
    };
    const manifest = JSON.parse(await (await fetch(manifestUrl)).text()) as FederationManifest;
    const pageFiles = (path: string) =>
      (manifest.pages?.find((page) => page.path === path)?.js ?? []).map((file) => `${portal.url}/${file}`);
    const animal = '3f0c6f63-9d3a-4c1e-8c0b-2b6e1f1f0a11';
    expect(pageFiles('/mon-compte/animal/:id').some((file) => /edit-animal-page\.[0-9a-f]+\.js$/.test(file))).toBe(
      true,
    );

    const edit = await head(`/mon-compte/animal/${animal}`);
    expect(edit.preloads).toEqual(expect.arrayContaining(pageFiles('/mon-compte/animal/:id')));
    expect(edit.scripts).toHaveLength(1);
    // The route's animal written in, the person's id left for the browser, which alone knows it.
    expect(edit.scripts[0]).toContain(
      `/rest/v1/animals?select=*%2Ccodes%28id%2Csuspended_at%2Csuspended_by%29&id=eq.${animal}`,
    );
    expect(edit.scripts[0]).toContain(
      `/rest/v1/animal_members?select=role%2Caccess_until&animal_id=eq.${animal}&user_id=eq.{user}`,
    );

    const list = await head('/mon-compte');
    expect(list.preloads).toEqual(expect.arrayContaining(pageFiles('/mon-compte')));
    expect(list.scripts).toHaveLength(1);

    // A parameter that is not a plain id goes into no read: the page's files still come, its data is asked later.
    const odd = await head('/mon-compte/animal/x%26select%3D*');
    expect(odd.preloads).toEqual(expect.arrayContaining(pageFiles('/mon-compte/animal/:id')));
    expect(odd.scripts).toEqual([]);
    // Another owner page: the portal's own files only.
    const login = await head('/auth/login');
    expect(login.scripts).toEqual([]);
    expect(login.preloads.some((href) => /edit-animal-page|account-page/.test(href))).toBe(false);
  });
});

describe('the request log', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The host whose request lines this test reads. */
  async function loggingHost() {
    const lines: string[] = [];
    const url = await startHost({ requestLog: (line) => lines.push(line) });
    return { url, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it("writes one JSON line for a scan page, naming its route, never its code or the finder's address; the functions' line carries its id", async () => {
    const host = await loggingHost();
    const address = newClientAddress();
    // The stack's functions run in this process: their console.log is seen here.
    const functionsLog = vi.spyOn(console, 'log');
    let response: Response;
    let functionsLines: unknown[][];
    try {
      // An id the client made up is not the host's to pass on.
      const forged = crypto.randomUUID();
      response = await fetchFrom(address)(`${host.url}/${rex}`, { headers: { 'x-request-id': forged } });
      expect(response.status).toBe(200);
      await response.text();
      expect(response.headers.get('x-request-id')).not.toBe(forged);
    } finally {
      // Read before the spy is restored, which forgets its calls.
      functionsLines = [...functionsLog.mock.calls];
      functionsLog.mockRestore();
    }
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    expect(host.lines).toHaveLength(1);
    const [line] = host.parsed();
    expect(line).toEqual({
      time: expect.any(String),
      service: 'host',
      route: 'scan-page',
      method: 'GET',
      status: 200,
      duration_ms: expect.any(Number),
      request_id: requestId,
    });
    expect(Number.isInteger(line?.duration_ms)).toBe(true);
    expect(new Date(line?.time as string).toISOString()).toBe(line?.time);
    for (const kept of [rex, address]) expect(host.lines[0]).not.toContain(kept);
    const functionLines = functionsLines
      .map(([text]) => (typeof text === 'string' && text.startsWith('{') ? JSON.parse(text) : null))
      .filter((parsed) => parsed?.service === 'functions');
    expect(functionLines).toEqual([
      expect.objectContaining({ route: 'get_public_profile', status: 200, request_id: requestId }),
    ]);
  });

  it("names each route, never a path's code or private link, nor what the finder wrote", async () => {
    const host = await loggingHost();
    const words = `Il dort chez moi ${crypto.randomUUID()}`;
    const sent = await fetch(`${host.url}/${rex}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ message: words, contact: '', website: '' }).toString(),
    });
    const conversation = /href="(\/conversation\/[^"]+)"/.exec(await sent.text())?.[1] as string;
    expect(conversation).toBeDefined();
    await (await fetch(`${host.url}${conversation}`)).text();
    await (await fetch(`${host.url}/config.js`)).text();
    await (await fetch(`${host.url}/logo.svg`)).arrayBuffer();
    await (await fetch(`${host.url}/mon-compte`, { headers: { accept: 'text/html' } })).text();
    expect(host.parsed().map(({ route, status }) => ({ route, status }))).toEqual([
      { route: 'scan-action', status: 200 },
      { route: 'conversation', status: 200 },
      { route: 'config', status: 200 },
      { route: 'asset', status: 200 },
      { route: 'shell-page', status: 200 },
    ]);
    const token = conversation.split('/').pop() as string;
    for (const kept of [rex, token, words, 'mon-compte', 'logo']) expect(host.lines.join('\n')).not.toContain(kept);
  });
});

describe('the same handler under Deno (an edge runtime)', () => {
  it('answers a server-rendered scan page from Deno.serve', async () => {
    const assets = await serveHandler(folderAssets(SHELL_BUILD));
    closing.push(assets.close);
    const deno = await serveUnderDeno({
      SHELL_ASSETS: assets.url,
      SHELL_CONFIG: JSON.stringify(config()),
      FINDER_IDENTITY_SECRET: stack.finderIdentitySecret,
    });
    closing.push(deno.close);
    // A finder of its own: the profile limit (60 a minute per address) is not this test's to share.
    const finder = fetchFrom(newClientAddress());
    const response = await finder(`${deno.url}/${rex}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html.slice(html.indexOf('<div id="scan-page">'))).toMatch(/<h1[^>]*>Rex<\/h1>/);
    expect(hydrationOf(html)).toMatchObject({ build: scan.build, answer: { status: 'claimed', name: 'Rex' } });
    const form = await finder(`${deno.url}/${rex}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=Vu+sous+Deno&contact=&website=',
    });
    expect(hydrationOf(await form.text())).toMatchObject({ messageForm: { state: 'sent' } });
    expect((await stack.lastMail(owner.email)).text).toContain('Vu sous Deno');
  });
});
