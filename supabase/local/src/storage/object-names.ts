// Object names as Storage reads them from the path, and the keys it accepts.
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { BadUrl, StorageError } from './errors.ts';

/** Storage's key rule, plus no empty or dot segments: a key never leaves its bucket's folder. */
const KEY_FORMAT = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;

export function checkKey(name: string) {
  const segments = name.split('/');
  if (!KEY_FORMAT.test(name) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new StorageError('400', 'InvalidKey', `Invalid key: ${name}`, 'InvalidKey');
  }
}

/**
 * The object's name: the rest of the path as sent, decoded once, as Storage's router decodes it (the
 * route's own segments, such as the bucket, come first).
 */
export function objectNameOf(c: Context): string {
  const path = new URL(c.req.url).pathname;
  const encoded = path
    .split('/')
    .slice(routePath(c).split('/').length - 1)
    .join('/');
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new BadUrl(`'${path.replace(/^\/storage\/v1/, '')}' is not a valid url component`);
  }
}

/** A download's object name: one that no upload could have stored is refused as Storage refuses its key. */
export function downloadNameOf(c: Context): string {
  const name = objectNameOf(c);
  checkKey(name);
  return name;
}
