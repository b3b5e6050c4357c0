/**
 * The shell's index.html as the host answers it. Every page gets the configuration inline (no round trip
 * for /config.js); a scan page also gets the scan remote's files announced (DESIGN D5) and `noindex`; a
 * server-rendered scan page gets the page itself, its hydration data and its styles (issue 18, contract
 * section 2). The HTML is the shell's own build, so the few places changed are found by their exact tags.
 */
import { SCAN_DATA_ELEMENT_ID, SCAN_PAGE_ELEMENT_ID, type ScanServerPage, scriptSafeJson } from '@medaille/federation';
import { configScript, escapeHtml, type ShellConfig } from './config.ts';

const CONFIG_TAG = '<script src="/config.js"></script>';

/** The scan remote's files for a scan page's head, read from its mf-manifest.json. */
export interface ScanFiles {
  /** `<link rel="preload">` for the manifest, the remote entry and the exposed module's scripts and styles. */
  preloads: string;
  /** The exposed module's on-demand scripts (its dialogs, its languages), absolute: for the server render. */
  onDemandScripts: string[];
  /**
   * The exposed module's stylesheets: absolute, and as the manifest names them, relative to the remote's
   * root, which is how its chunk loader looks for one already on the page.
   */
  styles: { href: string; name: string }[];
}

interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { assets: { js: { sync: string[]; async?: string[] }; css: { sync: string[] } } }[];
}

/** Reads the scan remote's mf-manifest.json (on each request: a redeployed remote names other files). */
export async function scanFiles(manifestUrl: string, signal: AbortSignal): Promise<ScanFiles> {
  const response = await fetch(manifestUrl, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
  const manifest = (await response.json()) as FederationManifest;
  const url = (file: string) => new URL(file, manifestUrl);
  const entry = manifest.metaData.remoteEntry;
  const scripts = [
    url(`${entry.path ? `${entry.path}/` : ''}${entry.name}`),
    ...manifest.exposes.flatMap((e) => e.assets.js.sync.map(url)),
  ];
  const styles = manifest.exposes.flatMap((e) => e.assets.css.sync.map((name) => ({ href: url(name).href, name })));
  const attribute = (value: URL) => escapeHtml(value.href);
  const preloads = [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(url(manifestUrl))}">`,
    ...scripts.map((file) => `<link rel="preload" as="script" href="${attribute(file)}">`),
    ...styles.map((style) => `<link rel="preload" as="style" href="${escapeHtml(style.href)}">`),
  ].join('');
  const onDemandScripts = manifest.exposes.flatMap((e) => (e.assets.js.async ?? []).map((file) => url(file).href));
  return { preloads, onDemandScripts, styles };
}

/**
 * Today's client-rendered page: the configuration inline and, on a scan page, `noindex` (a finder's page is
 * private, issue 17) and the scan remote's preloads when its manifest could be read.
 */
export function clientPage(shellHtml: string, config: ShellConfig, scan: { files: ScanFiles | null } | null): string {
  const head = scan === null ? '' : `<meta name="robots" content="noindex">${scan.files?.preloads ?? ''}`;
  // A function as replacement: `$` in the configuration must not be read as a pattern.
  return shellHtml.replace(CONFIG_TAG, () => `<script>${configScript(config)}</script>${head}`);
}

/** The stylesheets the shell's page preloads (its own, and the scan remote's once `clientPage` added them). */
export function preloadedStyles(html: string, base: string): { tag: string; url: URL }[] {
  const styles: { tag: string; url: URL }[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const attributes = new Map(Array.from(tag.matchAll(/([a-z-]+)="([^"]*)"/g), ([, name, value]) => [name, value]));
    const href = attributes.get('href');
    if (attributes.get('rel') === 'preload' && attributes.get('as') === 'style' && href) {
      styles.push({ tag, url: new URL(href.replaceAll('&amp;', '&'), base) });
    }
  }
  return styles;
}

/**
 * The client page with the server-rendered scan page in it: `<html lang>`, `<title>`, the hydration data
 * as script-safe JSON in the head before any script (the early-profile script sees it and asks nothing),
 * `head` (the page's styles) at the end of the head, and the page's markup in `#scan-page`. The styles come
 * after the preloads: on a slow link, the browser asks for the scripts before the styles' bytes arrive.
 * Null when the shell's HTML lacks one of those places.
 */
export function serverRenderedPage(page: string, rendered: ScanServerPage, head: string): string | null {
  const parts = [/<html\b[^>]*>/g, /<title>[^<]*<\/title>/g, /<\/head>/g, /<div id="root"><\/div>/g];
  if (parts.some((pattern) => (page.match(pattern) ?? []).length !== 1)) return null;
  const data = `<script type="application/json" id="${SCAN_DATA_ELEMENT_ID}">${scriptSafeJson(rendered.hydration)}</script>`;
  return page
    .replace(parts[0] as RegExp, () => `<html lang="${escapeHtml(rendered.lang)}">`)
    .replace(parts[1] as RegExp, () => `<title>${escapeHtml(rendered.title)}</title>${data}`)
    .replace(parts[2] as RegExp, () => `${head}</head>`)
    .replace(parts[3] as RegExp, () => `<div id="root"></div><div id="${SCAN_PAGE_ELEMENT_ID}">${rendered.html}</div>`);
}
