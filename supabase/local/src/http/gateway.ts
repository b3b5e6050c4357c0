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

const OPEN_ROUTES = new Set(['/auth/v1/verify']);
const PUBLIC_FILES = /^\/storage\/v1\/(object|render\/image)\/public\//;

/**
 * The API gateway in front of every Supabase service: a valid API key is required (header `apikey`
 * or query parameter), and the bearer token, when there is one, decides the role and claims.
 */
export function apiGateway(jwt: Jwt, opaqueKeys: Map<string, Role> = new Map()): MiddlewareHandler<StackEnv> {
  return async (c, next) => {
    // E-mail links and public photos are opened by a browser that has no key: Supabase's gateway leaves them open.
    if (OPEN_ROUTES.has(c.req.path) || PUBLIC_FILES.test(c.req.path)) {
      c.set('caller', { claims: { role: 'anon' }, token: null, tokenError: null });
      return next();
    }
    const apiKey = c.req.header('apikey') ?? c.req.query('apikey');
    if (!apiKey) {
      return c.json(
        { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
        401,
      );
    }
    let keyClaims: JwtClaims;
    const opaqueRole = opaqueKeys.get(apiKey);
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
    let caller: Caller = { claims: keyClaims, token: null, tokenError: null };
    if (bearer && bearer !== apiKey && !opaqueKeys.has(bearer)) {
      try {
        caller = { claims: await jwt.verify(bearer), token: bearer, tokenError: null };
      } catch (error) {
        caller = {
          claims: { role: 'anon' },
          token: bearer,
          tokenError: error instanceof JwtError ? error : new JwtError('invalid JWT', false),
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
