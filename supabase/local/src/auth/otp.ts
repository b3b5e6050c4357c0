// POST /otp: a magic link (or, for an address not yet confirmed, its confirmation link again), creating
// the account unless the client says not to.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { checkFrequency, sendLink } from './links.ts';
import { checkEmail, emailOf, readBody, refusePkce, text } from './request.ts';
import { createUser, findUserByEmail, hashPassword } from './users.ts';

export function otpRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.post('/otp', async (c) => {
    await ctx.limit(c, 'signInSignUps');
    const input = await readBody(c);
    const email = emailOf(input);
    refusePkce(input);
    if (email && text(input.phone)) {
      throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
    }
    // The phone provider is off ([auth.sms] in config.toml): GoTrue's answer for a phone number.
    if (text(input.phone)) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (!email) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
    checkEmail(email);
    const createIfMissing = input.create_user !== false;
    await ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user && !createIfMissing) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      if (!user) {
        // As GoTrue does, an account made by a one-time code gets a random password nobody knows.
        const passwordHash = await hashPassword(randomUUID(), ctx.config.passwordHashCost);
        user = await createUser(tx, email, passwordHash, (input.data as Record<string, unknown>) ?? {});
      }
      if (user.email_confirmed_at) {
        checkFrequency(ctx, user.recovery_sent_at);
        await sendLink(ctx, c, tx, user, 'magiclink');
      } else {
        checkFrequency(ctx, user.confirmation_sent_at);
        await sendLink(ctx, c, tx, user, 'signup');
      }
    });
    return c.json({});
  });
}
