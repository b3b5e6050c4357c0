// The finder's photo as post_finder_message and report-sighting receive it: base64 in the JSON body (the scan
// page and the search page send it resized to JPEG, at most 700 KB),
// checked by its first bytes and its size before anything is stored; then stored within the photo limits in the
// animal's folder of the private finder-photos bucket, which the household alone reads.
import type { FinderIdentity } from './client.ts';
import { type ServiceDatabase, withinRateLimit } from './database.ts';
import { FINDER_PHOTO_BUCKET, LIMITS } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';
import type { FailureCode } from './messages.ts';
import { storeFile } from './storage.ts';

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

/** Reads the `photo` field of a message or a sighting: the photo, or the refusal to answer. */
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

type StoredPhoto = { refusal: null; path: string } | { refusal: FailureCode; headers?: Record<string, string> };

/**
 * Within the photo limits (per client, per client for this animal, then per animal), stores the photo in the
 * animal's folder (`animalId`).
 */
export async function storeFinderPhoto(
  env: FunctionEnv,
  db: ServiceDatabase,
  animalId: string,
  { hash: client, limitFactor }: FinderIdentity,
  photo: FinderPhoto,
): Promise<StoredPhoto> {
  const { perClient, perClientAndAnimal, perAnimal, windowSeconds } = FINDER_PHOTO_LIMITS;
  const retry = { 'Retry-After': String(windowSeconds) };
  if (!(await withinRateLimit(db, `finder-photo:${client}`, perClient * limitFactor, windowSeconds)))
    return { refusal: 'photo_rate_limited', headers: retry };
  // Named after the animal last, so that the window goes with it (delete_owned_animal).
  if (
    !(await withinRateLimit(db, `finder-photo:${client}:${animalId}`, perClientAndAnimal * limitFactor, windowSeconds))
  )
    return { refusal: 'photo_rate_limited', headers: retry };
  if (!(await withinRateLimit(db, `finder-photo:${animalId}`, perAnimal, windowSeconds)))
    return { refusal: 'photo_animal_rate_limited', headers: retry };
  const path = `${animalId}/${crypto.randomUUID()}.${photo.extension}`;
  await storeFile(env, FINDER_PHOTO_BUCKET, path, photo.bytes, photo.contentType);
  return { refusal: null, path };
}
