// /verify: an e-mail link opened in a browser (GET, answered by a redirect whose fragment carries the
// session or the error, the implicit flow) or a token or six-digit code sent by the app (POST).
import type { Hono } from 'hono';
import type { Queryable } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { emailOf, readBody, text } from './request.ts';
import { signIn } from './sessions.ts';
import { confirmEmail, tokenHash, type UserRow } from './users.ts';

export function verifyRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.get('/verify', async (c) => {
    await ctx.limit(c, 'tokenVerifications');
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const target = ctx.redirectTo(c);
    try {
      const session = await ctx.db.transaction(async (tx) =>
        signIn(ctx, c, tx, await spendToken(ctx, tx, type, token), 'otp'),
      );
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
        type,
      });
      return c.redirect(`${target}#${fragment}`, 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
        sb: '',
      });
      return c.redirect(`${target}#${fragment}`, 303);
    }
  });

  app.post('/verify', async (c) => {
    await ctx.limit(c, 'tokenVerifications');
    const input = await readBody(c);
    const type = text(input.type);
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const email = emailOf(input);
    const hash = text(input.token_hash) || (email && text(input.token) ? tokenHash(email, text(input.token)) : '');
    if (!hash) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    const linkType = type === 'email' ? 'magiclink' : type;
    try {
      return c.json(
        await ctx.db.transaction(async (tx) => signIn(ctx, c, tx, await spendToken(ctx, tx, linkType, hash), 'otp')),
      );
    } catch (error) {
      if (!(error instanceof AuthError) || !input.token) throw error;
      // A six-digit code falls to guessing: after a few wrong ones for an address, its code is spent.
      if (email && (await ctx.limits.codeSpentByFailure(email))) await spendCodesOf(ctx, email);
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    }
  });
}

/** Finds the user a one-time token hash belongs to, if it is still valid, and spends it. */
async function spendToken(ctx: AuthContext, tx: Queryable, type: string, hash: string): Promise<UserRow> {
  const column = type === 'signup' ? 'confirmation' : 'recovery';
  if (!['signup', 'magiclink', 'recovery'].includes(type) || !hash) {
    throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  }
  const found = await tx.query<UserRow>(
    `select * from auth.users where ${column}_token = $1 and ${column}_sent_at > now() - make_interval(secs => $2)
     for update`,
    [hash, ctx.config.otpExpirySeconds],
  );
  const user = found.rows[0];
  if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  await tx.query(`update auth.users set ${column}_token = '' where id = $1`, [user.id]);
  await confirmEmail(tx, user.id);
  return user;
}

async function spendCodesOf(ctx: AuthContext, email: string) {
  await ctx.db.query(
    `update auth.users set confirmation_token = '', recovery_token = '', updated_at = now()
     where lower(email) = lower($1)`,
    [email],
  );
}
