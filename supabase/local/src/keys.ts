import type { apiKeys } from '@medaille/supabase-project';
import type { StackConfig } from './config.ts';
import { storedSecret } from './functions/secrets.ts';
import { createJwt, createSigningKeys, es256SigningKey, type Jwt } from './jwt.ts';

/**
 * The project's JWT keys: with JWT_SIGNING=es256, an ES256 signing key drawn once for the data directory (kept in
 * `jwt-signing-key` next to the stored files, like the functions' secrets), so that sessions outlive a restart and
 * no public key signs them; with `legacy`, the JWT secret alone.
 */
export async function projectJwt(config: StackConfig): Promise<Jwt> {
  if (config.jwtSigning === 'legacy') return createJwt(config.jwtSecret);
  const scalar = Buffer.from(await storedSecret(config.dataDir, 'jwt-signing-key'), 'base64url');
  return createSigningKeys(config.jwtSecret, await es256SigningKey(scalar));
}

/**
 * The API keys hosted Supabase gives every Edge Function: the new ones as JSON by name (`{"default":"sb_…"}`),
 * and the legacy JWTs, which hosted projects still get. A legacy project has only the legacy ones.
 */
export function functionKeyVariables(
  config: StackConfig,
  keys: Awaited<ReturnType<typeof apiKeys>>,
): { SUPABASE_ANON_KEY: string; SUPABASE_SERVICE_ROLE_KEY: string; [name: string]: string } {
  const legacy = { SUPABASE_ANON_KEY: keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey };
  if (config.jwtSigning === 'legacy') return legacy;
  return {
    ...legacy,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
  };
}
