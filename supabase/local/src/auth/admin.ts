// /admin: the admin endpoints the project uses, supabase-js's auth.admin.deleteUser (called by the
// delete-account function): GET /admin/users/{id}, which supabase-js reads first to answer the deleted user,
// and DELETE /admin/users/{id}. As GoTrue does it (internal/api/api.go's /admin routes, middleware.go's
// requireAdminCredentials, admin.go's loadUser, adminUserGet and adminUserDelete): a bearer token is required
// (401 no_authorization), its role must be one of the admin roles, service_role or supabase_admin (403
// not_admin), the id must be a UUID and a user (404), and the user is hard deleted with its identities,
// sessions and refresh tokens (the auth schema's cascades, on which GoTrue's tx.Destroy relies), answering
// 200 and `{}`. `should_soft_delete` is not served: nothing here asks for it. Every other /admin route stays
// refused by name (unsupported.ts).
import type { Context, Hono } from 'hono';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import type { AuthContext } from './context.ts';
import { AuthError, notSupported } from './errors.ts';
import { readBody } from './request.ts';
import { findUserById, type UserRow, userJson } from './users.ts';

/** GoTrue's default GOTRUE_JWT_ADMIN_ROLES. */
const ADMIN_ROLES: readonly string[] = ['service_role', 'supabase_admin'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function adminRoutes(app: Hono<StackEnv>, ctx: AuthContext) {
  app.get('/admin/users/:id', async (c) => c.json(await userJson(ctx.db, await adminTarget(c, ctx))));

  app.delete('/admin/users/:id', async (c) => {
    const user = await adminTarget(c, ctx);
    // GoTrue reads the body only once the user is loaded, and only when there is one.
    const input = await readBody(c);
    if (input.should_soft_delete === true) throw notSupported('Soft deleting a user (should_soft_delete)');
    await ctx.db.query('delete from auth.users where id = $1', [user.id]);
    return c.json({});
  });
}

/** requireAdminCredentials, then loadUser: the user the admin route is about. */
async function adminTarget(c: Context<StackEnv>, ctx: AuthContext): Promise<UserRow> {
  const caller = callerOf(c);
  if (!/^Bearer\s+\S+/i.test(c.req.header('authorization') ?? '') && !caller.keyStandsInForBearer) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  if (caller.tokenError) {
    const reason = caller.tokenError.expired ? 'token has invalid claims: token is expired' : caller.tokenError.message;
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  if (!ADMIN_ROLES.includes(caller.claims.role)) throw new AuthError(403, 'not_admin', 'User not allowed');
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}
