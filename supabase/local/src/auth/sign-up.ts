// POST /signup: an e-mail account waiting for its confirmation link.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { checkFrequency, sendLink } from './links.ts';
import { checkEmail, checkPasswordStrength, emailOf, readBody, refusePkce, text } from './request.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  replacePendingSignUp,
  type UserRow,
  userJson,
} from './users.ts';

export function signUpRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.post('/signup', async (c) => {
    await ctx.limit(c, 'signInSignUps');
    const input = await readBody(c);
    const email = emailOf(input);
    const password = typeof input.password === 'string' ? input.password : '';
    const data = typeof input.data === 'object' && input.data !== null ? (input.data as Record<string, unknown>) : {};
    refusePkce(input);
    // The project's config.toml leaves GoTrue's phone provider off ([auth.sms]), so GoTrue answers these.
    if (email && text(input.phone)) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    if (text(input.phone)) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (!email) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    checkEmail(email);
    checkPasswordStrength(password, ctx.config.passwordMinLength, ctx.config.passwordRequiredCharacters);
    const answer = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) return lookAlikeUser(email, data);
      if (existing) {
        checkFrequency(ctx, existing.confirmation_sent_at);
        // GoTrue keeps the first password here, so whoever signed up first (perhaps not the owner of the
        // address) holds the account the owner then confirms. Safer: the newest sign-up sets the password and
        // the new link replaces the old one, so the only link that works confirms the password sent with it.
        await replacePendingSignUp(tx, existing.id, await hashPassword(password, ctx.config.passwordHashCost), data);
      }
      const user =
        existing ?? (await createUser(tx, email, await hashPassword(password, ctx.config.passwordHashCost), data));
      await sendLink(ctx, c, tx, user, 'signup');
      return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
    });
    return c.json(answer);
  });
}

/** A confirmed address gets a look-alike user with no identity, so sign-up cannot reveal who has an account. */
function lookAlikeUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
