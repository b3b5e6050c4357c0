import { type ActivationRequest, activationFormSchema } from '@medaille/domain';
import { type Database, type Json, supabase } from '@medaille/supabase';
import { type UploadState, uploadAnimalPhotos } from '../photos/index.ts';
import { clearPendingActivation, readPendingActivation, readPendingPhotos } from './pending-draft.ts';

// The activation's calls: the code check, the one-step activation (DESIGN D3) and, after an e-mail link,
// the activation kept in the browser.

type RegisterArgs = Database['public']['Functions']['register_animal_with_code']['Args'];

/** The code's status as the database tells it ('free', 'unknown', ...), or null when it could not be asked. */
export async function codeStatus(code: string): Promise<string | null> {
  const result = await supabase()
    .then((client) => client.rpc('code_status', { p_code: code }))
    .catch(() => null);
  return !result || result.error ? null : result.data;
}

export type Registration =
  | { registered: true; animalId: string }
  | {
      registered: false;
      /** The request itself failed (42501 when the session has expired). */
      failure: { code: string; message: string } | null;
      /** The database refused the activation, in French ('Code invalide ou déjà utilisé', ...). */
      refusal: string | null;
    };

/** register_animal_with_code answers {success, error, animal_id} as JSON. */
function readAnswer(data: Json): { success: boolean; error: string | null; animalId: string | null } {
  const answer = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  return {
    success: answer.success === true,
    error: typeof answer.error === 'string' ? answer.error : null,
    animalId: typeof answer.animal_id === 'string' ? answer.animal_id : null,
  };
}

/** Creates the animal and claims its code in one transaction: both happen, or neither. */
export async function registerAnimalWithCode(request: ActivationRequest): Promise<Registration> {
  const args: RegisterArgs = request;
  const { data, error } = await (await supabase()).rpc('register_animal_with_code', args);
  const answer = readAnswer(error ? null : data);
  if (!error && answer.success && answer.animalId) return { registered: true, animalId: answer.animalId };
  return { registered: false, failure: error, refusal: answer.error };
}

/** Stores the activation's photos once the animal exists (SPEC section 4, step 4), skipping any that fails. */
export function uploadActivationPhotos(
  animalId: string,
  files: readonly File[],
  onChange?: (uploads: UploadState[]) => void,
) {
  return uploadAnimalPhotos(animalId, files, 'activation', onChange);
}

/**
 * After an e-mail link: registers the activation kept in the browser, then its photos (SPEC section 4,
 * callback), and forgets it. 'missing' when nothing was kept; 'incomplete', the draft kept, when the form
 * was not finished (the sign-in dialog opens as /activer opens, before anything is typed).
 */
export async function finishPendingActivation(): Promise<
  { status: 'done' } | { status: 'missing' } | { status: 'incomplete' } | { status: 'failed'; message: string | null }
> {
  const pending = readPendingActivation();
  if (!pending) return { status: 'missing' };
  const parsed = activationFormSchema.safeParse(pending);
  if (!parsed.success) return { status: 'incomplete' };
  const outcome = await registerPending(parsed.data);
  await clearPendingActivation();
  return outcome;
}

async function registerPending(
  request: ActivationRequest,
): Promise<{ status: 'done' } | { status: 'failed'; message: string | null }> {
  const registration = await registerAnimalWithCode(request);
  if (!registration.registered) {
    return { status: 'failed', message: registration.failure?.message ?? registration.refusal };
  }
  await uploadActivationPhotos(registration.animalId, await readPendingPhotos());
  return { status: 'done' };
}
