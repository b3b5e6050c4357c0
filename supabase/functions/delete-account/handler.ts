// delete-account {email}: an owner deletes their account and everything of it (RGPD). With the
// caller's own token, the database checks the e-mail typed to confirm and deletes every animal as
// delete-animal deletes one (delete_my_account_data: photo rows, messages, positions, page openings, in one
// transaction; the medals are retired); the files it names and the animals' folders of finders' photos are
// removed through the Storage API, as delete-animal does (a failure leaves them to sweep-photos); then
// GoTrue's admin API deletes the user, with the service role. Should that last step fail, the account is
// left empty and signed in, and the owner's next attempt finishes it. The households it leaves are told by
// e-mail once it is done: the members of its animals, the owner of each animal it was a member of
// (_shared/household-notice.ts).
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import { type FunctionEnv, serviceHeaders } from '../_shared/env.ts';
import { householdNoticeMails, householdToTell } from '../_shared/household-notice.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { sendOrQueue } from '../_shared/outbox.ts';
import { removeDeletedFiles } from '../_shared/owner-deletion.ts';

interface DeletedData {
  user_id: string;
  files: string[];
  animal_ids: string[];
}

export default function deleteAccount(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('delete-account', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    if (typeof input.email !== 'string' || input.email.length > 320) return failure('email_mismatch');

    const db = callerDatabase(env, credentials);
    // Read before the deletion: the households of the caller's animals, and those they are a member of.
    // Bounded: a caller who sees every animal (the service role, which deletes no account) reads no more.
    const { data: animals } = await db.from('animals').select('id, nom').limit(200);
    const notices = await householdToTell(db, animals ?? [], true);
    const { data, error, status } = await db.rpc('delete_my_account_data', {
      p_email: input.email,
    });
    if (error) {
      // PostgREST's answers: no signed-in user, a role that may not (the service role), another address.
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      if (status === 400) return failure('email_mismatch');
      throw backendError('delete_my_account_data', status, error);
    }
    const deleted = data as DeletedData;
    await removeDeletedFiles(env, deleted.files, deleted.animal_ids, `[delete-account] account ${deleted.user_id}`);
    await deleteAuthUser(env, deleted.user_id);
    await sendOrQueue(env, householdNoticeMails(env, notices));
    return json({ deleted: true });
  })(request);
}

/**
 * GoTrue's admin API, as supabase-js's `auth.admin.deleteUser(id)` calls it: `DELETE /auth/v1/admin/users/{id}`
 * with the service role, a hard delete (its sessions, refresh tokens and identities go with it). A user
 * already gone (404) is what was asked.
 */
async function deleteAuthUser(env: FunctionEnv, userId: string): Promise<void> {
  const response = await fetch(`${env.SUPABASE_URL}/auth/v1/admin/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    headers: {
      ...serviceHeaders(env),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ should_soft_delete: false }),
  });
  if (!response.ok && response.status !== 404) {
    throw backendError('auth admin delete user', response.status, { message: await response.text() });
  }
  await response.body?.cancel();
}
