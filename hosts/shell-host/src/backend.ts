/**
 * The call-the-function capability the host hands to the scan's loader and action: the finder's server
 * functions called on the finder's behalf. The functions' gateway sees the host's address, so the host
 * vouches for the finder's own (docs/decisions/0009-client-identity-from-gateway.md): it signs the address its socket
 * or platform saw, never one a client wrote in a header. The secret stays in this closure; the scan's code only gets
 * the function.
 */
import { FINDER_IDENTITY_HEADER, REQUEST_ID_HEADER, signFinderIdentity } from '@medaille/domain/finder-identity';
import { requestFinderFunction } from '@medaille/finder-functions';
import type { CallFunction } from '@medaille/scan-contract';
import type { DeployConfig } from '@medaille/supabase/deploy-config';

/**
 * One of the finder's functions called as the page would (requestFinderFunction) plus the id of the host's
 * request and, when the host can vouch for it, the finder's signed address. `finderIdentitySecret` null: no
 * identity passed on.
 */
export function signedFunctionCaller(
  config: DeployConfig,
  finderIdentitySecret: string | null,
  { clientAddress, requestId }: { clientAddress: string | null; requestId: string },
  outgoing: typeof fetch,
): CallFunction {
  return async (name, body, signal) => {
    // Nothing of the finder's request goes on (cookies, forwarding headers, a forged identity or request id):
    // only what the host made itself.
    const identity = await finderIdentity(finderIdentitySecret, clientAddress);
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: requestId };
    if (identity) headers[FINDER_IDENTITY_HEADER] = identity;
    return requestFinderFunction(config, name, body, { headers, signal, fetch: outgoing });
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
