// The local project as the Supabase CLI derives it from config.toml and its JWT secret: where it answers and
// the API keys it issues, known without starting it. The local stack serves it; `pnpm medals` talks to it.
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { readSupabaseConfig } from './config-toml.ts';

/** supabase/config.toml of this repository; SUPABASE_CONFIG names another. */
export const CONFIG_TOML = fileURLToPath(new URL('../../config.toml', import.meta.url));

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The variables that say where the local project answers and what its keys are, with their defaults. */
export const localProjectSettings = {
  STACK_PORT: z.coerce.number().int().min(0).max(65535).default(54321),
  STACK_HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEFAULT_JWT_SECRET),
  /** Where e-mail links lead by default and which redirect targets are allowed (GoTrue's SITE_URL). */
  SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
};

/**
 * Where a local stack with this environment answers and the keys it issues: environment variables win over
 * config.toml (SUPABASE_CONFIG, else this repository's), which wins over the defaults above.
 */
export async function localProject(env: NodeJS.ProcessEnv = process.env) {
  const toml = readSupabaseConfig(env.SUPABASE_CONFIG || CONFIG_TOML, env);
  const given = Object.fromEntries(Object.entries(env).filter((entry) => entry[1] !== undefined));
  const parsed = z.object(localProjectSettings).safeParse({ ...toml.env, ...given });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid local project settings:\n${problems}`);
  }
  const { STACK_HOST: host, STACK_PORT: port, JWT_SECRET: secret, SITE_URL: siteUrl } = parsed.data;
  // A stack listening on every address is reached on loopback.
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { url: `http://${reachable}:${port}`, siteUrl, ...(await apiKeys(secret)) };
}

/**
 * A Supabase project's API keys: the legacy ones, long-lived HS256 JWTs of the JWT secret whose role is anon or
 * service_role (issued at a fixed date so that the same secret always gives the same keys), and the new ones,
 * opaque `sb_publishable_…` and `sb_secret_…` strings that stand for the same roles (derived from the secret, so
 * they are stable too).
 */
export async function apiKeys(secret: string) {
  const key = new TextEncoder().encode(secret);
  const issuedAt = Date.UTC(2026, 0, 1) / 1000;
  const tenYears = 10 * 365 * 24 * 3600;
  const legacy = (role: string) =>
    new SignJWT({ role, iss: 'supabase-local' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + tenYears)
      .sign(key);
  const opaque = (kind: string) => createHmac('sha256', secret).update(kind).digest('base64url').slice(0, 32);
  return {
    anonKey: await legacy('anon'),
    serviceRoleKey: await legacy('service_role'),
    publishableKey: `sb_publishable_${opaque('publishable')}`,
    secretKey: `sb_secret_${opaque('secret')}`,
  };
}
