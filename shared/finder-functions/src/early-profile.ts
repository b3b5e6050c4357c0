// A server-rendered scan page carries its profile in the SCAN_DATA_ELEMENT_ID element, or says in its head that
// it comes later in the page (SCAN_DATA_COMING_ELEMENT_ID, a streamed page): its HTML asks nothing.

import { codeInPath, OWNER_SEGMENTS } from '@medaille/routing';
import { SCAN_DATA_COMING_ELEMENT_ID, SCAN_DATA_ELEMENT_ID } from '@medaille/scan-contract';
import { requestFinderFunction } from './request.ts';

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
 * The inline script for the shell's HTML (docs/decisions/0005-tiny-scan-path.md): on a scan page it asks for the
 * profile while the scripts download, one round trip earlier. Made from the same functions the scripts use, so the HTML
 * cannot drift from them: the path rule of `scanCodeOf` and the request of `requestFinderFunction`. It must come
 * after the configuration's script, and after the server-rendered page's data, or the word that it is coming,
 * when the host sent one: that page has its profile, and a second request would spend the finder's rate limit
 * for nothing.
 */
export function earlyProfileScript(): string {
  return `(function () {
  var config = window.__MEDAILLE_CONFIG__;
  if (!config) return;
  if (document.getElementById(${JSON.stringify(SCAN_DATA_ELEMENT_ID)})) return;
  if (document.getElementById(${JSON.stringify(SCAN_DATA_COMING_ELEMENT_ID)})) return;
  var code = (${codeInPath.toString()})(location.pathname, ${JSON.stringify(OWNER_SEGMENTS)});
  if (code === null) return;
  window.__MEDAILLE_EARLY_PROFILE__ = {
    code: code,
    response: (${requestFinderFunction.toString()})(config, 'get_public_profile', { code: code })
  };
})();`;
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
