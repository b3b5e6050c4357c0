// What every /auth/v1 endpoint shares, built once per stack: the database, the signing key, the settings,
// the per-client limiters and the allowed redirects.
import type { Context } from 'hono';
import type { StackConfig } from '../config.ts';
import type { Database } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import type { Jwt } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { type AuthLimit, authLimiters } from './limits.ts';
import { compileGlob, redirectTarget } from './redirects.ts';

export type AuthContext = ReturnType<typeof authContext>;

export function authContext(db: Database, jwt: Jwt, config: StackConfig) {
  const allowList = config.redirectAllowList.map(compileGlob);
  const limits = authLimiters(config);
  return {
    db,
    jwt,
    config,
    limits,
    /** GoTrue's per-address limiter in front of an endpoint. */
    async limit(c: Context<StackEnv>, name: AuthLimit) {
      if (!(await limits.allow(name, c.get('clientAddress')))) {
        throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
      }
    },
    /** Where an e-mail link or a verification leads: `redirect_to` when allowed, else the site URL. */
    redirectTo: (c: Context) => redirectTarget(c.req.query('redirect_to'), config.siteUrl, allowList),
    /** This service's own address, the issuer of its tokens and the start of its e-mail links. */
    apiUrl: (c: Context) => `${new URL(c.req.url).origin}/auth/v1`,
  };
}
