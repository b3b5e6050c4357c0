/**
 * A remote's mf-manifest.json, read by one rule wherever it is read (the shell in the browser, the shell's
 * host on the server): its files are relative to `metaData.publicPath`, which `auto` makes the manifest's
 * own URL.
 */

/** The part of mf-manifest.json the shell and its host read. */
export interface FederationManifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: { assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
  /** The pages a page opening on them announces (build.ts `pluginAnnouncedPages`); none in older builds. */
  pages?: AnnouncedPageFiles[];
}

/** One of the manifest's `pages`. */
export interface AnnouncedPageFiles {
  /** The route (`/mon-compte/animal/:id`). */
  path: string;
  /** The page's scripts and stylesheets, relative as the manifest's other files. */
  js: string[];
  css: string[];
  /** Its data's PostgREST reads from the project's URL, with `{name}` for a route parameter, `{user}` for the person's id. */
  data: string[];
}

/** The manifest's JSON, checked for the fields read here; throws naming the manifest otherwise. */
export function readFederationManifest(body: unknown, manifestUrl: string): FederationManifest {
  const manifest = body as Partial<FederationManifest> | null;
  const entry = manifest?.metaData?.remoteEntry;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (
    typeof manifest?.metaData?.publicPath !== 'string' ||
    typeof entry?.name !== 'string' ||
    typeof entry.path !== 'string' ||
    !Array.isArray(manifest.exposes) ||
    !manifest.exposes.every(
      (expose) =>
        strings(expose?.assets?.js?.sync) && strings(expose.assets.js.async) && strings(expose.assets.css?.sync),
    ) ||
    !(
      manifest.pages === undefined ||
      (Array.isArray(manifest.pages) &&
        manifest.pages.every(
          (page) => typeof page?.path === 'string' && strings(page.js) && strings(page.css) && strings(page.data),
        ))
    )
  ) {
    throw new Error(`${manifestUrl} is not a remote's mf-manifest.json`);
  }
  return manifest as FederationManifest;
}

/** The absolute URL of one of the remote's files, as the manifest names it. */
export function remoteFileUrl(manifest: Pick<FederationManifest, 'metaData'>, manifestUrl: string, file: string): URL {
  const { publicPath } = manifest.metaData;
  const base = publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).href;
  return new URL(file, base);
}

/** The absolute URL of the remote's entry. */
export function remoteEntryUrl(manifest: Pick<FederationManifest, 'metaData'>, manifestUrl: string): URL {
  const entry = manifest.metaData.remoteEntry;
  return remoteFileUrl(manifest, manifestUrl, [entry.path, entry.name].filter(Boolean).join('/'));
}

/**
 * A page's read (`AnnouncedPageFiles.data`) with each `{name}` that `values` gives replaced by its value; the
 * others are left for later (the host fills a route's parameters, the page's HTML the person's id). Null when
 * one of those values is not a plain id (letters, digits, `-`, `_`): nothing else goes into a read's query.
 */
export function fillRead(read: string, values: Readonly<Record<string, string | undefined>>): string | null {
  let plain = true;
  const filled = read.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    if (!/^[\w-]+$/.test(value)) plain = false;
    return value;
  });
  return plain ? filled : null;
}
