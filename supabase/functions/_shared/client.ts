import { FINDER_IDENTITY_HEADER, verifiedFinderAddress } from './domain/index.ts';
import { type FunctionEnv, secretKey } from './env.ts';

/**
 * Who is asking, for rate limits, as the platform's gateway writes it
 * (docs/decisions/0009-client-identity-from-gateway.md). Hosted Supabase's `*.supabase.co` is served through
 * Cloudflare, which sets `cf-connecting-ip` to the connecting address and replaces any value a client sent; the local
 * stack sets it from its socket. Supabase's documentation does not promise that header to a function, and edge-runtime
 * neither sets nor removes any address header, so a request may come without it: then every such finder shares one
 * bucket (SHARED_FINDER_BUCKET), said once in the logs, rather than every finder being refused. No other header is read
 * in its place: X-Forwarded-For, X-Real-IP, True-Client-IP and Forwarded pass on what the client wrote, and reading
 * them would give a client a fresh identity at each request.
 *
 * One exception, for the shell's host, which calls the finders' functions server-side for the finder's page
 * (docs/decisions/0012-scan-page-server-rendered.md): its requests all come from its own address, so it vouches for the
 * finder's address in `x-medaille-finder`, signed with FINDER_IDENTITY_SECRET (verifiedFinderAddress: HMAC-SHA256, at
 * most 60 s old). That address counts instead, hashed the same way, so a finder has one bucket whether the page or the
 * host asks. Without the secret, or when the header is not exactly a fresh signature of it, the header is
 * ignored: a client cannot sign, so a forged one neither gives it a new identity nor takes its own away. The
 * gateways need not remove it.
 *
 * No address is stored: the hash is HMAC-SHA256 of the address keyed with the day's key (dayKey), so that
 * nobody without the secret can test candidate addresses (all of IPv4 takes an hour when the key is public),
 * and one finder's hashes of two UTC days cannot be linked. Within a day the hash is stable, as the limits
 * need; a window that crosses midnight UTC starts afresh (at most one more allowance a day: 5 messages, 9
 * photos, one position, one page opening), which is the price of unlinkable days.
 */
export async function finderIdentity(
  request: Request,
  env: FunctionEnv,
  now: number = Date.now(),
): Promise<FinderIdentity> {
  const vouched = await verifiedFinderAddress(env.FINDER_IDENTITY_SECRET, request.headers.get(FINDER_IDENTITY_HEADER));
  const address = vouched ?? request.headers.get('cf-connecting-ip')?.trim();
  if (!address) sayOnceFindersShareABucket();
  const mac = await crypto.subtle.sign(
    'HMAC',
    await dayKey(clientHashSecret(env), now),
    utf8.encode(address || SHARED_FINDER_BUCKET.name),
  );
  return {
    hash: hex(new Uint8Array(mac)),
    limitFactor: address ? 1 : SHARED_FINDER_BUCKET.limitFactor,
  };
}

/** The hash that stands for the finder in rate limits and stored rows (finderIdentity). */
export async function clientHash(request: Request, env: FunctionEnv, now: number = Date.now()): Promise<string> {
  return (await finderIdentity(request, env, now)).hash;
}

export interface FinderIdentity {
  /** HMAC-SHA256 of the finder's address under the day's key, in hex. */
  hash: string;
  /** What each per-finder limit is multiplied by: 1 for a finder of their own, more for the shared bucket. */
  limitFactor: number;
}

/**
 * The bucket of the finders whose address the gateway did not write. Its name cannot be an address, so no
 * finder with one lands in it. Its limits are ten times one finder's: it stands for every such finder of the
 * service at once (ten finding an animal in the same minute or hour is already a lot for this service), and it
 * stays the brake on a robot walking the codes, which can no longer be told apart from them (600 look-ups a
 * minute at the default 60, instead of unlimited).
 */
export const SHARED_FINDER_BUCKET = { name: 'finders-without-address', limitFactor: 10 } as const;

let saidFindersShareABucket = false;
function sayOnceFindersShareABucket() {
  if (saidFindersShareABucket) return;
  saidFindersShareABucket = true;
  console.warn(
    "[client-hash] a finder's request came without cf-connecting-ip: such finders share one rate-limit bucket " +
      `(its limits x${SHARED_FINDER_BUCKET.limitFactor}); said once per instance. The platform's gateway should set ` +
      'that header to the connecting address, overwriting any value the client sent.',
  );
}

/** Bytes as lower-case hex. */
export const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Shorter secrets are not used: a guessable one would let candidates be tested again. */
const MIN_SECRET_LENGTH = 32;

const utf8 = new TextEncoder();
let processSecret: string | undefined;

/**
 * CLIENT_HASH_SECRET (or its former name CLIENT_HASH_SALT). Never a public value such as SUPABASE_URL: without
 * a secret of at least 32 characters, the project's secret key, which the platform gives every function and
 * nobody else has (so the limits hold across instances; rotating that key starts them afresh). Without either,
 * a random key of this process, said once in the logs: no finder is refused for it, but the limits then count
 * per instance of the function.
 */
function clientHashSecret(env: FunctionEnv): string {
  const configured = env.CLIENT_HASH_SECRET || env.CLIENT_HASH_SALT;
  if (configured && configured.length >= MIN_SECRET_LENGTH) return configured;
  const serviceKey = env.SUPABASE_SECRET_KEYS || env.SUPABASE_SERVICE_ROLE_KEY ? secretKey(env) : '';
  if (serviceKey.length >= MIN_SECRET_LENGTH) return `service-role|${serviceKey}`;
  if (!processSecret) {
    processSecret = hex(crypto.getRandomValues(new Uint8Array(32)));
    console.warn(
      `[client-hash] CLIENT_HASH_SECRET is ${configured ? 'shorter than 32 characters' : 'not set'}: finders' ` +
        'addresses are hashed with a random key of this instance, so rate limits count per instance. Set it to a ' +
        'random secret (openssl rand -base64 32).',
    );
  }
  return processSecret;
}

// Deriving a key costs two HMACs; a function sees one secret and one day at a time, so the last one is kept.
// (The key's type by inference: CryptoKey is a global of the DOM and Deno, not of Node's types.)
type HmacKey = ReturnType<typeof crypto.subtle.importKey>;
let lastDayKey: { secret: string; day: string; key: HmacKey } | undefined;

/** The key of the UTC day of `now`: HMAC-SHA256(secret, `client-hash|v1|YYYY-MM-DD`), as an HMAC-SHA256 key. */
function dayKey(secret: string, now: number): HmacKey {
  const day = new Date(now).toISOString().slice(0, 10);
  if (lastDayKey?.secret !== secret || lastDayKey.day !== day) {
    const key = (async () => {
      const master = await hmacKey(utf8.encode(secret));
      return hmacKey(await crypto.subtle.sign('HMAC', master, utf8.encode(`client-hash|v1|${day}`)));
    })();
    lastDayKey = { secret, day, key };
  }
  return lastDayKey.key;
}

const hmacKey = (raw: Uint8Array<ArrayBuffer> | ArrayBuffer) =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/** What the database keeps of a found report's finder's token (report-found's): its SHA-256, in hex. */
export async function foundTokenHash(token: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))));
}
