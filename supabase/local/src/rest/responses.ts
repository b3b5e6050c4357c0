// Request bodies and answers in PostgREST's shapes: rows as a JSON array or one object, Content-Range,
// errors with their status and WWW-Authenticate.
import type { Context } from 'hono';
import { ApiError } from './errors.ts';

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

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
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null);
  }
}
