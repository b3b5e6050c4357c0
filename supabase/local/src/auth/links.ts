// E-mail links and codes: GoTrue stores a token's hash on the user, sends the template with the link and
// the six-digit code, and sends no second one to an address within its frequency limit.
import type { Context } from 'hono';
import type { Queryable } from '../database/index.ts';
import { deliver } from '../mailbox/mailbox.ts';
import type { AuthContext } from './context.ts';
import { authEmail, type LinkType } from './emails.ts';
import { AuthError } from './errors.ts';
import { oneTimeToken, type UserRow } from './users.ts';

export async function sendLink(ctx: AuthContext, c: Context, tx: Queryable, user: UserRow, type: LinkType) {
  const { code, hash } = oneTimeToken(user.email);
  const column = type === 'signup' ? 'confirmation' : 'recovery';
  await tx.query(`update auth.users set ${column}_token = $1, ${column}_sent_at = now() where id = $2`, [
    hash,
    user.id,
  ]);
  const redirect = ctx.redirectTo(c);
  const link = `${ctx.apiUrl(c)}/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirect })}`;
  const variables = {
    ConfirmationURL: link,
    Token: code,
    TokenHash: hash,
    SiteURL: ctx.config.siteUrl,
    Email: user.email,
    RedirectTo: redirect,
  };
  await deliver(tx, authEmail(ctx.config.emailTemplates, type, user.email, variables));
  await ctx.limits.newCodeSent(user.email);
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
