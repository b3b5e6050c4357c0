// deliver-outbox: sends the owners' e-mails that waited in the outbox (public.mail_outbox) because the provider
// failed when they were written, each with its own Idempotency-Key so that none goes twice; removes unsent
// those past their 24 hours and those to an address that is no account's any more. Then tells owners of
// their medals' new suspensions by an operator (`pnpm medals suspend`), and finders that the animal they wrote
// about is home (claim_found_notices), the followers of searches of their news (claim_search_news), and the
// households of losses of the animals found near them (claim_found_matches); and retries the household's pushes
// that failed (claim_due_pushes). Run every minute by
// pg_cron on hosted Supabase (supabase/schedules/deliver-outbox.sql), by a timer in the local stack. The
// gateway lets any caller through (config.toml); the outbox is claimed with the caller's own key, which only
// the service role may do: anyone else gets 401 or 403 and nothing goes.
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { tellFindersAnimalHome } from '../_shared/finder-mail.ts';
import { tellHouseholdsOfFoundMatches } from '../_shared/found-matches.ts';
import { failure, handle, json } from '../_shared/http.ts';
import { attempt, type QueuedMail } from '../_shared/outbox.ts';
import { retryPushes } from '../_shared/push.ts';
import { recordScheduleRun } from '../_shared/schedule.ts';
import { tellSearchFollowers } from '../_shared/search-follow.ts';
import { tellSuspensions } from '../_shared/suspension-notice.ts';

export default function deliverOutbox(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('deliver-outbox', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const db = callerDatabase(env, credentials);
    const { data, error, status } = await db.rpc('claim_due_mails', {});
    if (error) {
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      throw backendError('claim_due_mails', status, error);
    }
    const { expired, dropped, mails } = data as { expired: number; dropped: number; mails: QueuedMail[] };
    let sent = 0;
    // One at a time: the provider limits requests per second, and each waits at most a few seconds.
    for (const mail of mails) if (await attempt(env, db, mail)) sent += 1;
    const failed = mails.length - sent;
    const suspensions = await tellSuspensions(env, db);
    const reunions = await tellFindersAnimalHome(env, db);
    const followers = await tellSearchFollowers(env, db);
    const foundMatches = await tellHouseholdsOfFoundMatches(env, db);
    const pushes = await retryPushes(env, db);
    if (expired > 0) console.error(`[deliver-outbox] ${expired} e-mails expired unsent after 24 hours`);
    if (dropped > 0) console.log(`[deliver-outbox] ${dropped} e-mails dropped: their address is no account's any more`);
    if (sent > 0 || failed > 0) console.log(`[deliver-outbox] ${sent} sent, ${failed} left for a later attempt`);
    if (suspensions > 0) console.log(`[deliver-outbox] ${suspensions} owners told of their medal's suspension`);
    if (reunions > 0) console.log(`[deliver-outbox] ${reunions} finders told that the animal is home`);
    if (followers > 0) console.log(`[deliver-outbox] ${followers} followers of searches told their news`);
    if (foundMatches > 0) console.log(`[deliver-outbox] ${foundMatches} households told of animals found nearby`);
    if (pushes > 0) console.log(`[deliver-outbox] ${pushes} pushes delivered on a later attempt`);
    const outcome = { sent, failed, expired, dropped, suspensions, reunions, followers, foundMatches, pushes };
    await recordScheduleRun(db, 'deliver-outbox', outcome);
    return json(outcome);
  })(request);
}
