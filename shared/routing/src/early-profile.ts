// A server-rendered scan page carries its profile in the SCAN_DATA_ELEMENT_ID element (issue 18).
import { SCAN_DATA_ELEMENT_ID } from '@medaille/scan-contract';
import { codeInPath, OWNER_SEGMENTS } from './routes.ts';

/** Where a front-end finds the backend (a subset of the deploy-time configuration, `window.__MEDAILLE_CONFIG__`). */
export interface FunctionsEndpoint {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/**
 * Calls one of the finder's server functions with plain fetch (the scan page loads no supabase-js).
 * Self-contained, like `codeInPath`: the shell's HTML carries its source too.
 */
export function callFunction(endpoint: FunctionsEndpoint, name: string, body: unknown): Promise<Response> {
  return fetch(`${endpoint.supabaseUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: endpoint.supabaseAnonKey,
      authorization: `Bearer ${endpoint.supabaseAnonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

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
 * The inline script for the shell's HTML (DESIGN D5): on a scan page it asks for the profile while the
 * scripts download, one round trip earlier. Made from the same functions the scripts use, so the HTML
 * cannot drift from them: the path rule of `scanCodeOf` and the request of `callFunction`. It must come
 * after the configuration's script, and after the server-rendered page's data when the host sent one: that
 * page already has its profile, and a second request would spend the finder's rate limit for nothing.
 */
export function earlyProfileScript(): string {
  return `(function () {
  var config = window.__MEDAILLE_CONFIG__;
  if (!config || document.getElementById(${JSON.stringify(SCAN_DATA_ELEMENT_ID)})) return;
  var code = (${codeInPath.toString()})(location.pathname, ${JSON.stringify(OWNER_SEGMENTS)});
  if (code === null) return;
  window.__MEDAILLE_EARLY_PROFILE__ = {
    code: code,
    response: (${callFunction.toString()})(config, 'get_public_profile', { code: code })
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
