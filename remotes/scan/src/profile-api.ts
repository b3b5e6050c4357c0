import { type PublicContacts, type ScanAnswer, scanAnswerOf } from '@medaille/domain';
import { requestFinderFunction } from '@medaille/finder-functions';
import { takeEarlyProfile } from '@medaille/finder-functions/early-profile';
import { appConfig } from '@medaille/supabase/config';

// The answer's shape is declared once, in the domain, for the SQL, the function and this page.
export type { EmergencyCare, PublicPhoto, PublicProfile, ScanAnswer } from '@medaille/domain';
export { scanAnswerOf };

/**
 * get_public_profile's refusal on a known medal whose page one address opened too often (429): its name and
 * the numbers to call, only those the owner made public.
 */
export interface BusyAnswer
  extends Pick<
    PublicContacts,
    'public_phone' | 'show_public_phone' | 'second_contact_name' | 'second_contact_phone' | 'show_second_contact_phone'
  > {
  status: 'rate_limited';
  code: string;
  name: string;
}

/** What the page shows a medal from: get_public_profile's answer, or its refusal that keeps the call buttons. */
export type PageAnswer = ScanAnswer | BusyAnswer;

/** The busy answer in a refusal's body, if it carries one. */
export function busyAnswerOf(body: unknown): BusyAnswer | null {
  const reach = (body as { reach?: unknown } | null)?.reach as Partial<BusyAnswer> | undefined;
  if (typeof reach?.code !== 'string' || typeof reach.name !== 'string') return null;
  return { ...reach, status: 'rate_limited', code: reach.code, name: reach.name };
}

/** The answer a page was rendered from (its hydration data): a busy one as it is, any other checked. */
export const pageAnswerOf = (value: unknown): PageAnswer =>
  (value as { status?: unknown } | null)?.status === 'rate_limited' ? (value as BusyAnswer) : scanAnswerOf(value);

/** A refusal of a finder function: its French text is meant to be shown as it is. */
export class FinderError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
    /** get_public_profile's refusal on a known medal: what the page still shows. */
    readonly busy: BusyAnswer | null = null,
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
  if (!response.ok)
    throw new FinderError(answer?.error ?? '', answer?.code ?? null, response.status, busyAnswerOf(answer));
  return answer as T;
}

/**
 * The public profile behind a code. The first time, it takes the answer to the request the HTML already
 * started while the scripts were loading; after that (a retry, a refresh) it asks again.
 */
export function fetchPublicProfile(code: string): Promise<PageAnswer> {
  const early = takeEarlyProfile(code);
  const asking = early
    ? early.then(
        (response) => finderAnswer<ScanAnswer>(response),
        () => callFinderFunction<ScanAnswer>('get_public_profile', { code }),
      )
    : callFinderFunction<ScanAnswer>('get_public_profile', { code });
  // A refusal on a known medal still names it, with its numbers to call.
  return asking.catch((error: unknown) => {
    const busy = error instanceof FinderError ? error.busy : null;
    if (busy) return busy;
    throw error;
  });
}
