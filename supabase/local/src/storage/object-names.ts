// Object names as Storage reads them from the path, and the keys it accepts.
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { BadUrl, StorageError } from './errors.ts';
import type { FileStore } from './files.ts';

/** Storage's key rule, plus no empty or dot segments: a key never leaves its bucket's folder. */
const KEY_FORMAT = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
/** S3's longest key, in bytes: hosted Storage writes each object to S3 under its name. */
const MAX_KEY_BYTES = 1024;
/**
 * The longest file or folder name a Linux disk holds, in bytes: each segment is one on disk here. Stricter
 * than S3, which has no such rule; a longer segment is refused rather than failing once the row exists.
 */
const MAX_SEGMENT_BYTES = 255;

const invalidKey = (name: string) => new StorageError('400', 'InvalidKey', `Invalid key: ${name}`, 'InvalidKey');

/** Refuses, before anything is written, a key that Storage would refuse or that the disk could not hold. */
export function checkKey(name: string) {
  const segments = name.split('/');
  // The format allows ASCII only: characters are bytes.
  if (
    !KEY_FORMAT.test(name) ||
    name.length > MAX_KEY_BYTES ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.length > MAX_SEGMENT_BYTES)
  ) {
    throw invalidKey(name);
  }
}

/** An upload's key: checkKey, then refused too where the disk cannot hold it beside the stored objects. */
export async function checkUploadKey(files: FileStore, bucket: string, name: string) {
  checkKey(name);
  if (!(await files.canHold(bucket, name))) throw invalidKey(name);
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
