import type { FunctionEnv } from './env.ts';

/**
 * Who is asking, for rate limits: the address the edge saw (Cloudflare's cf-connecting-ip on Supabase,
 * else the last x-forwarded-for hop, added by the proxy in front of the function), hashed with a salt so
 * that no address is stored.
 */
export async function clientHash(request: Request, env: FunctionEnv): Promise<string> {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  const address = request.headers.get('cf-connecting-ip')?.trim() || forwarded || 'unknown';
  const salt = env.CLIENT_HASH_SALT ?? env.SUPABASE_URL;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}|${address}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
