/**
 * The call-the-function capability the host hands to the scan's loader and action: the finder's server
 * functions called on the finder's behalf. The functions' gateway sees the host's address, so the host
 * vouches for the finder's own (DESIGN D9): it signs the address its socket or platform saw, never one a
 * client wrote in a header. The secret stays in this closure; the scan's code only gets the function.
 */
import { FINDER_IDENTITY_HEADER, signFinderIdentity } from '@medaille/domain/finder-identity';
import type { CallFunction } from '@medaille/scan-contract';
import type { ShellConfig } from './config.ts';

/**
 * POSTs a JSON body to one of the finder's functions with the anon key and, when the host can vouch for
 * it, the finder's signed address. `finderIdentitySecret` null: no identity passed on.
 */
export function signedFunctionCaller(
  config: ShellConfig,
  finderIdentitySecret: string | null,
  clientAddress: string | null,
): CallFunction {
  return async (name, body, signal) => {
    // Only these headers: nothing of the finder's request (cookies, forwarding headers, a forged identity).
    const headers = new Headers({
      apikey: config.supabaseAnonKey,
      authorization: `Bearer ${config.supabaseAnonKey}`,
      'content-type': 'application/json',
    });
    const identity = await finderIdentity(finderIdentitySecret, clientAddress);
    if (identity) headers.set(FINDER_IDENTITY_HEADER, identity);
    return fetch(new URL(`functions/v1/${name}`, withTrailingSlash(config.supabaseUrl)), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
  };
}

async function finderIdentity(secret: string | null, clientAddress: string | null): Promise<string | null> {
  if (!secret || !clientAddress) return null;
  try {
    return await signFinderIdentity(secret, clientAddress);
  } catch {
    // Not an IP address (a platform that gives something else): the call goes without, as the host's own.
    return null;
  }
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
