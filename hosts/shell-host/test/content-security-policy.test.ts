// Every page the host answers says it may not be framed and carries a Content-Security-Policy that allows the
// shell's, the remotes' and the backend's origins only, and each inline script of each kind of page by its hash.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellHost } from '../src/index.ts';
import { attribute, elementsOf, textOf } from '../src/shell-page.ts';
import { folderAssets, REPO, SHELL_BUILD, scanDeployment, serveHandler, serveHost } from './support.ts';

let stack: TestStack;
let scan: Awaited<ReturnType<typeof scanDeployment>>;
let portal: Awaited<ReturnType<typeof serveHandler>>;
let rex: string;
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  scan = await scanDeployment();
  portal = await serveHandler(folderAssets(join(REPO, 'remotes/portal/dist'), false));
  const owner = await stack.signedInOwner('csp');
  const code = await stack.newCode();
  const { data, error } = await owner.client.rpc('register_animal_with_code', {
    p_code: code,
    p_animal: { nom: 'Rex', espece: 'dog' },
  });
  if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
  rex = code;
});

afterAll(async () => {
  for (const close of closing.splice(0)) await close();
  await portal?.close();
  await scan?.close();
  await stack?.close();
});

function config(overrides: Partial<DeployConfig> = {}): DeployConfig {
  return {
    supabaseUrl: stack.url,
    supabaseAnonKey: stack.anonKey,
    imageTransformations: true,
    remotes: { scan: scan.manifestUrl, portal: `${portal.url}/mf-manifest.json` },
    ...overrides,
  };
}

async function startHost(hostConfig = config()) {
  const host = createShellHost({
    config: hostConfig,
    finderIdentitySecret: stack.finderIdentitySecret,
    assets: folderAssets(SHELL_BUILD),
    log: () => {},
    renderBudgetMs: 10_000,
  });
  await host.ready();
  const site = await serveHost(host);
  closing.push(site.close);
  return site.url;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The policy's directives, each with its sources. */
function directives(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** The code of every script the browser would run inline: no src, and a JavaScript type (or none). */
function inlineScripts(html: string): string[] {
  return elementsOf(parse(html))
    .filter((element) => element.tagName === 'script' && attribute(element, 'src') === null)
    .filter((element) => ['', 'text/javascript', 'module'].includes(attribute(element, 'type') ?? ''))
    .map(textOf);
}

const hashSource = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const origin = (url: string) => new URL(url).origin;

/** A page as a browser gets it: framing refused, each of its inline scripts allowed by the policy's hashes. */
async function expectGuarded(response: Response, kind: string, scripts: { atLeast: number }) {
  const html = await response.text();
  expect(response.headers.get('content-type'), kind).toMatch(/^text\/html/);
  expect(response.headers.get('x-frame-options'), kind).toBe('DENY');
  const policy = directives(response);
  expect(policy.get('frame-ancestors'), kind).toEqual(["'none'"]);
  const scriptSources = policy.get('script-src') ?? [];
  const inline = inlineScripts(html);
  expect(inline.length, kind).toBeGreaterThanOrEqual(scripts.atLeast);
  for (const code of inline) expect(scriptSources, `${kind}: ${code.slice(0, 80)}`).toContain(hashSource(code));
  return { html, policy };
}

describe('the Content-Security-Policy of every page', () => {
  it("allows the shell's, the remotes' and the backend's origins only, never inline code without its hash", async () => {
    const url = await startHost();
    const response = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    const { policy } = await expectGuarded(response, 'landing', { atLeast: 3 });
    const remotes = [origin(scan.manifestUrl), origin(portal.url)];
    expect(policy.get('default-src')).toEqual(["'self'"]);
    const scriptSources = policy.get('script-src') ?? [];
    expect(scriptSources.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'", ...remotes]);
    expect(policy.get('connect-src')).toEqual(["'self'", origin(stack.url), ...remotes, 'blob:']);
    expect(policy.get('img-src')).toEqual(["'self'", origin(stack.url), ...remotes, 'data:', 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'", ...remotes, "'unsafe-inline'"]);
    expect(policy.get('font-src')).toEqual(["'self'", ...remotes]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it("covers the shell's pages: the sign-in, and an owner's page with its early-data script", async () => {
    const url = await startHost();
    await expectGuarded(await fetch(`${url}/auth/login`, { headers: { accept: 'text/html' } }), 'sign-in', {
      atLeast: 3,
    });
    // The portal's manifest read (the host reads it at start): the owner's page asks for its data in its HTML.
    const animal = '3f0c6f63-9d3a-4c1e-8c0b-2b6e1f1f0a11';
    const edit = await fetch(`${url}/mon-compte/animal/${animal}`, { headers: { accept: 'text/html' } });
    const { html } = await expectGuarded(edit, 'edit page', { atLeast: 4 });
    expect(html).toContain('__MEDAILLE_EARLY_DATA__');
  });

  it('covers the scan page, streamed or whole, found or not, and its HEAD', async () => {
    const url = await startHost();
    const { html } = await expectGuarded(await fetch(`${url}/${rex}`), 'scan page', { atLeast: 4 });
    expect(html).toContain('id="scan-page"');
    expect(html).toContain('showModal');
    await expectGuarded(await fetch(`${url}/MDL-NOPE-0000`), 'unknown code', { atLeast: 3 });
    const head = await fetch(`${url}/${rex}`, { method: 'HEAD' });
    expect(head.headers.get('x-frame-options')).toBe('DENY');
    expect(directives(head).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('covers the message form’s pages without JavaScript, refused and sent, and the conversation page', async () => {
    const url = await startHost();
    const refused = await fetch(`${url}/${rex}`, form({ message: 'x'.repeat(301), contact: '', website: '' }));
    expect(refused.status).toBe(400);
    await expectGuarded(refused, 'refused form', { atLeast: 4 });
    const sent = await fetch(
      `${url}/${rex}`,
      form({ message: 'Trouvé au parc', contact: '', email: 'trouveur@example.fr', website: '' }),
    );
    expect(sent.status).toBe(200);
    const { html } = await expectGuarded(sent, 'sent form', { atLeast: 3 });
    const conversation = /href="(\/conversation\/[^"]+)"/.exec(html)?.[1];
    expect(conversation).toBeDefined();
    const { html: page } = await expectGuarded(await fetch(`${url}${conversation}`), 'conversation', { atLeast: 1 });
    expect(page).toContain('conversation-lines');
  });

  it("covers today's client-rendered page, and the host's own page that gives a form back", async () => {
    const down = await startHost(config({ supabaseUrl: 'http://127.0.0.1:9' }));
    const client = await expectGuarded(await fetch(`${down}/${rex}`), 'client-rendered', { atLeast: 3 });
    expect(client.html).not.toContain('id="scan-page"');
    const unloadable = await startHost(
      config({ remotes: { scan: `${scan.url}/gone/mf-manifest.json`, portal: `${portal.url}/mf-manifest.json` } }),
    );
    const resend = await fetch(`${unloadable}/${rex}`, form({ message: 'Chez moi', contact: '', website: '' }));
    expect(resend.status).toBe(503);
    const { html } = await expectGuarded(resend, 'form given back', { atLeast: 0 });
    expect(html).toContain('Renvoyer le message');
  });
});
