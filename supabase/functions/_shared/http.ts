import { BackendUnavailable } from './database.ts';
import { REQUEST_ID_HEADER } from './domain/finder-identity.ts';
import { FAILURES, type FailureCode } from './messages.ts';

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A refusal: `{code, error}` where error is the French text to show. */
export function failure(code: FailureCode, headers: Record<string, string> = {}): Response {
  const { status, message } = FAILURES[code];
  return json({ code, error: message }, status, headers);
}

/** Whether a value is a UUID as the database writes its ids: the only ids a function passes on. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The JSON object of a request, or null when it is missing or not an object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Seconds a caller is told to wait when the database is out of reach (PostgREST retries within a few). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The host's id when it passed a well-formed one (a UUID, so that nothing else rides in it), else a new one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return isUuid(given) ? given : crypto.randomUUID();
}

/**
 * Runs a function's logic with the common HTTP handling: CORS preflight, POST only (or the methods given: a
 * picture is read by GET), the database out of reach
 * answered 503 with Retry-After, and any other failure logged with its cause but answered with a generic French
 * message, never a stack trace. Each request then leaves one JSON line on the log: the function's name, never
 * its path (a sub-path may hold a token), its status and duration, and its id; nothing of its body or caller.
 */
export function handle(
  name: string,
  logic: (request: Request) => Promise<Response>,
  methods: readonly string[] = ['POST'],
) {
  return async (request: Request): Promise<Response> => {
    const time = new Date();
    const started = performance.now();
    const requestId = requestIdOf(request);
    const response = await answer(name, requestId, request, logic, methods);
    console.log(
      JSON.stringify({
        time: time.toISOString(),
        service: 'functions',
        route: name,
        method: request.method,
        status: response.status,
        duration_ms: Math.round(performance.now() - started),
        request_id: requestId,
      }),
    );
    return response;
  };
}

async function answer(
  name: string,
  requestId: string,
  request: Request,
  logic: (request: Request) => Promise<Response>,
  methods: readonly string[],
): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (!methods.includes(request.method)) return failure('invalid_request');
  try {
    return await logic(request);
  } catch (error) {
    if (error instanceof BackendUnavailable) {
      console.warn(`[${name} request_id=${requestId}] the database is out of reach:`, error.message);
      return failure('unavailable', { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
    }
    console.error(`[${name} request_id=${requestId}]`, error);
    return failure('internal');
  }
}
