/**
 * The finder's server functions, called by the host on the finder's behalf. The functions' gateway sees the
 * host's address, so the host vouches for the finder's own (DESIGN D9, issue 18 contract section 5): it
 * signs the address its socket or platform saw, never one a client wrote in a header.
 */
import { FINDER_IDENTITY_HEADER, signFinderIdentity } from '@medaille/domain/finder-identity';
import type { ShellConfig } from './config.ts';

export interface FinderCall {
  config: ShellConfig;
  /** The secret the functions share with the host (FINDER_IDENTITY_SECRET); null: no identity passed on. */
  finderIdentitySecret: string | null;
  /** The finder's address as the host's socket or platform saw it. */
  clientAddress: string | null;
  signal: AbortSignal;
}

/** POSTs `body` to a function with the anon key and, when the host can vouch for it, the finder's address. */
export async function callFinderFunction(call: FinderCall, name: string, body: unknown): Promise<Response> {
  // Only these headers: nothing of the finder's request (cookies, forwarding headers, a forged identity).
  const headers = new Headers({
    apikey: call.config.supabaseAnonKey,
    authorization: `Bearer ${call.config.supabaseAnonKey}`,
    'content-type': 'application/json',
  });
  const identity = await finderIdentity(call);
  if (identity) headers.set(FINDER_IDENTITY_HEADER, identity);
  return fetch(new URL(`functions/v1/${name}`, withTrailingSlash(call.config.supabaseUrl)), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: call.signal,
  });
}

async function finderIdentity(call: FinderCall): Promise<string | null> {
  if (!call.finderIdentitySecret || !call.clientAddress) return null;
  try {
    return await signFinderIdentity(call.finderIdentitySecret, call.clientAddress);
  } catch {
    // Not an IP address (a platform that gives something else): the call goes without, as the host's own.
    return null;
  }
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
