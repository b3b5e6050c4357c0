// delete-animal {animal_id}: an owner deletes one of their animals with all its photos
// (docs/decisions/0010-multi-step-writes-on-server.md). The database decides, with the caller's own token, whose animal
// it is and deletes the row in one transaction (delete_animal); the files it names are then removed through the Storage
// API, and so is the animal's folder of finders' photos (_shared/owner-deletion.ts, shared with delete-account). Should
// that fail, or this function die in between, the row is gone all the same and the files are left to sweep-photos. The
// other members of its household, who lose it, are told by e-mail (_shared/household-notice.ts).
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { householdNoticeMails, householdToTell } from '../_shared/household-notice.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { sendOrQueue } from '../_shared/outbox.ts';
import { removeDeletedFiles } from '../_shared/owner-deletion.ts';

export default function deleteAnimal(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('delete-animal', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const animalId = input.animal_id;
    if (!isUuid(animalId)) return failure('invalid_animal_id');

    const db = callerDatabase(env, credentials);
    // Read before the deletion, which takes the household with it.
    const { data: animals } = await db.from('animals').select('id, nom').eq('id', animalId);
    const notices = await householdToTell(db, animals ?? [], false);
    const { data, error, status } = await db.rpc('delete_animal', {
      p_animal_id: animalId,
    });
    if (error) {
      // PostgREST's answers: no signed-in user (the anon role, or a refused token), a role that may not
      // delete (the service role), someone else's or an unknown animal (PT404).
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      if (status === 404) return failure('not_found');
      throw backendError('delete_animal', status, error);
    }
    await removeDeletedFiles(env, data as string[], [animalId], `[delete-animal] animal ${animalId}`);
    await sendOrQueue(env, householdNoticeMails(env, notices));
    return json({ deleted: true });
  })(request);
}
