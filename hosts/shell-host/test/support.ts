// What the host's tests run it with: the shell's real build as its assets, a scan deployment served over
// HTTP from a folder of its own (a copy of the scan remote's build, rebuilt by a test), and the host itself
// behind a real Node server, which gives it the socket's address as the launcher does.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { TestStack } from '@medaille/local-stack/testing';
import { createShellHost, type ShellHost } from '../src/index.ts';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const SHELL_BUILD = join(REPO, 'hosts/shell/dist');
export const SCAN_BUILD = join(REPO, 'remotes/scan/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A build folder as static hosting answers it, with the SPA fallback the shell needs. */
export function folderAssets(root: string, spaFallback = true) {
  return async (request: Request): Promise<Response> => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    const file = normalize(join(root, path));
    const inside = file.startsWith(normalize(root) + sep);
    const found = inside && (await stat(file).catch(() => null))?.isFile() ? file : null;
    const served = found ?? (spaFallback && extname(path) === '' ? join(root, 'index.html') : null);
    if (!served) return new Response('Not found', { status: 404 });
    const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(served));
    return new Response(body, {
      headers: { 'content-type': TYPES[extname(served)] ?? 'application/octet-stream', 'cache-control': 'no-cache' },
    });
  };
}

/** Serves a Web handler on a free loopback port with Node's HTTP server. */
export async function serveHandler(
  handler: (request: Request, clientAddress: string | null) => Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request, env: { incoming: { socket: { remoteAddress?: string } } }) =>
      handler(request, env.incoming.socket.remoteAddress ?? null),
  }) as Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => closeServer(server) };
}

/** The host behind a Node server, the finder's address taken from the socket. */
export function serveHost(host: ShellHost) {
  return serveHandler((request, clientAddress) => host.fetch(request, { clientAddress }));
}

/**
 * The host over a test stack, with a scan deployment of its own and no portal, behind a real server: for the
 * pages the scan deployment answers whole (the stop-mail page, a search page).
 */
export async function hostOverStack(stack: TestStack) {
  const scan = await scanDeployment();
  const host = createShellHost({
    config: {
      supabaseUrl: stack.url,
      supabaseAnonKey: stack.anonKey,
      imageTransformations: true,
      remotes: { scan: scan.manifestUrl, portal: `${scan.url}/none/mf-manifest.json` },
    },
    finderIdentitySecret: stack.finderIdentitySecret,
    assets: folderAssets(SHELL_BUILD),
    log: () => {},
  });
  await host.ready();
  const site = await serveHost(host);
  return {
    url: site.url,
    async close() {
      await site.close();
      await scan.close();
    },
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A scan deployment of its own: a copy of the scan remote's build, served over HTTP, that a test can rebuild. */
export async function scanDeployment() {
  const root = await mkdtemp(join(tmpdir(), 'medaille-scan-deploy-'));
  await cp(SCAN_BUILD, root, { recursive: true });
  const site = await serveHandler(folderAssets(root, false));
  const built = JSON.parse(await readFile(join(root, 'server/server-manifest.json'), 'utf8')) as { build: string };
  return {
    url: site.url,
    /** Its folder, as deployed. */
    root,
    /** The BUILD_ID of the scan build it was copied from. */
    build: built.build,
    manifestUrl: `${site.url}/mf-manifest.json`,
    /** Deploys another server entry: a new file beside the old one, then the manifest naming it. */
    async deployServerEntry(source: string) {
      const bytes = Buffer.from(source);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const file = `scan-server.${sha256.slice(0, 10)}.mjs`;
      await mkdir(join(root, 'server'), { recursive: true });
      await writeFile(join(root, 'server', file), bytes);
      await writeFile(join(root, 'server/server-manifest.json'), JSON.stringify({ file, sha256, build: file }));
      return file;
    },
    /** Writes a file of the deployment in place (a deploy that went wrong). */
    overwrite: (path: string, text: string) => writeFile(join(root, path), text),
    async close() {
      await site.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A route module of the contract's shape (@medaille/scan-contract) whose render writes the profile's name in
 * a heading of its own, so that a test can tell which deployment rendered a page.
 */
export function serverEntrySource(build: string): string {
  return `export const BUILD_ID = ${JSON.stringify(build)};
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export async function loader({ params, context, signal }) {
  const answer = await (await context.callFunction('get_public_profile', { code: params.code }, signal)).json();
  return { status: answer.status === 'not_found' ? 404 : 200, data: { answer } };
}
export async function action() {
  return new Response('no form here', { status: 415 });
}
export async function render({ params, loaderData }) {
  const { answer } = loaderData.data;
  const data = JSON.stringify({ build: BUILD_ID, code: params.code, answer }).replace(/</g, '\\\\u003c');
  return '<!doctype html><html lang="fr"><head><title>' + escape(answer.name ?? answer.status) +
    '</title><script type="application/json" id="medaille-scan-data">' + data + '</script></head><body>' +
    '<h1 data-build="' + BUILD_ID + '">' + escape(answer.name ?? answer.status) + '</h1></body></html>';
}
`;
}

/** The hydration data a page carries, read back as the browser would: the element's text, JSON-parsed. */
export function hydrationOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/json" id="medaille-scan-data">([^<]*)<\/script>/.exec(html);
  return match?.[1] === undefined ? null : (JSON.parse(match[1]) as Record<string, unknown>);
}

/** The deno executable of the npm package (not its Node wrapper, so that a test can stop what it started). */
export const DENO = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();

/** `test/deno/serve-under-deno.ts` run by Deno with this environment, listening on a free port. */
export function serveUnderDeno(env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  return runUnderDeno(['--allow-net', '--allow-env', 'serve-under-deno.ts'], new URL('./deno/', import.meta.url), env);
}

/**
 * `deno run` of a server in `folder` with these arguments and environment, once it printed `{"port":…}` (the free
 * loopback port it listens on).
 */
export async function runUnderDeno(
  args: string[],
  folder: URL,
  env: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(DENO, ['run', ...args], {
    cwd: fileURLToPath(folder),
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = /\{"port":(\d+)\}/.exec(stdout);
      if (line) resolve(Number(line[1]));
    });
    void exited.then(() => reject(new Error(`deno exited: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
