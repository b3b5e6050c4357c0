import { FINDER_IDENTITY_HEADER, verifiedFinderAddress } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';

/**
 * Who is asking, for rate limits, as the platform's gateway guarantees it (DESIGN D9): on hosted Supabase,
 * Cloudflare sets `cf-connecting-ip` to the connecting address and replaces any value a client sent; the
 * local stack sets it from its socket. X-Forwarded-For is never read: its first hops are whatever the
 * client wrote. The address is hashed with a salt, so that no address is stored. Null when the header is
 * missing: such a request did not come through the gateway, and has no identity to limit.
 *
 * One exception, for the shell's host, which calls the finders' functions server-side for the finder's page
 * (DESIGN D12): its requests all come from its own address, so it vouches for the finder's address in
 * `x-medaille-finder`, signed with FINDER_IDENTITY_SECRET (verifiedFinderAddress: HMAC-SHA256, at most 60 s
 * old). That address counts instead, hashed the same way, so a finder has one bucket whether the page or the
 * host asks. Without the secret, or when the header is not exactly a fresh signature of it, the header is
 * ignored: a client cannot sign, so a forged one neither gives it a new identity nor takes its own away. The
 * gateways need not remove it.
 */
export async function clientHash(request: Request, env: FunctionEnv): Promise<string | null> {
  const vouched = await verifiedFinderAddress(env.FINDER_IDENTITY_SECRET, request.headers.get(FINDER_IDENTITY_HEADER));
  const address = vouched ?? request.headers.get('cf-connecting-ip')?.trim();
  if (!address) return null;
  const salt = env.CLIENT_HASH_SALT ?? env.SUPABASE_URL;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}|${address}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
