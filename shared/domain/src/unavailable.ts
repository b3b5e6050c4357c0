/** What a person is told when the backend cannot answer for now: nothing they did is wrong, and trying again helps. */
export const UNAVAILABLE_MESSAGE = 'Service momentanément indisponible, réessayez.';

/** What a person is told when something failed on our side that no message of its own explains. */
export const INTERNAL_ERROR_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.';

/** PostgREST's codes for a database it cannot reach, cannot connect to or waited too long for (PGRST000–PGRST003). */
const CONNECTION_CODES = /^PGRST00[0-3]$/;

/** supabase-js's errors for a request that got no answer (Auth, the functions, Storage). */
const NO_ANSWER_ERRORS = new Set([
  'AuthRetryableFetchError',
  'FunctionsFetchError',
  'FunctionsRelayError',
  'StorageUnknownError',
]);

/** A failed call to the backend, in any of the shapes supabase-js and PostgREST give it. */
export interface BackendFailure {
  status?: number;
  code?: string | null;
  name?: string;
  message?: string;
  /** The functions' refused Response (supabase-js's FunctionsHttpError). */
  context?: unknown;
}

/**
 * Whether a failed call says the backend is out of reach for now rather than that the request was wrong: no
 * answer at all (postgrest-js gives a failed fetch as status 0, with its `TypeError: …` and no code), a gateway's
 * 502, 503 or 504, or PostgREST's connection codes.
 */
export function isBackendUnavailable(failure: BackendFailure): boolean {
  const status =
    typeof Response !== 'undefined' && failure.context instanceof Response ? failure.context.status : failure.status;
  if (status === 0 || status === 502 || status === 503 || status === 504) return true;
  if (CONNECTION_CODES.test(failure.code ?? '')) return true;
  if (NO_ANSWER_ERRORS.has(failure.name ?? '')) return true;
  return !failure.code && /^(TypeError|FetchError|AbortError)\b/.test(failure.message ?? '');
}
