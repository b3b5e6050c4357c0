import { fileURLToPath } from 'node:url';
import { CONFIG_TOML, localProjectSettings, readSupabaseConfig, type SupabaseConfig } from '@medaille/supabase-project';
import { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const schema = z.object({
  // STACK_PORT, STACK_HOST, JWT_SECRET, SITE_URL: where the stack answers and its keys, which tools know too.
  ...localProjectSettings,
  /**
   * How user access tokens are signed. `es256` (the default, as projects created today): with an ES256 key drawn
   * for the data directory and published at /auth/v1/.well-known/jwks.json; the functions get the new API keys
   * besides the legacy ones. `legacy`: a project still on the JWT secret alone, HS256 tokens, an empty JWKS, and
   * only the legacy anon and service_role keys for the functions and front-ends.
   */
  JWT_SIGNING: z.enum(['es256', 'legacy']).default('es256'),
  /**
   * `disabled`: the legacy anon and service_role JWTs are refused as API keys, as on a hosted project whose
   * legacy keys were turned off (both together); still accepted as bearer tokens, and still given to the functions.
   */
  LEGACY_API_KEYS: z.enum(['enabled', 'disabled']).default('enabled'),
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP); tests shorten it to see a session expire. */
  JWT_EXPIRY: z.coerce.number().int().min(1).default(3600),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(`${REPO_ROOT}.data`),
  /** Extra allowed redirect URLs, comma-separated glob patterns (GoTrue's URI_ALLOW_LIST). */
  ADDITIONAL_REDIRECT_URLS: z.string().default('http://localhost:3000/**'),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).default(8),
  /**
   * bcrypt's cost for new password hashes: hosted GoTrue's is 10 (bcrypt's DefaultCost); GoTrue's own tests use
   * bcrypt's least, 4 (its QuickHashCost), as ours do. A hash is always checked at the cost written in it.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(31).default(10),
  /** Seconds between two e-mails of one kind to one address (GoTrue's SMTP max frequency). */
  EMAIL_MIN_INTERVAL: z.coerce.number().int().min(0).default(60),
  /** The Edge Functions the stack serves under /functions/v1. */
  FUNCTIONS_DIR: z.string().default(`${REPO_ROOT}supabase/functions`),
  /** Seconds a rotated refresh token may still be presented (hosted Supabase: 10). */
  REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).default(10),
  /** Requests per client address in 5 minutes, as the Supabase CLI's [auth.rate_limit] names them. */
  RATE_LIMIT_SIGN_IN_SIGN_UPS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOKEN_VERIFICATIONS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOKEN_REFRESH: z.coerce.number().int().min(1).default(150),
  /** Auth e-mails the whole project sends per hour, whoever asks (GoTrue's RATE_LIMIT_EMAIL_SENT); 0: none. */
  RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(0).default(30),
  /**
   * Seconds between two runs of the sweep of orphan photo files (the sweep-photos function), as pg_cron runs
   * it on hosted Supabase; 0 turns the timer off. The first run comes PHOTO_SWEEP_FIRST_DELAY seconds after start.
   */
  PHOTO_SWEEP_INTERVAL: z.coerce
    .number()
    .min(0)
    .default(6 * 3600),
  PHOTO_SWEEP_FIRST_DELAY: z.coerce.number().min(0).default(60),
  /**
   * Seconds between two runs of deliver-outbox, which retries the owners' e-mails waiting in the outbox, as pg_cron
   * runs it every minute on hosted Supabase; 0 turns the timer off.
   */
  MAIL_RETRY_INTERVAL: z.coerce.number().min(0).default(60),
  /**
   * Seconds between two runs of health-reminders, which e-mails the health booklet's reminders of the day (pg_cron
   * runs it every morning on hosted Supabase; each reminder goes once, however often it runs); 0 turns the timer
   * off. The first run comes a minute after start, or sooner with a shorter interval.
   */
  HEALTH_REMINDERS_INTERVAL: z.coerce.number().min(0).default(3600),
});

/** Environment variables win over supabase/config.toml, which wins over the defaults above. */
export type StackConfig = {
  port: number;
  host: string;
  jwtSecret: string;
  /** JWT_SIGNING: ES256 user tokens and a JWKS, or the legacy system alone (HS256, legacy keys only). */
  jwtSigning: 'es256' | 'legacy';
  /** LEGACY_API_KEYS=disabled: the gateway refuses the legacy JWTs as API keys. */
  legacyApiKeysDisabled: boolean;
  jwtExpiry: number;
  databaseUrl: string | undefined;
  dataDir: string;
  siteUrl: string;
  redirectAllowList: string[];
  passwordMinLength: number;
  /** bcrypt's cost for new password hashes (PASSWORD_HASH_COST). */
  passwordHashCost: number;
  passwordRequiredCharacters: string[];
  emailMinIntervalSeconds: number;
  refreshReuseSeconds: number;
  /** Auth requests allowed per client address in 5 minutes (GoTrue's per-IP limits). */
  authRateLimits: { signInSignUps: number; tokenVerifications: number; tokenRefresh: number };
  /** Auth e-mails the whole project sends per hour (config.toml's email_sent). */
  emailSentPerHour: number;
  functionsDir: string;
  emailTemplates: SupabaseConfig['emailTemplates'];
  otpExpirySeconds: number;
  otpLength: number;
  /** Functions served without the gateway's JWT check (config.toml's `verify_jwt = false`). */
  publicFunctions: string[];
  /** Seed files stored in buckets when the demo data is seeded (config.toml's `objects_path`). */
  seedObjects: SupabaseConfig['seedObjects'];
  /** Extra variables for the functions (rate limits, salt), from FUNCTION_* variables without the prefix. */
  functionEnv: Record<string, string>;
  /** The timer that runs sweep-photos: milliseconds to the first run and between runs (0: no timer). */
  photoSweep: { firstDelayMs: number; intervalMs: number };
  /** The timer that runs deliver-outbox: milliseconds to the first run and between runs (0: no timer). */
  mailRetry: { firstDelayMs: number; intervalMs: number };
  /** The timer that runs health-reminders: milliseconds to the first run and between runs (0: no timer). */
  healthReminders: { firstDelayMs: number; intervalMs: number };
};

/** Reads the configuration from the environment, with a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<StackConfig> = {}): StackConfig {
  const supabase = readSupabaseConfig(env.SUPABASE_CONFIG || CONFIG_TOML, env);
  const given = Object.fromEntries(Object.entries(env).filter((entry) => entry[1] !== undefined));
  const parsed = schema.safeParse({ ...supabase.env, ...given });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid local stack configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.JWT_SIGNING === 'legacy' && e.LEGACY_API_KEYS === 'disabled') {
    throw new Error(
      'Invalid local stack configuration: a legacy project (JWT_SIGNING=legacy) needs its legacy API keys',
    );
  }
  return {
    port: e.STACK_PORT,
    host: e.STACK_HOST,
    jwtSecret: e.JWT_SECRET,
    jwtSigning: e.JWT_SIGNING,
    legacyApiKeysDisabled: e.LEGACY_API_KEYS === 'disabled',
    jwtExpiry: e.JWT_EXPIRY,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    siteUrl: e.SITE_URL,
    redirectAllowList: e.ADDITIONAL_REDIRECT_URLS.split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    passwordHashCost: e.PASSWORD_HASH_COST,
    passwordRequiredCharacters: supabase.passwordRequiredCharacters,
    emailMinIntervalSeconds: e.EMAIL_MIN_INTERVAL,
    refreshReuseSeconds: e.REFRESH_TOKEN_REUSE_INTERVAL,
    authRateLimits: {
      signInSignUps: e.RATE_LIMIT_SIGN_IN_SIGN_UPS,
      tokenVerifications: e.RATE_LIMIT_TOKEN_VERIFICATIONS,
      tokenRefresh: e.RATE_LIMIT_TOKEN_REFRESH,
    },
    emailSentPerHour: e.RATE_LIMIT_EMAIL_SENT,
    functionsDir: e.FUNCTIONS_DIR,
    emailTemplates: supabase.emailTemplates,
    otpExpirySeconds: supabase.otpExpirySeconds,
    otpLength: supabase.otpLength,
    publicFunctions: supabase.publicFunctions,
    seedObjects: supabase.seedObjects,
    functionEnv: Object.fromEntries(
      Object.entries(env)
        .filter((entry): entry is [string, string] => entry[0].startsWith('FUNCTION_') && typeof entry[1] === 'string')
        .map(([name, value]) => [name.slice('FUNCTION_'.length), value]),
    ),
    photoSweep: { firstDelayMs: e.PHOTO_SWEEP_FIRST_DELAY * 1000, intervalMs: e.PHOTO_SWEEP_INTERVAL * 1000 },
    mailRetry: { firstDelayMs: e.MAIL_RETRY_INTERVAL * 1000, intervalMs: e.MAIL_RETRY_INTERVAL * 1000 },
    healthReminders: {
      firstDelayMs: Math.min(60, e.HEALTH_REMINDERS_INTERVAL) * 1000,
      intervalMs: e.HEALTH_REMINDERS_INTERVAL * 1000,
    },
    ...overrides,
  };
}
