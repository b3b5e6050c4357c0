// health-reminders {as_of?}: e-mails (and pushes to their devices) the health booklet's reminders of the day
// (docs/decisions/0016-household.md): a vaccination, a treatment or a visit due in 7 days, or today, to each member of
// the animal's household who kept their reminders on, once. Run every morning by pg_cron on hosted Supabase
// (supabase/schedules/health-reminders.sql), by a timer in the local stack. The gateway lets any caller through
// (config.toml); the reminders are claimed with the caller's own key, which only the service role may do: anyone else
// gets 401 or 403 and nothing goes. `as_of` (YYYY-MM-DD, today in Paris when left out) is the day the run stands for:
// tests move the clock with it.
//
// Claiming records each reminder as sent; its e-mail is then written to the outbox, which retries it. What is
// not covered: a function that dies between the two loses those reminders (none goes twice).
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json } from '../_shared/http.ts';
import { sendOrQueue } from '../_shared/outbox.ts';
import { pushHousehold } from '../_shared/push.ts';
import { recordScheduleRun } from '../_shared/schedule.ts';
import { type HealthReminder, reminderMail, reminderPush } from './reminder-mail.ts';

/** Reminders claimed per request, and requests per run: what is left waits for the next run. */
const BATCH = 100;
const MAX_ROUNDS = 10;
/** Attempts start within this time (the provider takes one at a time); the outbox sends the rest. */
const SENDING_MS = 60_000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of the run from the body ({} or {as_of}), null for today, or undefined when the body is wrong. */
async function asOfOf(request: Request): Promise<string | null | undefined> {
  const text = await request.text();
  if (text.trim() === '') return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const asOf = (body as Record<string, unknown>).as_of;
  if (asOf === undefined || asOf === null) return null;
  const parts = typeof asOf === 'string' ? DAY.exec(asOf) : null;
  if (!parts) return undefined;
  const date = new Date(`${asOf}T00:00:00Z`);
  // 2027-02-30 parses to another day: refused.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === asOf ? asOf : undefined;
}

export default function healthReminders(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('health-reminders', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const asOf = await asOfOf(request);
    if (asOf === undefined) return failure('invalid_request');
    const db = callerDatabase(env, credentials);
    const sendingUntil = Date.now() + SENDING_MS;
    let sent = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const { data, error, status } = await db.rpc('claim_health_reminders', { p_as_of: asOf, p_limit: BATCH });
      if (error) {
        if (status === 401) return failure('unauthenticated');
        if (status === 403) return failure('forbidden');
        throw backendError('claim_health_reminders', status, error);
      }
      const reminders = data as HealthReminder[];
      await sendOrQueue(
        env,
        reminders.map((reminder) => reminderMail(env, reminder)),
        { oneAtATimeWithinMs: Math.max(sendingUntil - Date.now(), 0) },
      );
      // All at once: each waits 5 s at most for its push service, whatever the batch's size.
      await Promise.all(
        reminders.map((reminder) =>
          pushHousehold(env, db, reminder.animal_id, reminderPush(reminder), reminder.user_id),
        ),
      );
      sent += reminders.length;
      // An empty claim is the end (a run at the same moment may have taken a batch; it sends those).
      if (reminders.length === 0) break;
    }
    if (sent > 0) console.log(`[health-reminders] ${sent} reminders sent or queued`);
    await recordScheduleRun(db, 'health-reminders', { sent });
    return json({ sent });
  })(request);
}
