// Generated from shared/domain/src/unavailable.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
/** What a person is told when the backend cannot answer for now: nothing they did is wrong, and trying again helps. */
export const UNAVAILABLE_MESSAGE = 'Service momentanément indisponible, réessayez.';

/** PostgREST's codes for a database it cannot reach, cannot connect to or waited too long for (PGRST000–PGRST003). */
const CONNECTION_CODES = /^PGRST00[0-3]$/;

/**
 * Whether an answer of the backend says it is out of reach for now rather than that the request was wrong: no
 * answer at all (supabase-js and postgrest-js report a failed fetch as status 0), a gateway's 502, 503 or 504,
 * or PostgREST's connection codes.
 */
export function isBackendUnavailable(answer: { status?: number; code?: string | null }): boolean {
  const { status, code } = answer;
  return status === 0 || status === 502 || status === 503 || status === 504 || CONNECTION_CODES.test(code ?? '');
}
