// sweep-photos: removes the files of the animal-photos bucket that no row uses any more
// (docs/decisions/0010-multi-step-writes-on-server.md): those a browser or delete-animal left behind when it died
// between a row and its file; the finders' photos (finder-photos bucket) whose message or animal is gone; and the
// health booklet's documents (health-documents bucket) that no document row names; and the photos of found
// animals (found-photos bucket) that no report names (a report refused, or its details forgotten). Scheduled every 6 hours
// (pg_cron on hosted Supabase, supabase/schedules/sweep-photos.sql; a timer in the local stack). The gateway
// lets any caller through (config.toml), and the list comes from orphan_photo_files called with the caller's
// own key, which only the service role may execute: anyone else gets 401 or 403 and nothing is removed.
// A file that cannot be removed is counted (`failed`) and left for the next run; the others still go.
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import {
  FINDER_PHOTO_BUCKET,
  FOUND_PHOTO_BUCKET,
  HEALTH_DOCUMENT_BUCKET,
  PHOTO_BUCKET,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json } from '../_shared/http.ts';
import { recordScheduleRun } from '../_shared/schedule.ts';
import { removePhotoFiles } from '../_shared/storage.ts';

/** Files listed and removed per round, and rounds per run: what is left waits for the next run. */
const BATCH = 1000;
const MAX_ROUNDS = 10;
/** Files a run may fail to remove before it stops trying: past that, Storage is failing, not a file. */
const MAX_FAILURES = 10;

/**
 * Removes the files; when a request fails (Storage then keeps all of it), tries each half again, so that a
 * file that cannot be removed is found (about 2·log2(n) requests among n), logged and counted, and the
 * others still go. Once `failures` reaches MAX_FAILURES, what is left is counted as failed, untried.
 */
async function removeAllBut(
  env: FunctionEnv,
  names: string[],
  bucket: string,
  failures: { count: number },
): Promise<{ removed: number; failed: number }> {
  if (failures.count >= MAX_FAILURES) return { removed: 0, failed: names.length };
  try {
    return { removed: await removePhotoFiles(env, names, bucket), failed: 0 };
  } catch (error) {
    if (names.length === 1) {
      failures.count += 1;
      console.error(`[sweep-photos] could not remove ${bucket}/${names[0]}:`, error);
      return { removed: 0, failed: 1 };
    }
    const middle = Math.ceil(names.length / 2);
    const first = await removeAllBut(env, names.slice(0, middle), bucket, failures);
    const second = await removeAllBut(env, names.slice(middle), bucket, failures);
    return { removed: first.removed + second.removed, failed: first.failed + second.failed };
  }
}

export default function sweepPhotos(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('sweep-photos', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const db = callerDatabase(env, credentials);
    let removed = 0;
    let failed = 0;
    const failures = { count: 0 };
    const sweeps = [
      ['orphan_photo_files', PHOTO_BUCKET],
      ['orphan_finder_photo_files', FINDER_PHOTO_BUCKET],
      ['orphan_health_document_files', HEALTH_DOCUMENT_BUCKET],
      ['orphan_found_photo_files', FOUND_PHOTO_BUCKET],
    ] as const;
    for (const [lister, bucket] of sweeps) {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const { data, error, status } = await db.rpc(lister, { p_limit: BATCH });
        if (error) {
          if (status === 401) return failure('unauthenticated');
          if (status === 403) return failure('forbidden');
          throw backendError(lister, status, error);
        }
        const orphans = data as string[];
        const swept = orphans.length ? await removeAllBut(env, orphans, bucket, failures) : { removed: 0, failed: 0 };
        removed += swept.removed;
        failed += swept.failed;
        // A short list was the last one; a list that could not all be removed would come back the same.
        if (orphans.length < BATCH || swept.removed < orphans.length) break;
      }
    }
    if (removed > 0) console.log(`[sweep-photos] removed ${removed} orphan files`);
    if (failed > 0) console.error(`[sweep-photos] ${failed} orphan files could not be removed, left for the next run`);
    await recordScheduleRun(db, 'sweep-photos', { removed, failed });
    return json({ removed, failed });
  })(request);
}
