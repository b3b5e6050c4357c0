import { projectFetch } from './database.ts';
import type { FunctionEnv } from './env.ts';

export const PHOTO_BUCKET = 'animal-photos';

/** Storage removes at most this many objects per request (its `prefixes` body has maxItems 1000). */
const REMOVE_BATCH = 1000;

/**
 * Removes files of the animal-photos bucket through the Storage API, with the service_role key, as
 * supabase-js's `remove` does (`DELETE /storage/v1/object/{bucket}` with `{prefixes}`): Storage deletes the
 * stored bytes with the rows, which SQL alone cannot do. Answers how many were removed (a name that is
 * already gone counts for nothing); a refused request throws.
 */
export async function removePhotoFiles(env: FunctionEnv, names: readonly string[]): Promise<number> {
  const send = projectFetch(env);
  let removed = 0;
  for (let start = 0; start < names.length; start += REMOVE_BATCH) {
    const response = await send(`${env.SUPABASE_URL}/storage/v1/object/${PHOTO_BUCKET}`, {
      method: 'DELETE',
      headers: {
        apikey: env.SUPABASE_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefixes: names.slice(start, start + REMOVE_BATCH) }),
    });
    if (!response.ok) throw new Error(`storage remove: ${response.status} ${await response.text()}`);
    removed += ((await response.json()) as unknown[]).length;
  }
  return removed;
}
