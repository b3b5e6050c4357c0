/**
 * The scan deployment as the host reads it (docs/decisions/0006-remotes-found-at-run-time.md): its mf-manifest.json
 * (the files a scan page announces, remote-files.ts) and its server/server-manifest.json (the route module: one
 * self-contained ESM file and its SHA-256), both beside the URL of the configuration. The shell never bundles the scan
 * page's code.
 *
 * Both kept as remote-files.ts keeps a manifest, so a redeployed remote is rendered by the requests that
 * follow a read, at most `maxAgeMs` plus one read and one module download after the deployment; meanwhile a
 * request whose read failed gets the client-rendered page. The module is downloaded only when its SHA-256
 * changes, checked against it, and imported through a data: URL, which needs no file system (Node, Deno).
 */
import {
  asScanRouteModule,
  readServerManifest,
  type ScanRouteModule,
  SERVER_MANIFEST_PATH,
} from '@medaille/scan-contract';
import {
  kept,
  READ_TIMEOUT_MS,
  type RemoteFiles,
  type RemoteFilesOptions,
  readJson,
  remoteFilesReader,
} from './remote-files.ts';

export interface ScanDeployment {
  files: RemoteFiles;
  /** The route module, or the one bundled at deploy time. */
  route: ScanRouteModule;
}

/** As a remote's files are read (`maxAgeMs` for both manifests), and the route module's own. */
export interface ScanDeploymentOptions extends RemoteFilesOptions {
  /** A route module bundled at deploy time, for a runtime that forbids code loaded at run time. */
  route?: ScanRouteModule;
  importModule?: (url: string) => Promise<unknown>;
}

/** How long one download and import of the module may take. */
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

  const files = remoteFilesReader(manifestUrl, options);
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
