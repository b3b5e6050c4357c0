// The database out of reach, as every API of the stack tells it: 503 with Retry-After (PostgREST's rule for its
// connection errors), so that a client comes back rather than taking it for its own mistake.
import type { Context } from 'hono';
import { isDatabaseUnavailable } from '../database/index.ts';

/** Seconds a client is told to wait (PostgREST's first back-off is 1 to 2 s, growing to 32). */
export const RETRY_AFTER_SECONDS = 5;

/** The answer to `error` when it says the database is out of reach, else null. */
export function unavailableAnswer(c: Context, error: unknown, service: string): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  console.warn(`[${service}] the database is out of reach:`, c.req.method, c.req.path, (error as Error).message);
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return c.json({ message: 'Service temporarily unavailable' }, 503);
}
