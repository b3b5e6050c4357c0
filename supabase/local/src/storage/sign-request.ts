// The bodies of POST /object/sign/{bucket}/{path} and POST /object/sign/{bucket}, checked as Storage's route
// schemas check them (src/http/routes/object/getSignedURL.ts, getSignedURLs.ts): expiresIn a required integer
// >= 1, paths 1 to 1000 strings, with the messages of Fastify's validator; then expiresIn no larger than a
// JWT's `exp` can hold (assertValidNumericJWTExpiration in src/internal/auth/jwt.ts). Stricter in one way, as
// list-request.ts is: no type coercion (the string "60" is not taken for 60).
import { objectBody } from './list-request.ts';

/** MAX_OBJECTS_PER_REQUEST in Storage's src/storage/limits.ts. */
const MOST_PATHS = 1000;

type Input = Record<string, unknown>;

function expiresInOf(body: Input): number | string {
  if (!('expiresIn' in body)) return "body must have required property 'expiresIn'";
  const { expiresIn } = body;
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn)) return 'body/expiresIn must be integer';
  if (expiresIn < 1) return 'body/expiresIn must be >= 1';
  return expiresIn;
}

/**
 * Storage's assertValidNumericJWTExpiration: `exp` (now + expiresIn, in seconds) stays a safe integer once
 * multiplied by 1000, else 400 InvalidParameter.
 */
export function expiresTooLate(expiresIn: number, nowMs = Date.now()): boolean {
  const most = Math.max(0, Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(nowMs / 1000));
  return expiresIn > most;
}

/** One object's signing: its expiry in seconds, or the reason it is refused (400 InvalidRequest). */
export function parseSignRequest(text: string): { expiresIn: number } | string {
  const body = objectBody(text);
  if (typeof body === 'string') return body;
  const expiresIn = expiresInOf(body);
  return typeof expiresIn === 'string' ? expiresIn : { expiresIn };
}

/** Several objects' signing: expiry and paths, or the reason it is refused (400 InvalidRequest). */
export function parseSignManyRequest(text: string): { expiresIn: number; paths: string[] } | string {
  const body = objectBody(text);
  if (typeof body === 'string') return body;
  const expiresIn = expiresInOf(body);
  if (typeof expiresIn === 'string') return expiresIn;
  if (!('paths' in body)) return "body must have required property 'paths'";
  const { paths } = body;
  if (!Array.isArray(paths)) return 'body/paths must be array';
  const notString = paths.findIndex((path) => typeof path !== 'string');
  if (notString !== -1) return `body/paths/${notString} must be string`;
  if (paths.length < 1) return 'body/paths must NOT have fewer than 1 items';
  if (paths.length > MOST_PATHS) return `body/paths must NOT have more than ${MOST_PATHS} items`;
  return { expiresIn, paths };
}
