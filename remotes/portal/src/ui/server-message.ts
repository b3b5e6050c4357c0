import { type BackendFailure, isBackendUnavailable, UNAVAILABLE_MESSAGE } from '@medaille/domain';
import { COPY } from '../copy.ts';

/**
 * The words to show for a failed call to the backend: 'Service momentanément indisponible, réessayez.' when it
 * is out of reach for now (no answer, a 502/503/504, PostgREST's PGRST000–PGRST003: isBackendUnavailable),
 * never a socket's words; else `words`, the French text already made for the failure (the error's own message
 * by default).
 */
export function failureText(failure: BackendFailure, words: string = failure.message || COPY.unexpected): string {
  return isBackendUnavailable(failure) ? UNAVAILABLE_MESSAGE : words;
}

/**
 * The `error` a server function answered with when it refused (its French words, to show as they are), the
 * backend out of reach as failureText says it, or null when neither (no body to read). supabase-js gives the
 * refused response as the error's `context`.
 */
export async function serverMessage(error: BackendFailure): Promise<string | null> {
  if (isBackendUnavailable(error)) return UNAVAILABLE_MESSAGE;
  if (!(error.context instanceof Response)) return null;
  const body: unknown = await error.context.json().catch(() => null);
  return body !== null && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
    ? body.error
    : null;
}
