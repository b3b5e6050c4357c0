/**
 * The scan deployment as the host reads it (DESIGN D6): its mf-manifest.json (the files a scan page
 * announces) and its server/server-manifest.json (the route module: one self-contained ESM file and its
 * SHA-256), both beside the URL of the configuration. The shell never bundles the scan page's code.
 *
 * Kept, not read on every request: a read younger than `maxAgeMs` is used as it is; an older one is still
 * used while the manifests are read again in the background (stale-while-revalidate), so a redeployed
 * remote is rendered by the requests that follow that read, at most `maxAgeMs` plus one read and one module
 * download after the deployment. A read or a module that fails is dropped: the next request reads again
 * (and, meanwhile, gets the client-rendered page). The module is downloaded only when its SHA-256 changes,
 * checked against it, and imported through a data: URL, which needs no file system (Node, Deno).
 */
import { type FederationManifest, readFederationManifest, remoteFileUrl } from '@medaille/federation/manifest';
import {
  asScanRouteModule,
  type HeadElement,
  readServerManifest,
  type ScanRouteModule,
  SERVER_MANIFEST_PATH,
} from '@medaille/scan-contract';

/** The scan remote's files for a scan page, read from its mf-manifest.json. */
export interface ScanFiles {
  /** Preloads for the manifest, the remote entry and the exposed module's scripts and stylesheets. */
  preloads: HeadElement[];
  /** The exposed module's on-demand scripts (its dialogs, its languages), absolute: for the render. */
  onDemandScripts: string[];
  /**
   * The exposed module's stylesheets: absolute, and as the manifest names them, relative to the remote's
   * root, which is how its chunk loader looks for one already on the page.
   */
  styles: { href: string; name: string }[];
}

export interface ScanDeployment {
  files: ScanFiles;
  /** The route module, or the one bundled at deploy time. */
  route: ScanRouteModule;
}

export interface ScanDeploymentOptions {
  /** How old a read may be before the next request reads the manifests again, in the background. */
  maxAgeMs: number;
  /** A route module bundled at deploy time, for a runtime that forbids code loaded at run time. */
  route?: ScanRouteModule;
  importModule?: (url: string) => Promise<unknown>;
  /** The host's requests to the deployment (ShellHostOptions.fetch). */
  fetch: typeof fetch;
  /** Counts each manifest read (the tests' measure). */
  onRead?: () => void;
}

/** How long one read of the manifests, or one download and import of the module, may take. */
const READ_TIMEOUT_MS = 10_000;
const MODULE_LOAD_TIMEOUT_MS = 30_000;

/**
 * The scan deployment of `manifestUrl`, kept and revalidated; one reader per host. Its files and its route
 * module are read and kept apart: a deployment without a usable server entry (one deployed before the server
 * render, or broken) still names its files, which the client-rendered page then preloads.
 */
export function scanDeploymentReader(manifestUrl: string, options: ScanDeploymentOptions) {
  const importModule = options.importModule ?? importUrl;
  /** The module last loaded, by its SHA-256: a read that names the same bytes keeps it. */
  let module: { sha256: string; route: Promise<ScanRouteModule> } | null = null;

  async function readFiles(): Promise<ScanFiles> {
    options.onRead?.();
    const body = await readJson(options.fetch, manifestUrl, AbortSignal.timeout(READ_TIMEOUT_MS));
    return scanFiles(readFederationManifest(body, manifestUrl), manifestUrl);
  }

  async function readRouteModule(): Promise<ScanRouteModule> {
    options.onRead?.();
    const serverManifestUrl = new URL(SERVER_MANIFEST_PATH, manifestUrl);
    const body = await readJson(options.fetch, serverManifestUrl.href, AbortSignal.timeout(READ_TIMEOUT_MS));
    const manifest = readServerManifest(body);
    const moduleUrl = new URL(manifest.file, serverManifestUrl);
    // The manifest may only name a file of its own deployment.
    if (moduleUrl.origin !== serverManifestUrl.origin) {
      throw new Error(`${serverManifestUrl} names a file elsewhere: ${moduleUrl}`);
    }
    if (module?.sha256 !== manifest.sha256) {
      const loading = loadModule(options.fetch, moduleUrl, manifest.sha256, importModule);
      const entry = { sha256: manifest.sha256, route: loading };
      module = entry;
      loading.catch(() => {
        if (module === entry) module = null;
      });
    }
    return module.route;
  }

  const files = kept(readFiles, options.maxAgeMs);
  const bundled = options.route;
  const route = bundled ? () => Promise.resolve(bundled) : kept(readRouteModule, options.maxAgeMs);
  return {
    /** The scan remote's files as last read; read now when none are kept. */
    files,
    /** The route module as last read; read now when none is kept. */
    route,
    /** The deployment as last read, files and route module; read now when nothing is kept. */
    current: async (): Promise<ScanDeployment> => {
      const [read, module] = await Promise.all([files(), route()]);
      return { files: read, route: module };
    },
  };
}

/**
 * What `read` answers, kept: a read younger than `maxAgeMs` is used as it is; an older one is still used while
 * `read` runs again in the background. A read that fails is dropped, and so is what was kept before it (the
 * deployment is gone or broken: that is no longer what it serves); the next call reads again.
 */
function kept<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let last: { readAt: number; value: Promise<T> } | null = null;
  let revalidating = false;
  const keep = (value: Promise<T>) => {
    const entry = { readAt: Date.now(), value };
    last = entry;
    value.catch(() => {
      if (last === entry) last = null;
    });
    return entry;
  };
  return () => {
    if (!last) return keep(read()).value;
    if (!revalidating && Date.now() - last.readAt >= maxAgeMs) {
      revalidating = true;
      const reading = read();
      reading.then(
        () => keep(reading),
        () => {
          last = null;
        },
      );
      reading
        .catch(() => {})
        .finally(() => {
          revalidating = false;
        });
    }
    return last.value;
  };
}

async function readJson(fetch: typeof globalThis.fetch, url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The files a scan page announces, by the manifest's one rule for its files' URLs (`metaData.publicPath`). */
function scanFiles(manifest: FederationManifest, manifestUrl: string): ScanFiles {
  const url = (file: string) => remoteFileUrl(manifest, manifestUrl, file);
  const entry = manifest.metaData.remoteEntry;
  const scripts = [
    url([entry.path, entry.name].filter(Boolean).join('/')),
    ...manifest.exposes.flatMap((e) => e.assets.js.sync.map(url)),
  ];
  const styles = manifest.exposes.flatMap((e) => e.assets.css.sync.map((name) => ({ href: url(name).href, name })));
  const preload = (as: string, href: string, crossorigin = false): HeadElement => ({
    tag: 'link',
    attributes: [
      ['rel', 'preload'],
      ['as', as],
      ...(crossorigin ? [['crossorigin', 'anonymous'] as [string, string]] : []),
      ['href', href],
    ],
  });
  return {
    preloads: [
      preload('fetch', new URL(manifestUrl).href, true),
      ...scripts.map((file) => preload('script', file.href)),
      ...styles.map((style) => preload('style', style.href)),
    ],
    onDemandScripts: manifest.exposes.flatMap((e) => e.assets.js.async.map((file) => url(file).href)),
    styles,
  };
}

async function loadModule(
  fetch: typeof globalThis.fetch,
  url: URL,
  sha256: string,
  importModule: (url: string) => Promise<unknown>,
): Promise<ScanRouteModule> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MODULE_LOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = hex(await crypto.subtle.digest('SHA-256', bytes));
  // A file half-deployed, or another than the manifest names, is never run.
  if (digest !== sha256) throw new Error(`${url} is not the file server-manifest.json names (sha256 ${digest})`);
  return asScanRouteModule(await importModule(`data:text/javascript;base64,${base64(bytes)}`), url.href);
}

function importUrl(url: string): Promise<unknown> {
  return import(/* @vite-ignore */ url);
}

/** The promise's value, or the signal's reason once it aborts (the promise itself goes on). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
