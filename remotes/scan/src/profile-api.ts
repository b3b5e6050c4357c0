import type { ScanAnswer } from '@medaille/domain';
import { requestFinderFunction } from '@medaille/finder-functions';
import { takeEarlyProfile } from '@medaille/finder-functions/early-profile';
import { appConfig } from '@medaille/supabase/config';

// The answer's shape is declared once, in the domain, for the SQL, the function and this page.
export type { EmergencyCare, PublicPhoto, PublicProfile, ScanAnswer } from '@medaille/domain';
export { scanAnswerOf } from '@medaille/domain';

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
  return finderAnswer<T>(await requestFinderFunction(appConfig(), name, body));
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
