/** The environment an Edge Function runs with: Supabase's own variables and the project's mail settings. */
export interface FunctionEnv {
  SUPABASE_URL: string;
  /**
   * The project's secret API keys as hosted Supabase gives them to functions, JSON by name:
   * `{"default":"sb_secret_…"}`. Read through secretKey.
   */
  SUPABASE_SECRET_KEYS?: string;
  /** The project's publishable API keys, JSON by name: `{"default":"sb_publishable_…"}`. Read through publishableKey. */
  SUPABASE_PUBLISHABLE_KEYS?: string;
  /** The legacy service_role JWT, read when SUPABASE_SECRET_KEYS has no default key (legacy keys only). */
  SUPABASE_SERVICE_ROLE_KEY?: string;
  /** The legacy anon JWT, read when SUPABASE_PUBLISHABLE_KEYS has no default key. */
  SUPABASE_ANON_KEY?: string;
  /** Local stack only: where e-mails go instead of a provider. */
  LOCAL_MAILBOX_URL?: string;
  /** The public site, where links in e-mails to owners lead (https://medaille.fr). */
  PUBLIC_SITE_URL?: string;
  /** Production: the Resend API key and sender used for e-mails to owners. */
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  /**
   * The key of the hash that stands for a finder's address in rate limits and stored rows (clientHash), at least
   * 32 characters, never public: without it, each instance of a function draws its own (and says so in its logs).
   */
  CLIENT_HASH_SECRET?: string;
  /** CLIENT_HASH_SECRET's former name, still read when that one is unset. */
  CLIENT_HASH_SALT?: string;
  /**
   * Shared with the shell's host only: it signs the finder's address with it (`x-medaille-finder`) when it calls
   * the finders' functions server-side, and the rate limits then count that address (see clientHash). Unset:
   * the header is ignored.
   */
  FINDER_IDENTITY_SECRET?: string;
  PROFILE_RATE_LIMIT_PER_MINUTE?: string;
  /** An address's openings of one medal's page a minute (floods); PROFILE_RATE_LIMIT_PER_MINUTE counts its misses. */
  PROFILE_OPENINGS_PER_MINUTE?: string;
  MESSAGE_RATE_LIMIT_PER_HOUR?: string;
  [name: string]: string | undefined;
}

/** The key of a `{"name":"key"}` JSON variable named "default", or undefined when the variable is unset. */
function defaultKey(
  env: FunctionEnv,
  variable: 'SUPABASE_SECRET_KEYS' | 'SUPABASE_PUBLISHABLE_KEYS',
): string | undefined {
  const text = env[variable]?.trim();
  if (!text) return undefined;
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    throw new Error(`${variable} is not JSON: expected {"default":"sb_…"}`);
  }
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) {
    throw new Error(`${variable} is not a JSON object: expected {"default":"sb_…"}`);
  }
  const key = (keys as Record<string, unknown>).default;
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !key.trim()) throw new Error(`${variable}'s "default" key is not a non-empty string`);
  return key.trim();
}

/**
 * The key the functions call the project's services with (all rights): the default secret key, else the legacy
 * service_role JWT. Send it as `apikey` only (serviceHeaders): an `sb_secret_…` key is no JWT to put in
 * `Authorization: Bearer`.
 */
export function secretKey(env: FunctionEnv): string {
  const key = defaultKey(env, 'SUPABASE_SECRET_KEYS') ?? env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (key) return key;
  throw new Error(
    'Neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set: the function cannot reach the database',
  );
}

/**
 * The project's public key, passed on for callers that sent a token without a key: the default publishable key,
 * else the legacy anon JWT.
 */
export function publishableKey(env: FunctionEnv): string | undefined {
  return defaultKey(env, 'SUPABASE_PUBLISHABLE_KEYS') ?? (env.SUPABASE_ANON_KEY?.trim() || undefined);
}

/**
 * The headers of a call to the project's services with the secret key. An `sb_secret_…` key goes in `apikey`
 * only: the gateway gives it the service_role, and it is no JWT that an `Authorization: Bearer` could carry. A
 * legacy service_role JWT is also sent as the bearer token, as supabase-js does with it.
 */
export function serviceHeaders(env: FunctionEnv): Record<string, string> {
  const key = secretKey(env);
  return key.startsWith('sb_') ? { apikey: key } : { apikey: key, Authorization: `Bearer ${key}` };
}
