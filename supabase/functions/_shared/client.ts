import type { FunctionEnv } from './env.ts';

/**
 * Who is asking, for rate limits, as the platform's gateway guarantees it (DESIGN D9): on hosted Supabase,
 * Cloudflare sets `cf-connecting-ip` to the connecting address and replaces any value a client sent; the
 * local stack sets it from its socket. X-Forwarded-For is never read: its first hops are whatever the
 * client wrote. The address is hashed with a salt, so that no address is stored. Null when the header is
 * missing: such a request did not come through the gateway, and has no identity to limit.
 */
export async function clientHash(request: Request, env: FunctionEnv): Promise<string | null> {
  const address = request.headers.get('cf-connecting-ip')?.trim();
  if (!address) return null;
  const salt = env.CLIENT_HASH_SALT ?? env.SUPABASE_URL;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}|${address}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
