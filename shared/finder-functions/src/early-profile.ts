// A server-rendered scan page carries its profile in the SCAN_DATA_ELEMENT_ID element, or says in its head that
// it comes later in the page (SCAN_DATA_COMING_ELEMENT_ID, a streamed page): its HTML asks nothing.

import { codeInPath, RESERVED_SEGMENTS } from '@medaille/routing';
import { SCAN_DATA_COMING_ELEMENT_ID, SCAN_DATA_ELEMENT_ID } from '@medaille/scan-contract';
import { type FunctionsEndpoint, requestFinderFunction } from './request.ts';

/** The request a scan page's HTML started before any script loaded. */
interface EarlyProfile {
  code: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __MEDAILLE_EARLY_PROFILE__?: EarlyProfile;
  }
}

/**
 * In the browser, on a scan page whose HTML has no profile and says none is coming: asks for the profile of the
 * path's code at once. `codeOf` and `request` are `codeInPath` and `requestFinderFunction`, given as their
 * source. Sent as its own source: self-contained, and without functions of its own (a runner that keeps
 * functions' names, as tsx does, would wrap them in a helper the page does not have).
 */
function askProfileEarly(
  codeOf: typeof codeInPath,
  request: typeof requestFinderFunction,
  ownerSegments: readonly string[],
  elementIds: { data: string; coming: string },
): void {
  const page = window as Window & { __MEDAILLE_CONFIG__?: FunctionsEndpoint };
  const config = page.__MEDAILLE_CONFIG__;
  if (!config) return;
  if (document.getElementById(elementIds.data) || document.getElementById(elementIds.coming)) return;
  const code = codeOf(location.pathname, ownerSegments);
  if (code === null) return;
  page.__MEDAILLE_EARLY_PROFILE__ = { code, response: request(config, 'get_public_profile', { code }) };
}

/**
 * The inline script for the shell's HTML (docs/decisions/0005-tiny-scan-path.md): on a scan page it asks for the
 * profile while the scripts download, one round trip earlier. Made from the same functions the scripts use, so the HTML
 * cannot drift from them: the path rule of `scanCodeOf` and the request of `requestFinderFunction`. It must come
 * after the configuration's script, and after the server-rendered page's data, or the word that it is coming,
 * when the host sent one: that page has its profile, and a second request would spend the finder's rate limit
 * for nothing.
 */
export function earlyProfileScript(): string {
  const ids = { data: SCAN_DATA_ELEMENT_ID, coming: SCAN_DATA_COMING_ELEMENT_ID };
  return `(${askProfileEarly.toString()})(${codeInPath.toString()}, ${requestFinderFunction.toString()}, ${JSON.stringify(RESERVED_SEGMENTS)}, ${JSON.stringify(ids)});`;
}

/**
 * The answer to the request the HTML started for `code`, once: a retry or a later page asks again. Null when
 * the HTML started none for this code.
 */
export function takeEarlyProfile(code: string): Promise<Response> | null {
  const early = window.__MEDAILLE_EARLY_PROFILE__;
  if (!early || early.code !== code) return null;
  window.__MEDAILLE_EARLY_PROFILE__ = undefined;
  return early.response;
}
