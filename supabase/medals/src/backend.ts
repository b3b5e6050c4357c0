import { localProject } from '@medaille/supabase-project';
import { PostgrestClient } from '@supabase/postgrest-js';

/** A refusal the tool explains in one line, writing nothing (exit status 1). */
export class MedalsError extends Error {}

export interface Backend {
  /** PostgREST with the service role: the tool only calls SQL functions, so not all of supabase-js. */
  database: PostgrestClient;
  /** Where the API answers: the local stack, or the hosted project of SUPABASE_URL. */
  url: string;
  /** The public site a printed QR code leads to: PUBLIC_SITE_URL, or config.toml's site_url. */
  siteUrl: string;
}

/**
 * The backend the tool acts on, with the service role, which alone may mint, look up and suspend codes:
 * hosted Supabase when SUPABASE_URL is set (SUPABASE_SECRET_KEY or SUPABASE_SERVICE_ROLE_KEY then required), otherwise the local
 * stack of this repository (`pnpm start` or `pnpm stack`), whose address and keys come from config.toml and the
 * environment as the stack reads them (without loading the stack).
 */
export async function openBackend(env: NodeJS.ProcessEnv): Promise<Backend> {
  const local = await localProject(env);
  const url = env.SUPABASE_URL?.trim() || local.url;
  // The project's secret key (sb_secret_…), or on a project with legacy keys its service_role key.
  const hostedKey = env.SUPABASE_SECRET_KEY?.trim() || env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  const key = env.SUPABASE_URL?.trim() ? hostedKey : local.serviceRoleKey;
  if (!key) {
    throw new MedalsError(
      'SUPABASE_SERVICE_ROLE_KEY is not set: minting, suspending and showing codes need the project’s secret key in SUPABASE_SECRET_KEY, or its service role key in SUPABASE_SERVICE_ROLE_KEY (Project Settings > API keys). Nothing was written.',
    );
  }
  const siteUrl = parseSiteUrl(env.PUBLIC_SITE_URL?.trim() || local.siteUrl);
  const database = new PostgrestClient(`${url}/rest/v1`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  return { database, url, siteUrl };
}

function parseSiteUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MedalsError(`PUBLIC_SITE_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new MedalsError(`PUBLIC_SITE_URL must be an http(s) address: ${raw}`);
  }
  if (url.search || url.hash) throw new MedalsError(`PUBLIC_SITE_URL must have no query or fragment: ${raw}`);
  return url.href.replace(/\/+$/, '');
}

/**
 * Whether a site address is reached only from this computer or its network: loopback, private and link-local
 * addresses, `localhost`, and names of the local network (`.local`, `.lan`, `.home.arpa`, or no dot at all).
 */
export function isLocalSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host.includes(':')) return host === '::' || host === '::1' || /^(f[cd]|fe[89ab])/.test(host);
  const ipv4 = host.match(/^(\d+)\.(\d+)\.\d+\.\d+$/);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return !host.includes('.') || /\.(localhost|local|lan|internal|home\.arpa)$/.test(host);
}

/** The page a medal's QR code opens. */
export function medalUrl(siteUrl: string, code: string): string {
  return `${siteUrl}/${encodeURIComponent(code)}`;
}

/**
 * Calls a SQL function with the service role. A backend that does not answer, or refuses, becomes one
 * clear line (a MedalsError) rather than a stack trace.
 */
export async function callRpc<T>(backend: Backend, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await backend.database.rpc(fn, args);
  if (error && !error.code) {
    throw new MedalsError(
      `Cannot reach ${backend.url} (${error.message}). Is the local stack running (pnpm start or pnpm stack)? Nothing was written.`,
    );
  }
  if (error) throw new MedalsError(`${backend.url} refused ${fn}: ${error.message}`);
  return data as T;
}
