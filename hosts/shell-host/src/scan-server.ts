/**
 * The scan remote's server entry, loaded from the scan deployment at run time (DESIGN D6): the shell never
 * bundles the scan page's components, and a redeployed scan remote is rendered from the next request on.
 * Its `server/server-manifest.json` (beside the mf-manifest.json of the configuration) names one
 * self-contained ESM file and its SHA-256; the file is fetched only when that hash changes, checked against
 * it, and imported through a data: URL, which needs no file system (Node 20, Deno).
 */

import type { ScanServerManifest, ScanServerModule } from '@medaille/federation';

/** Finds the scan remote's server entry for a request; one per host (it keeps the module imported). */
export type ScanServerSource = (scanManifestUrl: string, signal: AbortSignal) => Promise<ScanServerModule>;

/** How long one download and import of the module may take; a request waits for it only its own budget. */
const MODULE_LOAD_TIMEOUT_MS = 30_000;

/**
 * The loader the host uses by default: the manifest is read on every request (a few hundred bytes, beside
 * the profile call), the module only when the manifest names other bytes. One module is kept: the newest.
 */
export function scanServerFromDeployment(
  importModule: (url: string) => Promise<unknown> = importUrl,
): ScanServerSource {
  let current: { sha256: string; module: Promise<ScanServerModule> } | null = null;
  return async (scanManifestUrl, signal) => {
    const manifestUrl = new URL('server/server-manifest.json', scanManifestUrl);
    const response = await fetch(manifestUrl, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
    const manifest = readServerManifest(await response.json());
    const moduleUrl = new URL(manifest.file, manifestUrl);
    // The manifest may only name a file of its own deployment.
    if (moduleUrl.origin !== manifestUrl.origin) throw new Error(`${manifestUrl} names a file elsewhere: ${moduleUrl}`);
    if (current?.sha256 !== manifest.sha256) {
      const loading = loadModule(moduleUrl, manifest.sha256, importModule);
      const entry = { sha256: manifest.sha256, module: loading };
      current = entry;
      // A failed download is tried again by the next request.
      loading.catch(() => {
        if (current === entry) current = null;
      });
    }
    return untilAborted(current.module, signal);
  };
}

function readServerManifest(body: unknown): Pick<ScanServerManifest, 'file' | 'sha256'> {
  const manifest = body as Partial<ScanServerManifest> | null;
  if (
    typeof manifest?.file !== 'string' ||
    manifest.file === '' ||
    typeof manifest.sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/i.test(manifest.sha256)
  ) {
    throw new Error('server-manifest.json has no file and sha256');
  }
  return { file: manifest.file, sha256: manifest.sha256.toLowerCase() };
}

async function loadModule(
  url: URL,
  sha256: string,
  importModule: (url: string) => Promise<unknown>,
): Promise<ScanServerModule> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MODULE_LOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = hex(await crypto.subtle.digest('SHA-256', bytes));
  // A file half-deployed, or another than the manifest names, is never run.
  if (digest !== sha256) throw new Error(`${url} is not the file server-manifest.json names (sha256 ${digest})`);
  const module = (await importModule(`data:text/javascript;base64,${base64(bytes)}`)) as Partial<ScanServerModule>;
  if (typeof module.renderScanPage !== 'function' || typeof module.BUILD_ID !== 'string') {
    throw new Error(`${url} exports no renderScanPage and BUILD_ID`);
  }
  return module as ScanServerModule;
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
