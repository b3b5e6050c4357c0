import { FINDER_PHOTO_BUCKET, PHOTO_BUCKET } from './domain/index.ts';
import { type FunctionEnv, serviceHeaders } from './env.ts';

/** Storage removes at most this many objects per request (its `prefixes` body has maxItems 1000). */
const REMOVE_BATCH = 1000;

/**
 * Removes files of a bucket (the animal-photos bucket unless named) through the Storage API, with the service_role key, as
 * supabase-js's `remove` does (`DELETE /storage/v1/object/{bucket}` with `{prefixes}`): Storage deletes the
 * stored bytes with the rows, which SQL alone cannot do. Answers how many were removed (a name that is
 * already gone counts for nothing); a refused request throws.
 */
export async function removePhotoFiles(
  env: FunctionEnv,
  names: readonly string[],
  bucket: string = PHOTO_BUCKET,
): Promise<number> {
  let removed = 0;
  for (let start = 0; start < names.length; start += REMOVE_BATCH) {
    const response = await fetch(`${env.SUPABASE_URL}/storage/v1/object/${bucket}`, {
      method: 'DELETE',
      headers: { ...serviceHeaders(env), 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: names.slice(start, start + REMOVE_BATCH) }),
    });
    if (!response.ok) throw new Error(`storage remove: ${response.status} ${await response.text()}`);
    removed += ((await response.json()) as unknown[]).length;
  }
  return removed;
}

/** Stores a new file (never replacing one) with the service_role key, as supabase-js's `upload` does. */
export async function storeFile(
  env: FunctionEnv,
  bucket: string,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<void> {
  const response = await fetch(`${env.SUPABASE_URL}/storage/v1/object/${bucket}/${name}`, {
    method: 'POST',
    headers: { ...serviceHeaders(env), 'Content-Type': contentType, 'x-upsert': 'false' },
    body: bytes,
  });
  if (!response.ok) throw new Error(`storage upload: ${response.status} ${await response.text()}`);
}

/**
 * Removes every finder's photo of one animal (its folder of the finder-photos bucket), listed as
 * supabase-js's `list` does. For delete-animal, once the animal's row is gone; what a failure leaves is
 * the sweep's.
 */
export async function removeFinderPhotoFolder(env: FunctionEnv, animalId: string): Promise<number> {
  const response = await fetch(`${env.SUPABASE_URL}/storage/v1/object/list/${FINDER_PHOTO_BUCKET}`, {
    method: 'POST',
    headers: { ...serviceHeaders(env), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      prefix: animalId,
      limit: REMOVE_BATCH,
      offset: 0,
      sortBy: { column: 'name', order: 'asc' },
    }),
  });
  if (!response.ok) throw new Error(`storage list: ${response.status} ${await response.text()}`);
  const items = (await response.json()) as { name: string; id: string | null }[];
  const names = items.filter((item) => item.id !== null).map((item) => `${animalId}/${item.name}`);
  return names.length ? removePhotoFiles(env, names, FINDER_PHOTO_BUCKET) : 0;
}

/**
 * A signed URL of one file, valid `expiresIn` seconds, made with the service_role key as supabase-js's
 * `createSignedUrl` makes it (`POST /storage/v1/object/sign/{bucket}/{name}`); null when Storage has no such
 * file.
 */
export async function signFileUrl(
  env: FunctionEnv,
  bucket: string,
  name: string,
  expiresIn: number,
): Promise<string | null> {
  const response = await fetch(`${env.SUPABASE_URL}/storage/v1/object/sign/${bucket}/${name}`, {
    method: 'POST',
    headers: { ...serviceHeaders(env), 'Content-Type': 'application/json' },
    body: JSON.stringify({ expiresIn }),
  });
  if (!response.ok) {
    // Storage answers a file it does not have 400, with its own status '404' in the body.
    const text = await response.text();
    if ((JSON.parse(text || 'null') as { statusCode?: string } | null)?.statusCode === '404') return null;
    throw new Error(`storage sign: ${response.status} ${text}`);
  }
  const { signedURL } = (await response.json()) as { signedURL: string };
  return `${env.SUPABASE_URL}/storage/v1${signedURL}`;
}
