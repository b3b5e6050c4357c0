// POST /logout: ends this session, the others, or all of the user's (GoTrue's scopes).
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { requireUser } from './sessions.ts';

export function logoutRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await ctx.db.transaction(async (tx) => {
      const { user, sessionId } = await requireUser(c, tx);
      if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [sessionId]);
      else if (scope === 'others') {
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
      } else await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    });
    return c.body(null, 204);
  });
}
