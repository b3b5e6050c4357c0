import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { JwtClaims, Role } from '../database/claims.ts';
import { type Jwt, JwtError } from '../jwt.ts';

/** What the API gateway learned of the caller: the claims to run with, or why the bearer token was refused. */
export interface Caller {
  claims: JwtClaims;
  /** The bearer token sent, when it is a user's access token rather than an API key. */
  token: string | null;
  /**
   * A publishable or secret key came without a bearer token (or with an sb_… key as one): Supabase's gateway
   * then gives the services behind it a JWT of the key's role as the bearer (the CLI's request-transformer
   * rule), since these keys are no JWTs, so Storage and GoTrue's admin API see an Authorization header.
   */
  keyStandsInForBearer: boolean;
  tokenError: JwtError | null;
}

/** `clientAddress` is set from the socket by `clientAddressFromSocket`, before any service runs. */
export type StackEnv = { Bindings: HttpBindings; Variables: { caller: Caller; clientAddress: string } };

/** CORS for the browser front-ends, which run on origins of their own. */
export const corsForFrontEnds = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposeHeaders: ['Content-Range', 'Content-Location', 'Preference-Applied', 'Location', 'X-Supabase-Api-Version'],
  maxAge: 3600,
});

const OPEN_ROUTES = new Set(['/auth/v1/verify', '/auth/v1/.well-known/jwks.json']);
const PUBLIC_FILES = /^\/storage\/v1\/(object|render\/image)\/public\//;
/**
 * A signed URL's download: its token alone opens the object, as Supabase's gateway lets Storage's routes through
 * without key-auth (its kong.yml, storage-v1). Only GET and HEAD: signing one needs the caller.
 */
const SIGNED_FILES = /^\/storage\/v1\/object\/sign\//;
const isSignedDownload = (method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && SIGNED_FILES.test(path);

/**
 * The API gateway in front of every Supabase service: a valid API key is required (header `apikey`
 * or query parameter), and the bearer token, when there is one, decides the role and claims.
 */
/** Every browser's User-Agent starts so ('Mozilla/5.0 …'); servers' (Node, Deno, curl) do not. */
const BROWSER_USER_AGENT = /^Mozilla\//;

export function apiGateway(
  jwt: Jwt,
  opaqueKeys: Map<string, Role> = new Map(),
  { legacyApiKeysDisabled = false } = {},
): MiddlewareHandler<StackEnv> {
  return async (c, next) => {
    // E-mail links, public photos and signed URLs are opened by a browser that has no key, and anyone may fetch
    // the public signing keys: Supabase's gateway leaves them open (its auth-v1-open* routes).
    if (OPEN_ROUTES.has(c.req.path) || PUBLIC_FILES.test(c.req.path) || isSignedDownload(c.req.method, c.req.path)) {
      c.set('caller', { claims: { role: 'anon' }, token: null, tokenError: null, keyStandsInForBearer: false });
      return next();
    }
    const apiKey = c.req.header('apikey') ?? c.req.query('apikey');
    // Supabase's gateway has no key-auth on /functions/v1 (its kong.yml, functions-v1): a function without
    // verify_jwt takes a request with no key at all (a mail client's one-click unsubscribe POST, a webhook),
    // and the functions' routes check the JWT of the others.
    if (!apiKey && c.req.path.startsWith('/functions/v1/')) {
      c.set('caller', { claims: { role: 'anon' }, token: null, tokenError: null, keyStandsInForBearer: false });
      return next();
    }
    if (!apiKey) {
      return c.json(
        { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
        401,
      );
    }
    let keyClaims: JwtClaims;
    const opaqueRole = opaqueKeys.get(apiKey);
    // Hosted Supabase's gateway refuses a secret key sent by a browser, which it tells by its User-Agent: a key
    // that bypasses row level security has no business in a page, and this stops one that leaked into a build.
    if (opaqueRole === 'service_role' && BROWSER_USER_AGENT.test(c.req.header('user-agent') ?? '')) {
      return c.json({ message: 'Forbidden use of secret API key in browser' }, 401);
    }
    // A project whose legacy keys were turned off refuses them as API keys (hosted Supabase's 401); a legacy
    // JWT as the bearer token is not revoked by it.
    if (!opaqueRole && legacyApiKeysDisabled) return c.json({ message: 'Legacy API keys are disabled' }, 401);
    try {
      // A publishable or secret key is no JWT: the gateway knows which role it stands for.
      keyClaims = opaqueRole ? { role: opaqueRole } : await jwt.verify(apiKey);
    } catch {
      return c.json(
        { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
        401,
      );
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? null;
    const keyStandsInForBearer = opaqueRole !== undefined && (!bearer || bearer.startsWith('sb_'));
    let caller: Caller = { claims: keyClaims, token: null, tokenError: null, keyStandsInForBearer };
    if (bearer && bearer !== apiKey && !opaqueKeys.has(bearer)) {
      try {
        caller = { claims: await jwt.verify(bearer), token: bearer, tokenError: null, keyStandsInForBearer };
      } catch (error) {
        caller = {
          claims: { role: 'anon' },
          token: bearer,
          tokenError: error instanceof JwtError ? error : new JwtError('invalid JWT', false),
          keyStandsInForBearer,
        };
      }
    }
    c.set('caller', caller);
    await next();
  };
}

export function callerOf(c: Context<StackEnv>): Caller {
  return c.get('caller');
}
