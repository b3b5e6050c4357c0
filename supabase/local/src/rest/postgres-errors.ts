import { isDatabaseUnavailable, isDiskFull } from '../database/index.ts';
import { ApiError } from './errors.ts';

interface PostgresError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** PostgREST's HTTP status for a SQLSTATE (its Error.hs mapping, for the codes this product can meet). */
function statusFor(code: string, authenticated: boolean): number {
  // RAISE SQLSTATE 'PTxyz' chooses the HTTP status xyz (PostgREST's custom status codes).
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return authenticated ? 403 : 401;
  if (['23503', '23505'].includes(code)) return 409;
  // A write in a GET's read-only transaction (a volatile function called with GET).
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '53400') return 500;
  if (code === '40001') return 503;
  if (code === 'P0001') return 400;
  if (/^53/.test(code)) return 503;
  if (/^(09|0L|0P|25|2B|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  if (/^(22|23|42)/.test(code)) return 400;
  return 400;
}

/**
 * PostgREST's answer when the database is out of reach (its ConnectionUsageError). PostgREST puts libpq's words in
 * `details`, which name the database's host and port: here they stay in the stack's log, not in a browser.
 */
export const databaseUnavailable = () =>
  new ApiError(503, 'PGRST000', 'Database connection error. Retrying the connection.');

export function fromPostgresError(error: unknown, authenticated: boolean): ApiError {
  if (error instanceof ApiError) return error;
  if (isDiskFull(error)) {
    // PostgREST answers the class 53 (insufficient resources) 503 with the database's code; its words name files.
    console.warn('[rest] the disk is full (free some space):', (error as Error).message);
    return new ApiError(503, '53100', 'The database has no space left on its disk.');
  }
  if (isDatabaseUnavailable(error)) {
    console.warn('[rest] the database is out of reach:', (error as Error).message);
    return databaseUnavailable();
  }
  const e = error as PostgresError;
  if (!e?.code) throw error;
  return new ApiError(statusFor(e.code, authenticated), e.code, e.message ?? '', e.detail ?? null, e.hint ?? null);
}
