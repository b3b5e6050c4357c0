import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadConfig, type RunningStack, startStack } from '@medaille/local-stack';
import { isDiskFull } from '@medaille/local-stack/database';
import { createShellHost, type ShellHost } from '@medaille/shell-host';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import type { HostSpec, SiteProcessReady, SiteProcessSpec } from './site-process.ts';
import type { StackProcessReady, StackProcessSpec } from './stack-process.ts';
import { type StaticSite, serveStaticSite, serveWebHandler, staticSiteHandler } from './static-site.ts';
import { superviseProcess } from './supervise.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export const BUILDS = {
  shell: `${REPO}hosts/shell/dist`,
  scan: `${REPO}remotes/scan/dist`,
  portal: `${REPO}remotes/portal/dist`,
};

export interface LaunchOptions {
  /** Ports of the shell, the two remotes and the stack; 0 picks a free one (tests). */
  ports?: { shell: number; scan: number; portal: number; stack: number };
  /** Where each front-end is served from (tests point a remote at another build). */
  builds?: Partial<typeof BUILDS>;
  /** Environment for the stack (DATABASE_URL, DATA_DIR, ...). */
  env?: NodeJS.ProcessEnv;
  /**
   * Whether the front-ends use Storage's image transformations (true: the local stack has them; hosted
   * Supabase only on the Pro plan, so tests also run the product without them, as a Free-plan deploy).
   */
  imageTransformations?: boolean;
  /**
   * Which API key the front-ends get: a publishable key, as projects have today (the default), or the legacy
   * anon JWT (the default of a legacy project, JWT_SIGNING=legacy).
   */
  apiKey?: 'anon' | 'publishable';
  /**
   * The secret the shell's host signs each finder's address with for the functions' rate limits (their
   * FINDER_IDENTITY_SECRET); by default the stack's own.
   */
  finderIdentitySecret?: string;
  /** How long the host may render a scan page before it answers the client-rendered one (800 ms). */
  renderBudgetMs?: number;
  /** The host's own requests to the backend and the scan deployment (the bench's add a deployment's distances). */
  hostFetch?: typeof fetch;
  /**
   * Runs the stack in a process of its own (`pnpm start`), so that a client who exhausts one process's
   * descriptors or event loop does not take the other down. Tests keep it in theirs: they read its database.
   */
  stackProcess?: boolean;
}

/** What the product needs of the stack, wherever it runs. */
export type StackEndpoint = Omit<RunningStack, 'db'>;

export interface RunningProduct<Stack extends StackEndpoint = RunningStack> {
  url: string;
  stack: Stack;
  sites: { shell: StaticSite; scan: StaticSite; portal: StaticSite };
  close(): Promise<void>;
}

/** The front-ends' key by default: the publishable key, unless the stack is a legacy project (JWT_SIGNING=legacy). */
export const defaultApiKey = (env: NodeJS.ProcessEnv): 'anon' | 'publishable' =>
  env.JWT_SIGNING === 'legacy' ? 'anon' : 'publishable';

/** The key config.js gives the front-ends (as `supabaseAnonKey`, whichever kind it is). */
export const frontEndKey = (
  stack: Pick<StackEndpoint, 'anonKey' | 'publishableKey'>,
  apiKey: 'anon' | 'publishable',
) => (apiKey === 'publishable' ? stack.publishableKey : stack.anonKey);

/** Where the shell's host finds the backend and the remotes' manifests, and with which key. */
function deployConfig(
  stack: StackEndpoint,
  remotes: { scan: { url: string }; portal: { url: string } },
  apiKey: 'anon' | 'publishable',
  imageTransformations: boolean,
): DeployConfig {
  return {
    supabaseUrl: stack.url,
    supabaseAnonKey: frontEndKey(stack, apiKey),
    // The local stack resizes images as Supabase's image transformations do.
    imageTransformations,
    remotes: { scan: `${remotes.scan.url}/mf-manifest.json`, portal: `${remotes.portal.url}/mf-manifest.json` },
  };
}

export const DEFAULT_PORTS = { shell: 3000, scan: 3001, portal: 3002, stack: 54321 };
type Ports = typeof DEFAULT_PORTS;

/** The variable that moves each part to another port (README: when a port is taken). */
export const PORT_VARIABLES: Record<keyof Ports, string> = {
  shell: 'SHELL_PORT',
  scan: 'SCAN_PORT',
  portal: 'PORTAL_PORT',
  stack: 'STACK_PORT',
};

/** A port the product cannot listen on, named with the variable that chooses another. */
const PART_NAMES_FR: Record<keyof Ports, string> = {
  shell: 'le shell',
  scan: 'le front-end scan',
  portal: 'le front-end portal',
  stack: 'la stack locale',
};

export class PortBusyError extends Error {
  constructor(
    readonly part: keyof Ports,
    readonly port: number,
  ) {
    // French first, as the product speaks; English for the developer who reads no French.
    super(
      [
        `Le port ${port} (${PART_NAMES_FR[part]}) est déjà utilisé : arrêtez ce qui l’occupe, ou choisissez un autre port avec ${PORT_VARIABLES[part]}=…`,
        `Port ${port} (${part === 'stack' ? 'the local stack' : `the ${part}`}) is already in use: stop what uses it, or choose another port with ${PORT_VARIABLES[part]}=…`,
      ].join('\n'),
    );
  }
}

/** The disk the stack keeps its data on is full: said in one line, as a busy port is. */
export class DiskFullError extends Error {
  constructor(readonly dataDir: string | null) {
    const where = dataDir ? ` (${dataDir})` : '';
    super(
      [
        `Le disque de la stack locale${where} est plein : libérez de la place, puis relancez pnpm start.`,
        `The local stack's disk${where} is full: free some space, then run pnpm start again.`,
      ].join('\n'),
    );
  }
}

/** A failure to start that the person can mend, in their words: a busy port, a full disk. */
function startRefusal(error: unknown, part: keyof Ports, port: number, env: NodeJS.ProcessEnv): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return new PortBusyError(part, port);
  if (code === 'ENOSPC' || isDiskFull(error))
    return new DiskFullError(env.DATABASE_URL ? null : loadConfig(env).dataDir);
  return error;
}

/** The ports from SHELL_PORT, SCAN_PORT, PORTAL_PORT and STACK_PORT, each defaulting to DEFAULT_PORTS. */
export function portsFromEnv(env: NodeJS.ProcessEnv): Ports {
  const ports = { ...DEFAULT_PORTS };
  for (const part of Object.keys(ports) as (keyof Ports)[]) {
    const raw = env[PORT_VARIABLES[part]]?.trim();
    if (!raw) continue;
    const port = Number(raw);
    if (!/^\d+$/.test(raw) || port > 65535) {
      throw new Error(`${PORT_VARIABLES[part]} must be a port number from 0 to 65535, not ${raw}`);
    }
    ports[part] = port;
  }
  return ports;
}

const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));
const SITE_PROCESS = fileURLToPath(new URL('./site-process.ts', import.meta.url));

/** A stack started again keeps the port it first chose. */
const samePort = <Spec extends { port: number }>(ready: { url: string }, spec: Spec): Spec => ({
  ...spec,
  port: Number(new URL(ready.url).port),
});

/**
 * The local stack in a child process (stack-process.ts), once it serves, started again when it dies; a failure
 * of its first start comes back as its error.
 */
export async function startStackProcess(env: NodeJS.ProcessEnv, at: StackProcessSpec) {
  const stack = await superviseProcess<StackProcessSpec, StackProcessReady>({
    name: 'the local stack',
    module: STACK_PROCESS,
    spec: at,
    // One secret for every start of the stack: the host signs finders' addresses with the first one it was given.
    env: { FUNCTION_FINDER_IDENTITY_SECRET: randomBytes(32).toString('base64url'), ...env },
    restartSpec: samePort,
  });
  return { ...stack.ready, pid: stack.pid, close: stack.close };
}

/** A web deployment of the product in a child process (site-process.ts), started again when it dies. */
function startSiteProcess(part: keyof Ports, spec: SiteProcessSpec) {
  return superviseProcess<SiteProcessSpec, SiteProcessReady>({
    name: part === 'shell' ? "the shell's host" : `the ${part} front-end`,
    module: SITE_PROCESS,
    spec,
    env: process.env,
    restartSpec: samePort,
  });
}

/**
 * `pnpm start`'s product: the local stack, the shell's host and each remote's static hosting, each in a process
 * of its own that the launcher starts again when it dies, so that the crash of one leaves the others serving.
 */
export async function superviseProduct(options: {
  ports: Ports;
  env: NodeJS.ProcessEnv;
}): Promise<RunningProduct<StackEndpoint> & { pids(): Record<keyof Ports, number | undefined> }> {
  const { ports } = options;
  const started: { close(): Promise<void> }[] = [];
  const closeStarted = () => Promise.all(started.map((running) => running.close()));
  async function start<T extends { close(): Promise<void> }>(part: keyof Ports, starting: Promise<T>) {
    const running = await starting.catch(async (error) => {
      await closeStarted();
      throw startRefusal(error, part, ports[part], options.env);
    });
    started.push(running);
    return running;
  }
  const scan = await start('scan', startSiteProcess('scan', { kind: 'static', root: BUILDS.scan, port: ports.scan }));
  const portal = await start(
    'portal',
    startSiteProcess('portal', { kind: 'static', root: BUILDS.portal, port: ports.portal }),
  );
  const shellSpec = { kind: 'shell', root: BUILDS.shell, port: ports.shell, host: null } as const;
  const shell = await start('shell', startSiteProcess('shell', shellSpec));
  const stack = await start('stack', startStackProcess(options.env, { port: ports.stack, siteUrl: shell.ready.url }));
  const host: HostSpec = {
    config: deployConfig(stack, { scan: scan.ready, portal: portal.ready }, defaultApiKey(options.env), true),
    finderIdentitySecret: stack.finderIdentitySecret || null,
  };
  await shell.update({ ...shellSpec, port: Number(new URL(shell.ready.url).port), host }, { configure: host });
  const site = (running: typeof scan): StaticSite => ({ url: running.ready.url, close: running.close });
  return {
    url: shell.ready.url,
    stack,
    sites: { shell: site(shell), scan: site(scan), portal: site(portal) },
    pids: () => ({ shell: shell.pid(), scan: scan.pid(), portal: portal.pid(), stack: stack.pid() }),
    async close() {
      await Promise.all([shell, scan, portal].map((running) => running.close()));
      await stack.close();
    },
  };
}

/**
 * The whole product: the local stack, and the shell and both remotes each on its own origin, as three
 * separate deployments. The shell's /config.js, made here at start, tells it where the backend and the
 * remotes' manifests are (docs/decisions/0006-remotes-found-at-run-time.md): nothing about them is baked into the
 * builds.
 */
export function launchProduct(options: LaunchOptions & { stackProcess: true }): Promise<RunningProduct<StackEndpoint>>;
export function launchProduct(options?: LaunchOptions): Promise<RunningProduct>;
export async function launchProduct(options: LaunchOptions = {}): Promise<RunningProduct<StackEndpoint>> {
  const ports = options.ports ?? DEFAULT_PORTS;
  const builds = { ...BUILDS, ...options.builds };
  // What has started so far, stopped again if a later part cannot start (a port in use, say).
  const started: { close(): Promise<void> }[] = [];
  async function start<T extends { close(): Promise<void> }>(part: keyof Ports, run: () => Promise<T>): Promise<T> {
    try {
      const running = await run();
      started.push(running);
      return running;
    } catch (error) {
      await Promise.all(started.map((running) => running.close()));
      throw startRefusal(error, part, ports[part], options.env ?? process.env);
    }
  }
  const scan = await start('scan', () => serveStaticSite({ root: builds.scan, port: ports.scan }));
  const portal = await start('portal', () => serveStaticSite({ root: builds.portal, port: ports.portal }));
  // The shell listens first: e-mail links lead back to it, so the stack must know its address. Its host is
  // made once the stack is up (it needs the backend's URL and key), before any page can be asked for.
  let host: ShellHost | null = null;
  const shell = await start('shell', () =>
    serveWebHandler({
      port: ports.shell,
      // The host as an edge runtime runs it, given the finder's address from the socket
      // (docs/decisions/0009-client-identity-from-gateway.md).
      fetch: (request, clientAddress) =>
        host ? host.fetch(request, { clientAddress }) : Promise.resolve(new Response('Starting', { status: 503 })),
      compressResponses: true,
    }),
  );
  const stackEnv = options.env ?? process.env;
  const stack = await start(
    'stack',
    (): Promise<StackEndpoint> =>
      options.stackProcess
        ? startStackProcess(stackEnv, { port: ports.stack, siteUrl: shell.url })
        : startStack(loadConfig({ SITE_URL: shell.url, ...stackEnv }, { port: ports.stack, siteUrl: shell.url })),
  );
  const config = deployConfig(
    stack,
    { scan, portal },
    options.apiKey ?? defaultApiKey(stackEnv),
    options.imageTransformations ?? true,
  );
  host = createShellHost({
    config,
    // The stack's FINDER_IDENTITY_SECRET: its functions then count each finder, not the host (empty: none).
    finderIdentitySecret: (options.finderIdentitySecret ?? stack.finderIdentitySecret) || null,
    // The shell's build as its static hosting serves it (brotli or gzip, caching, the SPA fallback).
    assets: staticSiteHandler({ root: builds.shell, spaFallback: true }),
    ...(options.renderBudgetMs === undefined ? {} : { renderBudgetMs: options.renderBudgetMs }),
    ...(options.hostFetch ? { fetch: options.hostFetch } : {}),
  });
  // The scan remote's server entry loaded and compiled before the product says it runs: the first finder
  // gets a server-rendered page too.
  await host.ready();
  const sites = { shell, scan, portal };
  return {
    url: shell.url,
    stack,
    sites,
    async close() {
      // The sites as they are now: a test may have replaced a remote's deployment.
      await Promise.all(Object.values(sites).map((site) => site.close()));
      await stack.close();
    },
  };
}
