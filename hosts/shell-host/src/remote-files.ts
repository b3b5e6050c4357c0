/**
 * A remote's files as the host reads them from its deployment's mf-manifest.json
 * (docs/decisions/0006-remotes-found-at-run-time.md), for the pages that show it to announce them in their head: the
 * scan page the scan remote's, an owner's page the portal's.
 *
 * Kept, not read on every request: a read younger than `maxAgeMs` is used as it is; an older one is still
 * used while the manifest is read again in the background (stale-while-revalidate), so a redeployed remote is
 * announced by the requests that follow that read, at most `maxAgeMs` plus one read after the deployment. A
 * read that fails is dropped: the next request reads again.
 */
import { type FederationManifest, readFederationManifest, remoteFileUrl } from '@medaille/federation/manifest';
import type { HeadElement } from '@medaille/scan-contract';

/** How long one read of a manifest may take. */
export const READ_TIMEOUT_MS = 10_000;

/** A remote's files for a page that shows it, read from its mf-manifest.json. */
export interface RemoteFiles {
  /** Preloads for the manifest, the remote entry and the exposed module's scripts and stylesheets. */
  preloads: HeadElement[];
  /** The exposed module's on-demand scripts (the scan page's dialogs and languages), absolute: for its render. */
  onDemandScripts: string[];
  /**
   * The exposed module's stylesheets: absolute, and as the manifest names them, relative to the remote's
   * root, which is how its chunk loader looks for one already on the page.
   */
  styles: { href: string; name: string }[];
  /**
   * The pages a page opening on them announces (the manifest's `pages`): the route they answer, their files'
   * preloads, and their data's reads.
   */
  pages: { route: string; preloads: HeadElement[]; data: string[] }[];
}

export interface RemoteFilesOptions {
  /** How old a read may be before the next request reads the manifest again, in the background. */
  maxAgeMs: number;
  /** The host's requests to the deployment (ShellHostOptions.fetch). */
  fetch: typeof fetch;
  /** Counts each manifest read (the tests' measure). */
  onRead?: () => void;
}

/** The remote's files of `manifestUrl`, kept and revalidated: the files as last read, read now when none are kept. */
export function remoteFilesReader(manifestUrl: string, options: RemoteFilesOptions): () => Promise<RemoteFiles> {
  return kept(async () => {
    options.onRead?.();
    const body = await readJson(options.fetch, manifestUrl, AbortSignal.timeout(READ_TIMEOUT_MS));
    return remoteFiles(readFederationManifest(body, manifestUrl), manifestUrl);
  }, options.maxAgeMs);
}

/**
 * What `read` answers, kept: a read younger than `maxAgeMs` is used as it is; an older one is still used while
 * `read` runs again in the background. A read that fails is dropped, and so is what was kept before it (the
 * deployment is gone or broken: that is no longer what it serves); the next call reads again.
 */
export function kept<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
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

export async function readJson(fetch: typeof globalThis.fetch, url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The files a remote's page announces, by the manifest's one rule for its files' URLs (`metaData.publicPath`). */
function remoteFiles(manifest: FederationManifest, manifestUrl: string): RemoteFiles {
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
    pages: (manifest.pages ?? []).map((page) => ({
      route: page.path,
      preloads: [
        ...page.js.map((file) => preload('script', url(file).href)),
        ...page.css.map((file) => preload('style', url(file).href)),
      ],
      data: page.data,
    })),
  };
}
