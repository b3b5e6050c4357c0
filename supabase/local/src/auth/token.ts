// POST /token: password sign-in and refresh-token rotation (GoTrue's grant types password and
// refresh_token).
import type { Context, Hono } from 'hono';
import type { Queryable } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError, invalidCredentials, notSupported } from './errors.ts';
import { emailOf, readBody, text } from './request.ts';
import { sessionResponse, signIn } from './sessions.ts';
import {
  checkPassword,
  findUserByEmail,
  insertRefreshToken,
  REFRESH_TOKEN_FORMAT,
  type RefreshTokenRow,
} from './users.ts';

/** GoTrue's grant types besides password and refresh_token (internal/api/token.go). */
const OTHER_GRANTS = new Set(['pkce', 'id_token', 'web3']);

export function tokenRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    await ctx.limit(c, grant === 'refresh_token' ? 'tokenRefresh' : 'signInSignUps');
    const input = await readBody(c);
    if (grant === 'password') {
      const email = emailOf(input);
      const password = typeof input.password === 'string' ? input.password : '';
      if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone');
      const session = await ctx.db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        const known = await checkPassword(password, user?.encrypted_password, ctx.config.passwordHashCost);
        if (!known || !user) throw invalidCredentials();
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        return signIn(ctx, c, tx, user, 'password');
      });
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      const token = text(input.refresh_token);
      if (!REFRESH_TOKEN_FORMAT.test(token))
        throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
      const session = await ctx.db.transaction((tx) => refresh(ctx, c, tx, token));
      // Thrown only now, once the family's revocation has committed: thrown inside, it would be rolled back.
      if (session === REUSED)
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return c.json(session);
    }
    if (grant && OTHER_GRANTS.has(grant)) throw notSupported(`grant_type=${grant}`);
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });
}

/** A revoked token presented again past the reuse interval: its whole family has been revoked. */
const REUSED = Symbol('refresh token reused');

/**
 * Rotates a refresh token: the presented one is revoked and a child issued in the same session. A revoked
 * one presented past the reuse interval is a replay (GoTrue: the token family is revoked, for good).
 */
async function refresh(ctx: AuthContext, c: Context, tx: Queryable, token: string) {
  const found = await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [
    token,
  ]);
  const row = found.rows[0];
  if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const noSession = () => new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  const sessionId = row.session_id;
  if (!sessionId) throw noSession();
  const session = await tx.query<{ ended: boolean }>(
    'select coalesce(not_after <= now(), false) as ended from auth.sessions where id = $1',
    [sessionId],
  );
  if (session.rowCount === 0) throw noSession();
  // GoTrue's Session.CheckValidity: a session past its not_after refreshes no more.
  if (session.rows[0]?.ended) throw new AuthError(403, 'session_expired', 'Invalid Refresh Token: Session Expired');
  const sessionOf = (refreshToken: string) => ({ userId: row.user_id, sessionId, refreshToken });
  if (row.revoked) {
    const child = await tx.query<RefreshTokenRow>(
      'select * from auth.refresh_tokens where parent = $1 and not revoked and session_id = $2',
      [token, sessionId],
    );
    // The client lost the answer to its last refresh: give it the token it was given then.
    if (child.rows[0]) return sessionResponse(ctx, c, tx, sessionOf(child.rows[0].token), 'token_refresh');
    if (Date.now() - new Date(row.updated_at).getTime() > ctx.config.refreshReuseSeconds * 1000) {
      // As GoTrue's RevokeTokenFamily: only the tokens not yet revoked are stamped, so that a spent token keeps
      // the time it was spent and the reuse interval never takes it for one rotated a moment ago.
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
        [sessionId],
      );
      // One step beyond GoTrue, which still takes the token in use for the reuse interval: the session ends,
      // so a family revoked for reuse gives nothing again, whoever holds which of its tokens.
      await tx.query('update auth.sessions set not_after = now(), updated_at = now() where id = $1', [sessionId]);
      return REUSED;
    }
  }
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
  await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [sessionId]);
  const next = await insertRefreshToken(tx, row.user_id, sessionId, token);
  return sessionResponse(ctx, c, tx, sessionOf(next), 'token_refresh');
}
