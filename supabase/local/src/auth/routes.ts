// /auth/v1: GoTrue's behaviour for e-mail accounts with confirmation, the implicit e-mail-link flow,
// password sign-in, rotating refresh tokens, recovery and logout, with GoTrue's error codes. Each group of
// endpoints is a file of its own; this one puts them together around one shared context.
import { Hono } from 'hono';
import type { StackConfig } from '../config.ts';
import type { Database } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import { unavailableAnswer } from '../http/unavailable.ts';
import type { Jwt } from '../jwt.ts';
import { adminRoutes } from './admin.ts';
import { authContext } from './context.ts';
import { AuthError, errorResponse } from './errors.ts';
import { logoutRoutes } from './logout.ts';
import { otpRoutes } from './otp.ts';
import { recoverRoutes } from './recover.ts';
import { settingsRoutes } from './settings.ts';
import { signUpRoutes } from './sign-up.ts';
import { tokenRoutes } from './token.ts';
import { unsupportedRoutes } from './unsupported.ts';
import { userRoutes } from './user.ts';
import { UnreadableUserError } from './users.ts';
import { verifyRoutes } from './verify.ts';

export function authRoutes(db: Database, jwt: Jwt, config: StackConfig) {
  const app = new Hono<StackEnv>();
  const ctx = authContext(db, jwt, config);

  app.onError((error, c) => {
    if (error instanceof AuthError) return errorResponse(c, error);
    const unavailable = unavailableAnswer(c, error, 'auth');
    if (unavailable) return unavailable;
    console.error('[auth]', c.req.method, c.req.path, error);
    if (error instanceof UnreadableUserError) {
      return errorResponse(c, new AuthError(500, 'unexpected_failure', 'Database error querying schema'));
    }
    return errorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    );
  });

  signUpRoutes(app, ctx);
  tokenRoutes(app, ctx);
  otpRoutes(app, ctx);
  recoverRoutes(app, ctx);
  verifyRoutes(app, ctx);
  userRoutes(app, ctx);
  logoutRoutes(app, ctx);
  settingsRoutes(app);
  // GoTrue's JWKS: the public signing keys (none in a legacy project), cacheable for ten minutes as GoTrue says.
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(jwt.jwks());
  });
  adminRoutes(app, ctx);
  unsupportedRoutes(app);

  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'The requested resource was not found');
  });

  return app;
}
