// The finder's photo as post_finder_message receives it: base64 in the JSON body (the scan page sends it
// resized to JPEG, at most 700 KB), checked by its first bytes and its size before anything is stored.
import { LIMITS } from './domain/index.ts';
import type { FailureCode } from './messages.ts';

export interface FinderPhoto {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
}

/**
 * Photos a day: per client, whatever the animal; per client for one animal, so that a few addresses cannot
 * use up the animal's share and leave a real finder without one (4 addresses filled the shared 20 a day); and
 * per animal from everyone, which it now takes 14 addresses to fill.
 */
export const FINDER_PHOTO_LIMITS = {
  perClient: 9,
  perClientAndAnimal: 3,
  perAnimal: 40,
  windowSeconds: 24 * 3600,
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

/** The image type the bytes say they are (not what a client claims), or null. */
export function imageTypeOf(bytes: Uint8Array): FinderPhoto['contentType'] | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Reads the `photo` field of a message: the photo, or the refusal to answer. */
export function readFinderPhoto(value: unknown): FinderPhoto | FailureCode {
  if (typeof value !== 'string' || value.length % 4 !== 0 || !BASE64.test(value)) return 'invalid_request';
  // Refused before decoding: base64 takes 4 characters for every 3 bytes.
  if ((value.length / 4) * 3 - (value.match(/=+$/)?.[0].length ?? 0) > LIMITS.finderPhotoSentMaxBytes)
    return 'photo_too_large';
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const contentType = imageTypeOf(bytes);
  if (!contentType) return 'photo_type';
  return { bytes, contentType, extension: EXTENSIONS[contentType] };
}
