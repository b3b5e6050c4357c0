import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig, type RunningStack, startStack } from '@medaille/local-stack';
import { scanCodeOf } from '@medaille/routing';
import { type StaticSite, serveStaticSite } from './static-site.ts';

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
  /** Which API key the front-ends get: the legacy anon JWT, or a publishable key as new projects have. */
  apiKey?: 'anon' | 'publishable';
}

export interface RunningProduct {
  url: string;
  stack: RunningStack;
  sites: { shell: StaticSite; scan: StaticSite; portal: StaticSite };
  close(): Promise<void>;
}

export const DEFAULT_PORTS = { shell: 3000, scan: 3001, portal: 3002, stack: 54321 };

/**
 * The whole product: the local stack, and the shell and both remotes each on its own origin, as three
 * separate deployments. The shell's /config.js, made here at start, tells it where the backend and the
 * remotes' manifests are (DESIGN D6): nothing about them is baked into the builds.
 */
export async function launchProduct(options: LaunchOptions = {}): Promise<RunningProduct> {
  const ports = options.ports ?? DEFAULT_PORTS;
  const builds = { ...BUILDS, ...options.builds };
  const scan = await serveStaticSite({ root: builds.scan, port: ports.scan });
  const portal = await serveStaticSite({ root: builds.portal, port: ports.portal });
  // The shell listens first: e-mail links lead back to it, so the stack must know its address. What it
  // serves about the backend is filled in once the stack is up, before any page can be asked for.
  let configScript = '';
  const scanPreloads = await remotePreloads(builds.scan, scan.url);
  const shell = await serveStaticSite({
    root: builds.shell,
    port: ports.shell,
    spaFallback: true,
    generated: { '/config.js': { type: 'text/javascript; charset=utf-8', body: () => configScript } },
    // As a host would at the edge: the configuration inline (no round trip for config.js) and, on a scan
    // page, the scan remote's files announced at once, so they download beside the shell's (DESIGN D5).
    transformHtml: (html, path) =>
      html.replace(
        '<script src="/config.js"></script>',
        `<script>${configScript}</script>${scanCodeOf(path) === null ? '' : scanPreloads}`,
      ),
  });
  const stack = await startStack(
    loadConfig({ SITE_URL: shell.url, ...(options.env ?? process.env) }, { port: ports.stack, siteUrl: shell.url }),
  );
  const config = {
    supabaseUrl: stack.url,
    supabaseAnonKey: options.apiKey === 'publishable' ? stack.publishableKey : stack.anonKey,
    // The local stack resizes images as Supabase's image transformations do.
    imageTransformations: options.imageTransformations ?? true,
    remotes: { scan: `${scan.url}/mf-manifest.json`, portal: `${portal.url}/mf-manifest.json` },
  };
  configScript = `window.__MEDAILLE_CONFIG__ = ${JSON.stringify(config)};\n`;
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

interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** Preload hints for a remote's manifest, entry and exposed files, read from its mf-manifest.json. */
async function remotePreloads(build: string, origin: string): Promise<string> {
  const manifest = JSON.parse(await readFile(`${build}/mf-manifest.json`, 'utf8')) as FederationManifest;
  const url = (file: string) => `${origin}/${file}`;
  const entry = manifest.metaData.remoteEntry;
  const scripts = [
    `${entry.path ? `${entry.path}/` : ''}${entry.name}`,
    ...manifest.exposes.flatMap((e) => e.assets.js.sync),
  ];
  const styles = manifest.exposes.flatMap((e) => e.assets.css.sync);
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url('mf-manifest.json')}">`,
    ...scripts.map((file) => `<link rel="preload" as="script" href="${url(file)}">`),
    ...styles.map((file) => `<link rel="preload" as="style" href="${url(file)}">`),
  ].join('');
}
