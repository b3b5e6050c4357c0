import { callFunction, takeEarlyProfile } from '@medaille/routing/early-profile';
import { appConfig } from '@medaille/supabase/config';

export interface PublicPhoto {
  id: string;
  path: string;
  position: number;
  url: string;
  width: number | null;
  height: number | null;
}

/** SPEC section 3's public profile, as get_public_profile sends it (hidden contacts are absent). */
export interface PublicProfile {
  status: 'claimed';
  code: string;
  name: string;
  species: string | null;
  breed: string | null;
  color: string | null;
  sex: string | null;
  sterilized: boolean;
  weight_kg: number | null;
  birth_year: number | null;
  important_info: string | null;
  allergies: string | null;
  meds: string | null;
  temperament: string | null;
  vet_info: string | null;
  chip_or_tattoo: string | null;
  is_lost: boolean;
  last_known_location: { lat: number; lon: number; accuracy_m: number | null; at: string } | null;
  photo_url: string | null;
  cover_photo_id: string | null;
  photos: PublicPhoto[];
  public_phone?: string;
  public_email?: string;
  public_address_line?: string;
  public_city?: string;
  show_public_phone: boolean;
  show_public_email: boolean;
  show_public_address: boolean;
}

export type ScanAnswer =
  | { status: 'not_found'; code: string }
  | { status: 'unclaimed'; code: string }
  | { status: 'suspended'; code: string }
  | { status: 'retired'; code: string }
  | PublicProfile;

const ANSWER_STATUSES = new Set(['not_found', 'unclaimed', 'suspended', 'retired', 'claimed']);

/**
 * get_public_profile's answer as received from elsewhere (the host's JSON): its status and code checked,
 * and a profile's name and photos, which the page cannot render without. Throws on anything else.
 */
export function scanAnswerOf(value: unknown): ScanAnswer {
  const answer = value as Partial<PublicProfile> | null;
  if (typeof answer !== 'object' || answer === null || !ANSWER_STATUSES.has(String(answer.status))) {
    throw new TypeError('not an answer of get_public_profile');
  }
  if (typeof answer.code !== 'string') throw new TypeError('the answer has no code');
  if (answer.status === 'claimed' && (typeof answer.name !== 'string' || !Array.isArray(answer.photos))) {
    throw new TypeError('the profile has no name or photos');
  }
  return answer as ScanAnswer;
}

/** A refusal of a finder function: its French text is meant to be shown as it is. */
export class FinderError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Calls one of the finder's server functions. A refusal becomes a FinderError carrying the server's French
 * message when it gives one.
 */
export async function callFinderFunction<T>(name: string, body: unknown): Promise<T> {
  return finderAnswer<T>(await callFunction(appConfig(), name, body));
}

/** Reads a finder function's answer: the body, or a FinderError with the server's French text. */
async function finderAnswer<T>(response: Response): Promise<T> {
  const answer = (await response.json().catch(() => null)) as { code?: string; error?: string } | null;
  if (!response.ok) throw new FinderError(answer?.error ?? '', answer?.code ?? null, response.status);
  return answer as T;
}

/**
 * The public profile behind a code. The first time, it takes the answer to the request the HTML already
 * started while the scripts were loading; after that (a retry, a refresh) it asks again.
 */
export function fetchPublicProfile(code: string): Promise<ScanAnswer> {
  const early = takeEarlyProfile(code);
  if (early) {
    return early.then(
      (response) => finderAnswer<ScanAnswer>(response),
      () => callFinderFunction<ScanAnswer>('get_public_profile', { code }),
    );
  }
  return callFinderFunction<ScanAnswer>('get_public_profile', { code });
}
