// Request bodies and answers in PostgREST's shapes: rows as a JSON array or one object, Content-Range,
// errors with their status and WWW-Authenticate.
import type { Context } from 'hono';
import { RETRY_AFTER_SECONDS } from '../http/unavailable.ts';
import { ApiError, notSupported } from './errors.ts';

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';
const JSON_MEDIA_TYPES = new Set(['*/*', 'application/*', 'application/json', OBJECT_MEDIA_TYPE]);
/** What PostgREST also answers in (its MediaType.hs), and the local stack does not. */
const OTHER_POSTGREST_MEDIA_TYPES =
  /^(text\/csv|application\/geo\+json|application\/vnd\.pgrst\.(plan|array)(\+\w+)?)$/;

/**
 * Checks that the answer can be JSON, the only representation the local stack makes: PostgREST's others
 * are refused by name, and what PostgREST does not make either gets its 406 (PGRST107).
 */
export function checkAccept(c: Context) {
  const accept = c.req.header('accept');
  if (!accept) return;
  const asked = accept.split(',').map((entry) => {
    const [type = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    return { type, params };
  });
  const stripped = asked.find((entry) => entry.params.includes('nulls=stripped'));
  if (stripped) throw notSupported(`Accept: ${stripped.type};nulls=stripped`, 'the answer keeps its null values');
  if (asked.some((entry) => JSON_MEDIA_TYPES.has(entry.type))) return;
  const other = asked.find((entry) => OTHER_POSTGREST_MEDIA_TYPES.test(entry.type));
  if (other) throw notSupported(`Accept: ${other.type}`, 'the local stack answers in JSON only');
  const types = asked.map((entry) => entry.type).join(', ');
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${types}`);
}

export function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(OBJECT_MEDIA_TYPE);
}

export function singleRowError(rows: number): ApiError {
  return new ApiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
    null,
  );
}

export function contentRange(offset: number, rows: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return rows === 0 ? `*/${totalText}` : `${offset}-${offset + rows - 1}/${totalText}`;
}

export function errorResponse(c: Context, error: ApiError) {
  if (error.code === 'PGRST301' || error.code === 'PGRST303') {
    c.header(
      'WWW-Authenticate',
      `Bearer error="invalid_token", error_description="${error.code === 'PGRST303' ? 'JWT expired' : error.message}"`,
    );
  }
  // PostgREST's hint of when to try again, on the answers that say the database is out of reach.
  if (error.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return c.json(error.toJSON(), error.status as 400);
}

/** Sends the rows a statement produced, as an array or (Accept: object) exactly one object. */
export function rowsResponse(c: Context, body: string, status: number, range: string) {
  c.header('Content-Range', range);
  if (c.req.method === 'HEAD') return c.body(null, status as 200);
  if (wantsObject(c)) {
    const [row] = JSON.parse(body) as unknown[];
    return c.json(row, status as 200);
  }
  return c.body(body, status as 200, { 'Content-Type': 'application/json; charset=utf-8' });
}

export async function readJsonBody(c: Context): Promise<unknown> {
  // A body cut short (the client gave up, or the server's request timeout) is no JSON either.
  const text = await c.req.text().catch((error: unknown) => {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null);
  });
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null);
  }
}
