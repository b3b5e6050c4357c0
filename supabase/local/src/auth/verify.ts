// /verify: an e-mail link opened in a browser (GET, answered by a redirect whose fragment carries the
// session or the error, the implicit flow), or a link's token hash or an e-mail's code sent by the app
// (POST). The project's e-mails link to the site's /auth/confirm, whose button POSTs the token hash: a GET
// spends the token, and mail scanners open every link.
import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { Queryable } from '../database/index.ts';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { OTP_MAX_ATTEMPTS } from './limits.ts';
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
        signIn(ctx, c, tx, await spendLink(ctx, tx, type, token), 'otp'),
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
    const code = text(input.token);
    if (text(input.token_hash)) {
      // GoTrue's rule (internal/api/verify.go, VerifyParams.Validate): a token hash comes with its type alone.
      if (email || text(input.phone) || text(input.redirect_to))
        throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
      return c.json(
        await ctx.db.transaction(async (tx) =>
          signIn(ctx, c, tx, await spendLink(ctx, tx, type, text(input.token_hash)), 'otp'),
        ),
      );
    }
    if (!email || !code)
      throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    const user = await spendCode(ctx, type, email, code);
    return c.json(await ctx.db.transaction((tx) => signIn(ctx, c, tx, user, 'otp')));
  });
}

type TokenKind = 'confirmation' | 'recovery';

/** Which of a user's tokens a verification type may use (for `email`, GoTrue takes either). */
const KINDS_OF_TYPE: Record<string, TokenKind[]> = {
  signup: ['confirmation'],
  magiclink: ['recovery'],
  recovery: ['recovery'],
  email: ['confirmation', 'recovery'],
};

/** The user an e-mail link's token belongs to, while it is valid; the token and its code are spent. */
async function spendLink(ctx: AuthContext, tx: Queryable, type: string, token: string): Promise<UserRow> {
  for (const kind of KINDS_OF_TYPE[type] ?? []) {
    if (!token) break;
    const found = await tx.query<UserRow>(
      `select * from auth.users where ${kind}_token = $1 and ${kind}_sent_at > now() - make_interval(secs => $2)
       for update`,
      [token, ctx.config.otpExpirySeconds],
    );
    if (found.rows[0]) return spend(tx, found.rows[0], kind);
  }
  throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
}

/**
 * The user whose e-mail code this is, the code then spent. Every attempt counts against the code it targets,
 * committed before the comparison (a rolled-back count would count nothing), so a code takes at most
 * OTP_MAX_ATTEMPTS tries from all clients together; the last wrong one spends the code. Not its link: a
 * stranger who knows the address could otherwise kill every e-mail the owner asks for, and the link's random
 * token is not guessable anyway.
 */
async function spendCode(ctx: AuthContext, type: string, email: string, code: string): Promise<UserRow> {
  const wrong = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  const tried = await ctx.db.query<{ user_id: string; kind: TokenKind; code_hash: string; attempts: number }>(
    `update local_stack.one_time_codes c set attempts = c.attempts + 1
     from auth.users u where u.id = c.user_id and lower(u.email) = lower($1) and c.kind = any($2::text[])
     returning c.user_id, c.kind, c.code_hash, c.attempts`,
    [email, KINDS_OF_TYPE[type] ?? []],
  );
  const hash = tokenHash(email, code);
  const match = tried.rows.find((row) => row.attempts <= OTP_MAX_ATTEMPTS && sameText(row.code_hash, hash));
  if (!match) {
    await ctx.db.query('delete from local_stack.one_time_codes where user_id = any($1::uuid[]) and attempts >= $2', [
      tried.rows.map((row) => row.user_id),
      OTP_MAX_ATTEMPTS,
    ]);
    throw wrong();
  }
  return ctx.db.transaction(async (tx) => {
    // Still this code, and still here: two right answers at once get one session between them.
    const taken = await tx.query(
      'delete from local_stack.one_time_codes where user_id = $1 and kind = $2 and code_hash = $3 returning 1',
      [match.user_id, match.kind, match.code_hash],
    );
    const found = await tx.query<UserRow>(
      `select * from auth.users where id = $1 and ${match.kind}_sent_at > now() - make_interval(secs => $2)
       for update`,
      [match.user_id, ctx.config.otpExpirySeconds],
    );
    if (taken.rowCount === 0 || !found.rows[0]) throw wrong();
    return spend(tx, found.rows[0], match.kind);
  });
}

async function spend(tx: Queryable, user: UserRow, kind: TokenKind): Promise<UserRow> {
  await forget(tx, user.id, kind);
  await confirmEmail(tx, user.id);
  return user;
}

/** Spends a user's link and code of one kind: neither works again. */
async function forget(tx: Queryable, userId: string, kind: TokenKind) {
  await tx.query(`update auth.users set ${kind}_token = '', updated_at = now() where id = $1`, [userId]);
  await tx.query('delete from local_stack.one_time_codes where user_id = $1 and kind = $2', [userId, kind]);
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
