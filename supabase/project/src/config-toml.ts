// supabase/config.toml, the Supabase CLI's settings, read by the local stack as well
// (docs/decisions/0008-local-stack-imitates-rules.md): auth's URLs, limits and e-mail templates, the functions' gateway
// settings and the buckets' seed files come from the one file that `supabase config push` applies to a hosted project.
// Read here as the CLI reads it, for the stack and for the tools that only need the local project's address and keys
// (local-project.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { parse } from 'smol-toml';
import { z } from 'zod';

/** The e-mail templates GoTrue sends for the flows this product uses. */
export const TEMPLATE_NAMES = ['confirmation', 'magic_link', 'recovery'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export interface EmailTemplate {
  subject: string;
  /** Go-template HTML with `{{ .Variable }}` placeholders, as GoTrue renders it. */
  html: string;
}

export const TEMPLATE_PLACEHOLDER = /\{\{\s*\.(\w+)\s*\}\}/g;

/**
 * Checks that a template uses only `{{ .Variable }}` placeholders that GoTrue knows: the local stack does
 * not run Go's template language, so anything else must fail at start, not in an e-mail.
 */
export function checkTemplate(name: string, html: string): void {
  const known = new Set<string>(['ConfirmationURL', 'Token', 'TokenHash', 'SiteURL', 'Email', 'RedirectTo']);
  for (const [, variable] of html.matchAll(TEMPLATE_PLACEHOLDER)) {
    if (!known.has(variable as string)) throw new Error(`template ${name}: unknown variable .${variable}`);
  }
  if (html.replace(TEMPLATE_PLACEHOLDER, '').includes('{{')) {
    throw new Error(`template ${name}: only {{ .Variable }} placeholders are supported by the local stack`);
  }
}

/** The Supabase CLI's `password_requirements`, as the character sets it gives GoTrue (one of each needed). */
const REQUIRED_CHARACTERS = {
  '': [],
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
} satisfies Record<string, string[]>;
type PasswordRequirements = keyof typeof REQUIRED_CHARACTERS;

const template = z.object({ subject: z.string().min(1), content_path: z.string().min(1) });

/** What the stack reads of config.toml; anything else in the file is the CLI's business. */
const schema = z.object({
  auth: z.object({
    site_url: z.string().url(),
    // A list, or one string of comma-separated patterns (what `env(NAME)` gives): the CLI splits it on commas.
    additional_redirect_urls: z
      .union([z.array(z.string()), z.string().transform((list) => list.split(','))])
      .default([]),
    jwt_expiry: z.number().int().positive(),
    refresh_token_reuse_interval: z.number().int().min(0),
    minimum_password_length: z.number().int().min(6),
    password_requirements: z.enum(Object.keys(REQUIRED_CHARACTERS) as [PasswordRequirements]).default(''),
    rate_limit: z.object({
      // GoTrue's RATE_LIMIT_EMAIL_SENT: auth e-mails of the whole project per hour (0: none).
      email_sent: z.number().int().min(0),
      sign_in_sign_ups: z.number().int().positive(),
      token_verifications: z.number().int().positive(),
      token_refresh: z.number().int().positive(),
    }),
    email: z.object({
      max_frequency: z.string().regex(/^\d+(s|m|h)$/, 'a duration such as "60s"'),
      // The bounds hosted Supabase accepts (its Auth settings): 6 to 10 digits, at most a day.
      otp_length: z.number().int().min(6).max(10).default(6),
      otp_expiry: z.number().int().positive().max(86_400),
      template: z.object({ confirmation: template, magic_link: template, recovery: template }),
    }),
  }),
  storage: z.object({
    buckets: z.record(z.string(), z.object({ objects_path: z.string().optional() })).default({}),
  }),
  functions: z.record(z.string(), z.object({ verify_jwt: z.boolean().default(true) })).default({}),
});

export interface SupabaseConfig {
  /** As environment variables of the stack, so that a real environment variable still wins. */
  env: Record<string, string>;
  emailTemplates: Record<TemplateName, EmailTemplate>;
  /** Functions whose JWT the gateway does not check (`verify_jwt = false`). */
  publicFunctions: string[];
  /** Files to store in a bucket when the demo data is seeded (`objects_path`), by bucket. */
  seedObjects: { bucket: string; dir: string }[];
  /** Seconds a one-time e-mail code and link stay valid. */
  otpExpirySeconds: number;
  /** Digits of the code an e-mail offers. */
  otpLength: number;
  /** Character sets a new password must each have one of (`password_requirements`). */
  passwordRequiredCharacters: string[];
}

const seconds = (duration: string) => {
  const unit = duration.slice(-1);
  return Number(duration.slice(0, -1)) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
};

/** The CLI's `env(NAME)`: a whole string naming a variable (not a part of one). */
const ENV_REFERENCE = /^env\((.*)\)$/;

/**
 * The variables `env(NAME)` reads, as the Supabase CLI gathers them (pkg/config's loadNestedEnv): the process's
 * environment first, then, from the supabase folder up to the project's root, the files `.env.<SUPABASE_ENV>.local`,
 * `.env.local` (not when SUPABASE_ENV is test), `.env.<SUPABASE_ENV>` and `.env`, SUPABASE_ENV being development
 * when unset; a variable keeps the first value found (godotenv never overrides one).
 */
export function configVariables(supabaseDir: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const name = env.SUPABASE_ENV || 'development';
  const files = [`.env.${name}.local`, ...(name === 'test' ? [] : ['.env.local']), `.env.${name}`, '.env'];
  const variables: Record<string, string> = {};
  for (const dir of [supabaseDir, resolve(supabaseDir, '..')]) {
    for (const file of files.map((file) => resolve(dir, file)).filter(existsSync)) {
      for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) variables[key] ??= value ?? '';
    }
  }
  for (const [key, value] of Object.entries(env)) if (value !== undefined) variables[key] = value;
  return variables;
}

/**
 * Every string of the file that is `env(NAME)` replaced with NAME's value, as the CLI's LoadEnvHook does: only
 * when it is set and not empty; otherwise the text stays as written (and the CLI warns that it is unset).
 */
function withVariables(value: unknown, variables: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const name = ENV_REFERENCE.exec(value)?.[1];
    return name && variables[name] ? variables[name] : value;
  }
  if (Array.isArray(value)) return value.map((item) => withVariables(item, variables));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withVariables(item, variables)]));
  }
  return value;
}

/**
 * Reads config.toml, its `env(NAME)` values resolved as the CLI resolves them (configVariables: the local
 * values are in supabase/.env.development); paths in it are relative to the project's root, as the CLI reads
 * them.
 */
export function readSupabaseConfig(path: string, env: NodeJS.ProcessEnv = process.env): SupabaseConfig {
  const variables = configVariables(dirname(path), env);
  const resolved = withVariables(parse(readFileSync(path, 'utf8')), variables);
  const parsed = schema.safeParse(resolved);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => {
        // biome-ignore lint/suspicious/noExplicitAny: the value the issue is about, looked up by its path.
        const value = issue.path.reduce<any>((at, key) => at?.[key as string], resolved);
        const unset = ENV_REFERENCE.exec(String(value ?? ''))?.[1];
        return `  ${issue.path.join('.')}: ${unset ? `${unset} is unset (config.toml says env(${unset}))` : issue.message}`;
      })
      .join('\n');
    throw new Error(`${path} does not say what the local stack needs:\n${problems}`);
  }
  const { auth, storage, functions } = parsed.data;
  const projectRoot = resolve(dirname(path), '..');
  const supabaseDir = dirname(path);
  return {
    env: {
      SITE_URL: auth.site_url,
      ADDITIONAL_REDIRECT_URLS: auth.additional_redirect_urls.join(','),
      JWT_EXPIRY: String(auth.jwt_expiry),
      REFRESH_TOKEN_REUSE_INTERVAL: String(auth.refresh_token_reuse_interval),
      PASSWORD_MIN_LENGTH: String(auth.minimum_password_length),
      EMAIL_MIN_INTERVAL: String(seconds(auth.email.max_frequency)),
      RATE_LIMIT_EMAIL_SENT: String(auth.rate_limit.email_sent),
      RATE_LIMIT_SIGN_IN_SIGN_UPS: String(auth.rate_limit.sign_in_sign_ups),
      RATE_LIMIT_TOKEN_VERIFICATIONS: String(auth.rate_limit.token_verifications),
      RATE_LIMIT_TOKEN_REFRESH: String(auth.rate_limit.token_refresh),
    },
    emailTemplates: Object.fromEntries(
      TEMPLATE_NAMES.map((name) => {
        const { subject, content_path } = auth.email.template[name];
        const html = readFileSync(resolve(projectRoot, content_path), 'utf8');
        checkTemplate(name, html);
        return [name, { subject, html }];
      }),
    ) as Record<TemplateName, EmailTemplate>,
    publicFunctions: Object.entries(functions)
      .filter(([, settings]) => !settings.verify_jwt)
      .map(([name]) => name),
    // objects_path is relative to the supabase folder, as the CLI's `seed buckets` reads it.
    seedObjects: Object.entries(storage.buckets)
      .filter((entry): entry is [string, { objects_path: string }] => entry[1].objects_path !== undefined)
      .map(([bucket, settings]) => ({ bucket, dir: resolve(supabaseDir, settings.objects_path) })),
    otpExpirySeconds: auth.email.otp_expiry,
    otpLength: auth.email.otp_length,
    passwordRequiredCharacters: REQUIRED_CHARACTERS[auth.password_requirements],
  };
}
