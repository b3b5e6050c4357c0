// GoTrue's errors: an HTTP status, one of its error codes (internal/api/apierrors/errorcode.go) and a
// message, in the body shape the client asked for.
import type { Context } from 'hono';

/** The API version GoTrue answers in its newer error shape, for clients that send it. */
const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's error body: the 2024-01-01 form for clients that ask for it, the legacy form otherwise. */
export function errorResponse(c: Context, error: AuthError) {
  c.header('x-sb-error-code', error.code);
  const asked = c.req.header('x-supabase-api-version');
  if (asked && asked >= API_VERSION) {
    c.header('X-Supabase-Api-Version', API_VERSION);
    return c.json({ code: error.code, message: error.message, ...error.extra }, error.status as 400);
  }
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    error.status as 400,
  );
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

/**
 * What GoTrue serves and the local stack does not (docs/decisions/0008-local-stack-imitates-rules.md): a 501 that names
 * it, never a request half done. `feature_disabled` is GoTrue's code for a feature this server does not offer.
 */
export const notSupported = (feature: string) =>
  new AuthError(501, 'feature_disabled', `${feature} is not supported by the local stack`);
