// Supabase Storage's errors: it answers almost every one with HTTP 400 and the real status inside the body.
import type { Context } from 'hono';
import { unavailableAnswer } from '../http/unavailable.ts';

export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly code: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

/**
 * A path that cannot be percent-decoded. Storage's router (Fastify) answers it before any route runs,
 * with its own body: `{"error":"Bad Request","message":"'{path}' is not a valid url component","statusCode":400}`.
 */
export class BadUrl extends Error {}

export const noSuchBucket = () => new StorageError('404', 'Bucket not found', 'Bucket not found', 'NoSuchBucket');
export const noSuchKey = () => new StorageError('404', 'not_found', 'Object not found', 'NoSuchKey');
export const tooLarge = () =>
  new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size', 'EntityTooLarge');
export const invalidRequest = (message: string) => new StorageError('400', 'Error', message, 'InvalidRequest');

/**
 * What Storage serves and the local stack does not (docs/decisions/0008-local-stack-imitates-rules.md): a 501 that
 * names it. `NotSupported` is Storage's own code for a feature it does not offer.
 */
export const notSupported = (feature: string) =>
  new StorageError('501', 'Not Implemented', `${feature} is not supported by the local stack`, 'NotSupported', 501);

export function errorResponse(error: Error, c: Context) {
  if (error instanceof BadUrl) {
    return c.json({ error: 'Bad Request', message: error.message, statusCode: 400 }, 400);
  }
  if (error instanceof StorageError) {
    return c.json(
      { statusCode: error.statusCode, error: error.error, message: error.message, code: error.code },
      error.httpStatus as 400,
    );
  }
  const unavailable = unavailableAnswer(c, error, 'storage');
  if (unavailable) return unavailable;
  console.error('[storage]', c.req.method, c.req.path, error);
  return c.json({ statusCode: '500', error: 'internal', message: 'Internal Server Error', code: 'InternalError' }, 500);
}
