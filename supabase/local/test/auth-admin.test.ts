// GoTrue's DELETE /admin/users/{id} and GET /admin/users/{id}, the admin routes the local stack serves (supabase-js's
// auth.admin.deleteUser, used by the delete-account function), with GoTrue's rules: admin roles only
// (requireAdminCredentials), a UUID and an existing user (loadUser), a hard delete answered 200 `{}`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwt } from '../src/jwt.ts';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const adminDelete = (id: string, headers: Record<string, string>, body?: string) =>
  fetchFrom(newClientAddress())(`${stack.url}/auth/v1/admin/users/${id}`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });

const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('DELETE /auth/v1/admin/users/{id}', () => {
  it('lets only an admin role delete a user (GoTrue’s requireAdminCredentials): no bearer 401, a user’s token 403 not_admin', async () => {
    const owner = await stack.signedInOwner('admin-victim');
    const other = await stack.signedInOwner('admin-other');
    const otherToken = (await other.client.auth.getSession()).data.session?.access_token as string;
    const ownToken = (await owner.client.auth.getSession()).data.session?.access_token as string;

    expect(await answer(await adminDelete(owner.userId, { apikey: stack.anonKey }))).toEqual({
      status: 401,
      body: { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' },
    });
    for (const token of [otherToken, ownToken, stack.anonKey]) {
      expect(
        await answer(await adminDelete(owner.userId, { apikey: stack.anonKey, authorization: `Bearer ${token}` })),
      ).toEqual({ status: 403, body: { code: 403, error_code: 'not_admin', msg: 'User not allowed' } });
    }
    // Still there: the owner signs in again.
    const again = await stack.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(again.error).toBeNull();
  });

  it('hard deletes the user with the service role: 200 {}, sessions gone, no sign-in, then 404 user_not_found', async () => {
    const owner = await stack.signedInOwner('admin-deleted');
    const { data, error } = await stack.serviceClient().auth.admin.deleteUser(owner.userId);
    expect(error).toBeNull();
    // supabase-js reads the user (GET /admin/users/{id}) before the DELETE, to answer it.
    expect(data.user).toMatchObject({ id: owner.userId, email: owner.email });

    const signIn = await stack.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(signIn.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const token = (await owner.client.auth.getSession()).data.session?.access_token as string;
    const me = await stack.client().auth.getUser(token);
    expect(me.error).toMatchObject({ status: 403, code: 'user_not_found' });

    const twice = await stack.serviceClient().auth.admin.deleteUser(owner.userId);
    expect(twice.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    const headers = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
    const raw = await stack.signedInOwner('admin-raw');
    expect(await answer(await adminDelete(raw.userId, headers))).toEqual({ status: 200, body: {} });
    expect(await answer(await adminDelete(randomUUID(), headers))).toEqual({
      status: 404,
      body: { code: 404, error_code: 'user_not_found', msg: 'User not found' },
    });
    expect(await answer(await adminDelete('pas-un-uuid', headers))).toEqual({
      status: 404,
      body: { code: 404, error_code: 'validation_failed', msg: 'user_id must be an UUID' },
    });
  });

  it('refuses a soft delete by name (501), and leaves the user', async () => {
    const owner = await stack.signedInOwner('admin-soft');
    const { error } = await stack.serviceClient().auth.admin.deleteUser(owner.userId, true);
    expect(error).toMatchObject({ status: 501 });
    expect(error?.message).toContain('should_soft_delete');
    const again = await stack.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(again.error).toBeNull();
  });

  it('refuses a token signed with another secret as GoTrue does (403 bad_jwt), and the other admin routes stay 501', async () => {
    const owner = await stack.signedInOwner('admin-forged');
    const forged = await createJwt('un-autre-secret-de-plus-de-32-caracteres!!').sign({ role: 'service_role' }, 600);
    const refused = await adminDelete(owner.userId, { apikey: stack.anonKey, authorization: `Bearer ${forged}` });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error_code: string }).error_code).toBe('bad_jwt');
    const headers = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
    const list = await fetchFrom(newClientAddress())(`${stack.url}/auth/v1/admin/users`, { headers });
    expect(list.status).toBe(501);
  });
});
