// /user: the signed-in user, and the changes GoTrue lets them make to themselves (password, metadata).
// A new password needs neither a nonce nor the current password: config.toml's secure_password_change
// is off, so GoTrue asks for neither.
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError, notSupported } from './errors.ts';
import { checkPasswordStrength, emailOf, readBody, text } from './request.ts';
import { requireUser } from './sessions.ts';
import { checkPassword, findUserById, hashPassword, type UserRow, userJson } from './users.ts';

export function userRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.get('/user', async (c) => {
    const { user } = await requireUser(c, ctx.db);
    return c.json(await userJson(ctx.db, user));
  });

  app.put('/user', async (c) => {
    await ctx.limit(c, 'signInSignUps');
    const input = await readBody(c);
    const answer = await ctx.db.transaction(async (tx) => {
      const { user, sessionId } = await requireUser(c, tx);
      refuseWhatGoTrueWouldNotLet(input, user);
      if (typeof input.password === 'string') {
        checkPasswordStrength(input.password, ctx.config.passwordMinLength, ctx.config.passwordRequiredCharacters);
        if (await checkPassword(input.password, user.encrypted_password, ctx.config.passwordHashCost)) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        }
        await tx.query('update auth.users set encrypted_password = $1, updated_at = now() where id = $2', [
          await hashPassword(input.password, ctx.config.passwordHashCost),
          user.id,
        ]);
        // A new password signs out every other session.
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
      }
      if (typeof input.data === 'object' && input.data !== null) {
        await tx.query(
          `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $1::jsonb, updated_at = now()
           where id = $2`,
          [JSON.stringify(input.data), user.id],
        );
      }
      return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
    });
    return c.json(answer);
  });
}

/** What this endpoint refuses before changing anything: GoTrue's rules (user.go), and what it does not do. */
function refuseWhatGoTrueWouldNotLet(input: Record<string, unknown>, user: UserRow) {
  if (typeof input.app_metadata === 'object' && input.app_metadata !== null) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  // GoTrue takes the address the user already has as no change.
  const email = emailOf(input);
  if (email && email !== user.email.toLowerCase()) {
    throw notSupported('Changing the e-mail address (PUT /auth/v1/user with a new email)');
  }
  if (text(input.phone)) throw notSupported('Changing the phone number (PUT /auth/v1/user with phone)');
}
