/**
 * The headers of every page the host answers: a Content-Security-Policy that lets the page load from, connect
 * to and show images of the shell's own origin, the remotes' and the backend's only, and no other site frame it.
 *
 * Inline scripts are allowed by their SHA-256 hash, not by a nonce: a scan page rendered for one finder is
 * given to the next ones for a few seconds (the scan remote's recent pages), and a nonce, which must differ on
 * every answer, would have to be written into a page already made. A hash is the same for every answer of the
 * same script, and the host knows each script it or the scan deployment writes before the page's first byte
 * leaves (a streamed page's headers go with its start).
 */
import type { DeployConfig } from '@medaille/supabase/deploy-config';

/** For browsers without CSP's frame-ancestors: no page of the product may be shown inside another site's. */
const NO_FRAMING_HEADERS = { 'X-Frame-Options': 'DENY' };

/** Scripts hashed once each; the few a host writes (its pages' own, the scan deployment's), so a small bound. */
const MAX_KEPT_HASHES = 64;

/**
 * For `config`'s deployment, the headers of a page whose inline scripts are `scripts` (each one's text as written
 * between `<script>` and `</script>`): the policy allows those and no other.
 */
export function pageHeaders(config: DeployConfig) {
  const remotes = unique([config.remotes.scan, config.remotes.portal].flatMap(originOf));
  const backend = originOf(config.supabaseUrl);
  const fixed = [
    "default-src 'self'",
    // Inline styles stay allowed: the scan page's stylesheets are written inline on purpose (styled before any
    // script, no render-blocking request), and Radix's scroll lock writes a <style> of measured sizes. A style
    // runs no code; the scripts are what the policy holds to their hashes.
    `style-src ${["'self'", ...remotes, "'unsafe-inline'"].join(' ')}`,
    // Storage's photos, and the portal's previews of photos being added (blob:) and its poster's QR code (data:).
    `img-src ${["'self'", ...backend, ...remotes, 'data:', 'blob:'].join(' ')}`,
    `font-src ${["'self'", ...remotes].join(' ')}`,
    // The backend over HTTPS only: nothing subscribes to Realtime (no wss:). blob: is a file the page itself holds
    // (a finder's chosen photo, read back as it is shown and resized), never another site.
    `connect-src ${["'self'", ...backend, ...remotes, 'blob:'].join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // The scan page's and the conversation page's forms post to the page itself.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  // Each remote's files come from its manifest's origin (its `publicPath` is 'auto').
  const scriptSources = ["'self'", ...remotes];
  return async (scripts: readonly string[]): Promise<Record<string, string>> => {
    const hashes = unique(await Promise.all(scripts.map(scriptHash)));
    const policy = [`script-src ${[...scriptSources, ...hashes].join(' ')}`, ...fixed].join('; ');
    return { 'Content-Security-Policy': policy, ...NO_FRAMING_HEADERS };
  };
}

const hashes = new Map<string, Promise<string>>();

/** `'sha256-…'` of a script's text, as CSP hashes it (its UTF-8 bytes, base64). */
function scriptHash(text: string): Promise<string> {
  let hash = hashes.get(text);
  if (!hash) {
    if (hashes.size >= MAX_KEPT_HASHES) hashes.clear();
    hash = crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then((digest) => {
      const bytes = new Uint8Array(digest);
      return `'sha256-${btoa(String.fromCharCode(...bytes))}'`;
    });
    hashes.set(text, hash);
  }
  return hash;
}

/** A URL's origin, or nothing for a configuration value that is no URL (a remote not deployed). */
function originOf(url: string): string[] {
  return URL.canParse(url) ? [new URL(url).origin] : [];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
