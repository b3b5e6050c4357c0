// The database out of reach, or the disk full, as every API of the stack tells it: 503 with Retry-After
// (PostgREST's rule for its connection errors and for a full disk, class 53), so that a client comes back rather
// than taking it for its own mistake; the stack's own line says which.
import type { Context } from 'hono';
import { isDatabaseUnavailable, isDiskFull } from '../database/index.ts';

/** Seconds a client is told to wait (PostgREST's first back-off is 1 to 2 s, growing to 32). */
export const RETRY_AFTER_SECONDS = 5;
/** A full disk wants a person to free some space: a client is told to come back in a minute. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/** The answer to `error` when it says the database is out of reach or the disk full, else null. */
export function unavailableAnswer(c: Context, error: unknown, service: string): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  const diskFull = isDiskFull(error);
  const why = diskFull ? 'the disk is full (free some space)' : 'the database is out of reach';
  console.warn(`[${service}] ${why}:`, c.req.method, c.req.path, (error as Error).message ?? String(error));
  c.header('Retry-After', String(diskFull ? DISK_FULL_RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS));
  return c.json({ message: 'Service temporarily unavailable' }, 503);
}
