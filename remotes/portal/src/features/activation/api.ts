import {
  type ActivationFormInput,
  type ActivationRequest,
  activationFormSchema,
  codeFromTyped,
  databaseErrorMessage,
  normalizeCode,
} from '@medaille/domain';
import { type AuthState, type Database, type Json, supabase } from '@medaille/supabase';
import type { ActivationLink } from '../auth/index.ts';
import { type UploadState, uploadAnimalPhotos } from '../photos/index.ts';
import {
  clearPendingActivation,
  pendingPhotoCount,
  readPendingActivation,
  readPendingPhotos,
  savePendingFields,
} from './pending-draft.ts';

// The activation's calls: the code check, the one-step activation (docs/decisions/0003-atomic-activation.md) and, after
// an e-mail link, the activation kept in the browser.

type RegisterArgs = Database['public']['Functions']['register_animal_with_code']['Args'];
type User = NonNullable<AuthState['user']>;

/** The code's status as the database tells it ('free', 'unknown', ...), or null when it could not be asked. */
export async function codeStatus(code: string): Promise<string | null> {
  const result = await supabase()
    .then((client) => client.rpc('code_status', { p_code: code }))
    .catch(() => null);
  return !result || result.error ? null : result.data;
}

/**
 * The codes a person may have meant by what they typed: as typed (upper-cased) first, since older codes such
 * as MDL-DEMO-REX are kept as they are, then as the landing page reads it (codeFromTyped: spaces, missing
 * hyphens, O for 0, I or L for 1), which alone would regroup an older code of ten symbols.
 */
function codesMeant(typed: string): string[] {
  return [...new Set([normalizeCode(typed), codeFromTyped(typed)])].filter((code): code is string => code !== null);
}

/** The code meant: as typed when it is a code, else as the landing page reads it. */
const codeMeant = (typed: string): string | null => codesMeant(typed)[0] ?? null;

/**
 * The code a person typed and its status, the first reading of it that the database knows ('unknown' when
 * none; a null status when it could not be asked). Null when nothing typed looks like a code.
 */
export async function checkTypedCode(typed: string): Promise<{ code: string; status: string | null } | null> {
  const codes = codesMeant(typed);
  for (const code of codes) {
    const status = await codeStatus(code);
    if (status !== 'unknown') return { code, status };
  }
  const last = codes.at(-1);
  return last ? { code: last, status: 'unknown' } : null;
}

/** Why the database refused an activation, as register_animal_with_code names it in `reason`. */
const REFUSALS = ['session_expired', 'too_many_attempts', 'code_unavailable', 'code_suspended'] as const;
export type Refusal = (typeof REFUSALS)[number];

export type Registration =
  | { registered: true; animalId: string }
  | {
      registered: false;
      /** No session to activate with (none in this browser, or one the database no longer accepts). */
      signedOut: boolean;
      /** The request itself failed. */
      failure: { code: string; message: string } | null;
      /** Why the database refused the activation, when it did. */
      refusal: Refusal | null;
    };

/** register_animal_with_code answers {success, reason, animal_id} as JSON (and `error`, its French words). */
function readAnswer(data: Json): { success: boolean; reason: Refusal | null; animalId: string | null } {
  const answer = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  return {
    success: answer.success === true,
    reason: REFUSALS.find((refusal) => refusal === answer.reason) ?? null,
    animalId: typeof answer.animal_id === 'string' ? answer.animal_id : null,
  };
}

/** PostgREST's answers to a token it does not take: 42501 for no role, PGRST301/PGRST303 for a bad or old JWT. */
const SESSION_REFUSED = new Set(['42501', 'PGRST301', 'PGRST303']);

/** Creates the animal and claims its code in one transaction: both happen, or neither. */
export async function registerAnimalWithCode(request: ActivationRequest): Promise<Registration> {
  const client = await supabase();
  // Without a session the database would only refuse: known here, it is not read from its French words.
  const { data: current } = await client.auth.getSession();
  if (!current.session) return { registered: false, signedOut: true, failure: null, refusal: null };
  const args: RegisterArgs = request;
  const { data, error } = await client.rpc('register_animal_with_code', args);
  const answer = readAnswer(error ? null : data);
  if (!error && answer.success && answer.animalId) return { registered: true, animalId: answer.animalId };
  return {
    registered: false,
    signedOut: answer.reason === 'session_expired' || Boolean(error && SESSION_REFUSED.has(error.code)),
    failure: error,
    refusal: answer.reason,
  };
}

/** The animal of this account that a code is activated on, or null (not this account's, or not activated). */
export async function animalOfOwnCode(code: string): Promise<string | null> {
  const { data, error } = await (await supabase()).from('codes').select('animal_id').eq('id', code).maybeSingle();
  return error ? null : (data?.animal_id ?? null);
}

/** Stores the activation's photos once the animal exists (docs/product/activation.md), skipping any that fails. */
export function uploadActivationPhotos(
  animalId: string,
  files: readonly File[],
  onChange?: (uploads: UploadState[]) => void,
) {
  return uploadAnimalPhotos(animalId, files, 'activation', onChange);
}

/** The user metadata key under which a sign-up from the activation's dialog carries the form. */
const CARRIED_ACTIVATION = 'pending_activation';

/**
 * What the dialog's e-mail link carries: the code in its address, and the form with the number of photos
 * chosen in the metadata of the account it creates. Photos do not travel: another browser says they stayed.
 */
export function activationLinkFor(values: ActivationFormInput, photoCount: number): ActivationLink {
  const whole = { ...values, photo_count: photoCount };
  const carried =
    JSON.stringify(whole).length <= CARRIED_MAX_CHARS
      ? whole
      : { ...withoutLongTexts(values), photo_count: photoCount, details_left: true };
  return { code: codeMeant(String(values.code ?? '')), metadata: { [CARRIED_ACTIVATION]: carried } };
}

/**
 * User metadata rides in every access token, hence in every request's headers (GoTrue signs it into the
 * JWT): a form longer than this travels without its long texts, which the other browser says stayed behind.
 */
const CARRIED_MAX_CHARS = 2000;
const LONG_TEXTS = ['important_info', 'allergies', 'meds', 'temperament', 'vet_info'] as const;

function withoutLongTexts(values: ActivationFormInput): ActivationFormInput {
  const short: Record<string, unknown> = { ...values };
  for (const field of LONG_TEXTS) delete short[field];
  return short as ActivationFormInput;
}

/** The form carried in the account's metadata, how many photos were chosen with it, and whether texts stayed. */
function carriedActivation(
  user: User,
): { values: ActivationFormInput; photoCount: number; detailsLeft: boolean } | null {
  const carried: unknown = user.user_metadata?.[CARRIED_ACTIVATION];
  if (carried === null || typeof carried !== 'object') return null;
  const { photo_count: photoCount, details_left: detailsLeft, ...values } = carried as Record<string, unknown>;
  return {
    values: values as ActivationFormInput,
    photoCount: typeof photoCount === 'number' && Number.isInteger(photoCount) && photoCount > 0 ? photoCount : 0,
    detailsLeft: detailsLeft === true,
  };
}

/**
 * Once the activation is done or refused, wherever it ended, the account no longer carries its form (GoTrue
 * removes a metadata key set to null).
 */
export async function forgetCarriedActivation(): Promise<void> {
  const client = await supabase();
  const { data } = await client.auth.getSession();
  if (!data.session?.user.user_metadata?.[CARRIED_ACTIVATION]) return;
  const { error } = await client.auth.updateUser({ data: { [CARRIED_ACTIVATION]: null } });
  if (error) console.error('[activation] the form carried in the account could not be cleared', error);
}

export type PendingOutcome =
  /**
   * Activated. `photosNotKept`: chosen in this browser and not stored; `photosElsewhere`: left in another,
   * with the long texts when `detailsElsewhere`.
   */
  | {
      status: 'done';
      animalId: string;
      photosNotKept: number;
      photosElsewhere: number;
      detailsElsewhere: boolean;
      fromLink: boolean;
    }
  /** The form is not finished: /activer takes it on, with the code when one is known. */
  | { status: 'incomplete'; code: string | null }
  /** Neither this browser nor the link holds anything of an activation (docs/product/activation.md). */
  | { status: 'missing' }
  /** Refused by the database (`refusal`), or the request failed (its `message`, when it gave one). */
  | { status: 'failed'; refusal: Refusal | null; message: string | null; code: string | null };

/**
 * After an e-mail link: registers the activation kept in this browser, then its photos (docs/product/activation.md,
 * callback), and forgets it. A browser that holds no activation (the link opened in a mail app's own
 * browser, say) finishes the one the link carries: its code, and the form kept in the new account's
 * metadata; the photos stayed where they were chosen, and the outcome counts them. 'incomplete' when the form
 * was not finished (the sign-in dialog opens as /activer opens, before anything is typed).
 */
export async function finishPendingActivation(user: User, linkCode: string | null): Promise<PendingOutcome> {
  const local = readPendingActivation();
  const carried = local ? null : carriedActivation(user);
  const values = local ?? carried?.values;
  const code = codeMeant(String(values?.code ?? '')) ?? linkCode;
  if (!values && !code) return { status: 'missing' };
  const parsed = values ? await activationFormSchema.safeParseAsync({ ...values, code }) : null;
  if (!parsed?.success) {
    // Kept in this browser, the carried form fills /activer.
    if (carried) savePendingFields({ ...carried.values, code: code ?? '' });
    return { status: 'incomplete', code };
  }
  const registration = await registerAnimalWithCode(parsed.data);
  // A code this account activated meanwhile (by the same link's form in another browser) takes the photos.
  const animalId = registration.registered ? registration.animalId : await animalOfOwnCode(parsed.data.p_code);
  if (!animalId) {
    // The form stays for /activer, where another code can be given: nothing typed or chosen is lost.
    if (carried) savePendingFields({ ...carried.values, code: code ?? '' });
    await forgetCarriedActivation();
    const refusal = registration.registered ? null : registration.refusal;
    const failure = registration.registered ? null : registration.failure;
    const message = failure ? databaseErrorMessage(failure) : null;
    return { status: 'failed', refusal, message, code };
  }
  const photos = local ? await readPendingPhotos() : [];
  const chosen = local ? Math.max(pendingPhotoCount(), photos.length) : 0;
  const { added } = await uploadActivationPhotos(animalId, photos);
  await clearPendingActivation();
  await forgetCarriedActivation();
  return {
    status: 'done',
    animalId,
    photosNotKept: chosen - added,
    photosElsewhere: carried?.photoCount ?? 0,
    detailsElsewhere: carried?.detailsLeft ?? false,
    fromLink: carried !== null,
  };
}
