// The Deno Deploy entry (deno/deploy.ts) run under real Deno against the built product, as the platform runs
// it: the shell's build from its folder, the scan page server-rendered from the scan deployment, and GET
// /healthz saying whether the backend and each remote answer (200 when all do, 503 otherwise).
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderAssets, hydrationOf, REPO, runUnderDeno, scanDeployment, serveHandler } from './support.ts';

let stack: TestStack;
let scan: Awaited<ReturnType<typeof scanDeployment>>;
let portal: Awaited<ReturnType<typeof serveHandler>>;
let deploy: { url: string; close(): Promise<void> };
let rex: string;

/** `deno run deno/deploy.ts`, type-checked, with the permissions a deployment has, on a free loopback port. */
const runDeployEntry = (env: Record<string, string>) =>
  runUnderDeno(
    ['--check', '--allow-net', '--allow-env', '--allow-read', 'deploy.ts'],
    new URL('../deno/', import.meta.url),
    {
      PORT: '0',
      HOSTNAME: '127.0.0.1',
      ...env,
    },
  );

beforeAll(async () => {
  stack = await startTestStack();
  scan = await scanDeployment();
  portal = await serveHandler(folderAssets(`${REPO}remotes/portal/dist`, false));
  const owner = await stack.signedInOwner('deno-deploy');
  rex = (await stack.activatedAnimal(owner.client, { nom: 'Rex' })).code;
  deploy = await runDeployEntry({
    MEDAILLE_CONFIG: JSON.stringify({
      supabaseUrl: stack.url,
      supabaseAnonKey: stack.anonKey,
      remotes: { scan: scan.manifestUrl, portal: `${portal.url}/mf-manifest.json` },
    }),
    FINDER_IDENTITY_SECRET: stack.finderIdentitySecret,
    // As the host's other tests: a first page loads the scan deployment's route module, which on a busy machine
    // can outlast the default budget and send the client-rendered page instead (its own test has a short one).
    RENDER_BUDGET_MS: '10000',
  });
});

afterAll(async () => {
  await deploy?.close();
  await portal?.close();
  await scan?.close();
  await stack?.close();
});

const healthz = async () => {
  const response = await fetch(`${deploy.url}/healthz`);
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
};

describe('the Deno Deploy entry, under Deno, on the built product', () => {
  it('serves the shell’s build with its SPA fallback, and the scan page rendered on the server', async () => {
    const home = await fetch(`${deploy.url}/`);
    expect({ status: home.status, type: home.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
    });
    expect((await fetch(`${deploy.url}/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${deploy.url}/no-such-file.js`)).status).toBe(404);
    expect((await fetch(`${deploy.url}/%2e%2e/%2e%2e/package.json`)).status).not.toBe(200);
    const page = await fetchFrom(newClientAddress())(`${deploy.url}/${rex}`);
    expect(page.status).toBe(200);
    expect(hydrationOf(await page.text())).toMatchObject({ answer: { status: 'claimed', name: 'Rex' } });
  });

  it('GET /healthz: 200 when the backend and both remotes answer, 503 naming the one that does not', async () => {
    expect(await healthz()).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'ok', host: 'ok', backend: 'ok', remotes: { scan: 'ok', portal: 'ok' } },
    });
    await portal.close();
    expect(await healthz()).toEqual({
      status: 503,
      cache: 'no-store',
      body: { status: 'degraded', host: 'ok', backend: 'ok', remotes: { scan: 'ok', portal: 'unreachable' } },
    });
  });
});
