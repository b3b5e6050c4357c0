// sweep-photos: removes the files of the animal-photos bucket that no row uses any more (DESIGN D10): those
// a browser or delete-animal left behind when it died between a row and its file; and the finders' photos
// (finder-photos bucket) whose message or animal is gone. Scheduled every 6 hours
// (pg_cron on hosted Supabase, supabase/schedules/sweep-photos.sql; a timer in the local stack). The gateway
// lets any caller through (config.toml), and the list comes from orphan_photo_files called with the caller's
// own key, which only the service role may execute: anyone else gets 401 or 403 and nothing is removed.
import { callerCredentials, callerDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json } from '../_shared/http.ts';
import { FINDER_PHOTO_BUCKET, PHOTO_BUCKET, removePhotoFiles } from '../_shared/storage.ts';

/** Files listed and removed per round, and rounds per run: what is left waits for the next run. */
const BATCH = 1000;
const MAX_ROUNDS = 10;

export default function sweepPhotos(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('sweep-photos', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const db = callerDatabase(env, credentials);
    let removed = 0;
    const sweeps = [
      ['orphan_photo_files', PHOTO_BUCKET],
      ['orphan_finder_photo_files', FINDER_PHOTO_BUCKET],
    ] as const;
    for (const [lister, bucket] of sweeps) {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const { data, error, status } = await db.rpc(lister, { p_limit: BATCH });
        if (error) {
          if (status === 401) return failure('unauthenticated');
          if (status === 403) return failure('forbidden');
          throw new Error(`${lister}: ${status} ${error.code} ${error.message}`);
        }
        const orphans = data as string[];
        const removedNow = orphans.length ? await removePhotoFiles(env, orphans, bucket) : 0;
        removed += removedNow;
        // A short list was the last one; a list that could not all be removed would come back the same.
        if (orphans.length < BATCH || removedNow < orphans.length) break;
      }
    }
    if (removed > 0) console.log(`[sweep-photos] removed ${removed} orphan files`);
    return json({ removed });
  })(request);
}
