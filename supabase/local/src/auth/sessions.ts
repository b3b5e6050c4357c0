// Sessions as GoTrue issues them: an access token (ES256, or HS256 in a legacy project) with its claims, a refresh token, the user; and
// the signed-in caller of /user and /logout, checked as GoTrue checks it.
import type { Context } from 'hono';
import type { Queryable } from '../database/index.ts';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { createSession, findUserById, type UserRow, userJson } from './users.ts';

async function accessToken(ctx: AuthContext, c: Context, user: UserRow, sessionId: string, method: string) {
  const now = Math.floor(Date.now() / 1000);
  const { jwtExpiry } = ctx.config;
  const token = await ctx.jwt.sign(
    {
      iss: ctx.apiUrl(c),
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    },
    jwtExpiry,
    now,
  );
  return { access_token: token, token_type: 'bearer', expires_in: jwtExpiry, expires_at: now + jwtExpiry };
}

export async function sessionResponse(
  ctx: AuthContext,
  c: Context,
  tx: Queryable,
  session: { userId: string; sessionId: string; refreshToken: string },
  method: string,
) {
  const user = (await findUserById(tx, session.userId)) as UserRow;
  return {
    ...(await accessToken(ctx, c, user, session.sessionId, method)),
    refresh_token: session.refreshToken,
    user: await userJson(tx, user),
  };
}

/** A new session for a user who proved who they are by `method` (password, otp). */
export async function signIn(ctx: AuthContext, c: Context, tx: Queryable, user: UserRow, method: string) {
  const { sessionId, refreshToken } = await createSession(tx, user.id, c.req.header('user-agent'));
  return sessionResponse(ctx, c, tx, { userId: user.id, sessionId, refreshToken }, method);
}

/** The signed-in caller, with GoTrue's answers for a missing or bad token, a gone user or session. */
export async function requireUser(c: Context<StackEnv>, tx: Queryable) {
  const caller = callerOf(c);
  if (!caller.token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  if (caller.tokenError) {
    const reason = caller.tokenError.expired ? 'token has invalid claims: token is expired' : caller.tokenError.message;
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  const { sub, session_id: sessionId } = caller.claims;
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(tx, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (sessionId) {
    const session = await tx.query('select 1 from auth.sessions where id = $1', [sessionId]);
    if (session.rowCount === 0) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { user, sessionId: sessionId ?? null };
}
