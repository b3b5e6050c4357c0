// E-mail links and codes: the link's token stored on the user as GoTrue stores it, the code apart
// (local_stack.one_time_codes), the template sent with both, no second e-mail to an address within its
// frequency limit, and none at all once the project's e-mails of the hour are spent.
import type { Context } from 'hono';
import type { Queryable } from '../database/index.ts';
import { deliver } from '../mailbox/mailbox.ts';
import type { AuthContext } from './context.ts';
import { authEmail, type LinkType } from './emails.ts';
import { AuthError } from './errors.ts';
import { oneTimeToken, type UserRow } from './users.ts';

export async function sendLink(ctx: AuthContext, c: Context, tx: Queryable, user: UserRow, type: LinkType) {
  // GoTrue's answer when RATE_LIMIT_EMAIL_SENT is spent; thrown in the caller's transaction, so that nothing
  // of the request (a new account, a new token) is kept.
  if (!ctx.limits.allowEmail()) throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  const { code, codeHash, linkToken } = oneTimeToken(user.email, ctx.config.otpLength);
  const kind = type === 'signup' ? 'confirmation' : 'recovery';
  await tx.query(`update auth.users set ${kind}_token = $1, ${kind}_sent_at = now() where id = $2`, [
    linkToken,
    user.id,
  ]);
  // A new e-mail, a new code: its count of attempts starts again.
  await tx.query(
    `insert into local_stack.one_time_codes (user_id, kind, code_hash) values ($1, $2, $3)
     on conflict (user_id, kind) do update set code_hash = excluded.code_hash, attempts = 0`,
    [user.id, kind, codeHash],
  );
  const redirect = ctx.redirectTo(c);
  const link = `${ctx.apiUrl(c)}/verify?${new URLSearchParams({ token: linkToken, type, redirect_to: redirect })}`;
  const variables = {
    ConfirmationURL: link,
    Token: code,
    TokenHash: linkToken,
    SiteURL: ctx.config.siteUrl,
    Email: user.email,
    RedirectTo: redirect,
  };
  await deliver(tx, authEmail(ctx.config.emailTemplates, type, user.email, variables));
}

/** GoTrue's per-user e-mail frequency limit. */
export function checkFrequency(ctx: AuthContext, sentAt: Date | null) {
  if (!sentAt) return;
  const elapsedSeconds = (Date.now() - new Date(sentAt).getTime()) / 1000;
  const wait = Math.ceil(ctx.config.emailMinIntervalSeconds - elapsedSeconds);
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}
