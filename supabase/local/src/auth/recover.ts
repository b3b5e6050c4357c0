// POST /recover: a password reset link, and the same answer for an address with no account.
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { checkFrequency, sendLink } from './links.ts';
import { checkEmail, emailOf, readBody, refusePkce } from './request.ts';
import { findUserByEmail } from './users.ts';

export function recoverRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.post('/recover', async (c) => {
    await ctx.limit(c, 'signInSignUps');
    const input = await readBody(c);
    const email = emailOf(input);
    refusePkce(input);
    if (!email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    checkEmail(email);
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return; // Unknown addresses get the same answer: nothing to learn here.
      checkFrequency(ctx, user.recovery_sent_at);
      await sendLink(ctx, c, tx, user, 'recovery');
    });
    return c.json({});
  });
}
