// `pnpm medals status`: how the service is doing, for an operator who wants to know before the users do
// (operator_status in supabase/schemas/operator_functions.sql decides what is late). Exit status 2 when
// something waits too long, so that a cron job or a monitor can alert on it.
import { parseArgs } from 'node:util';
import { callRpc, MedalsError, openBackend } from './backend.ts';
import type { Io } from './commands.ts';

/** What operator_status answers. */
interface OperatorStatus {
  now: string;
  mail: {
    waiting: number;
    due: number;
    oldest_due_since: string | null;
    oldest_written_at: string | null;
    most_attempts: number;
  };
  push: { failing: number; oldest_failed_at: string | null };
  schedules: {
    name: string;
    /** Seconds between runs; null: run only while something is due (deliver-outbox). */
    every: number | null;
    last_run_at: string | null;
    last_outcome: string | null;
    late: boolean;
  }[];
  last_hour: { pages_opened: number; messages: number };
  /** Sightings households reported as abusive in the last 7 days. */
  reported_sightings_7_days: number;
  /** What waits too long: mail_due, mail_unsent, push_failing, schedule:NAME. */
  late: string[];
}

/** The exit status when something waits too long (1 is a refusal of the command itself). */
export const LATE_EXIT_STATUS = 2;

const LATE_WORDS: Record<string, string> = {
  mail_due:
    'e-mails due for over 10 minutes: deliver-outbox is not called or fails (supabase/schedules/deliver-outbox.sql, its logs)',
  mail_unsent: 'an e-mail unsent for over an hour: the mail provider refuses it (last error in public.mail_outbox)',
  push_failing: 'pushes failing for over 30 minutes: the push services refuse them',
};

export async function status(args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new MedalsError('status takes no code.');
  const backend = await openBackend(env);
  const figures = await callRpc<OperatorStatus>(backend, 'operator_status', {});
  io.out(values.json ? JSON.stringify(figures, null, 2) : describeStatus(figures, backend.url));
  return figures.late.length > 0 ? LATE_EXIT_STATUS : 0;
}

function describeStatus(figures: OperatorStatus, url: string): string {
  const now = Date.parse(figures.now);
  const ago = (time: string) => `${duration(now - Date.parse(time))} ago`;
  const { mail, push } = figures;
  const lines = [`${url} at ${figures.now.slice(0, 16).replace('T', ' ')} UTC`];
  const mailDetails = [
    mail.due > 0 && mail.oldest_due_since
      ? `${mail.due} due, the oldest for ${duration(now - Date.parse(mail.oldest_due_since))}`
      : '',
    mail.oldest_written_at ? `oldest written ${ago(mail.oldest_written_at)}` : '',
    mail.most_attempts > 1 ? `up to ${mail.most_attempts} attempts` : '',
  ].filter(Boolean);
  lines.push(`  e-mails waiting: ${mail.waiting}${mailDetails.length ? ` (${mailDetails.join(', ')})` : ''}`);
  lines.push(
    `  pushes failing:  ${push.failing}${push.oldest_failed_at ? ` (the oldest since ${ago(push.oldest_failed_at)})` : ''}`,
  );
  lines.push('  schedules:');
  for (const schedule of figures.schedules) {
    const when = schedule.last_run_at ? `last ran ${ago(schedule.last_run_at)}` : 'never ran';
    const every = schedule.every === null ? 'while anything is due' : `every ${duration(schedule.every * 1000)}`;
    const outcome = schedule.last_outcome ? ` ${schedule.last_outcome}` : '';
    lines.push(`    ${schedule.name.padEnd(17)}${when} (${every})${outcome}${schedule.late ? '  LATE' : ''}`);
  }
  lines.push(
    `  last hour:       ${figures.last_hour.pages_opened} medal pages opened (each finder and medal once), ${figures.last_hour.messages} messages`,
  );
  lines.push(`  last 7 days:     ${figures.reported_sightings_7_days} sightings reported as abusive by a household`);
  for (const late of figures.late) {
    const schedule = late.startsWith('schedule:') ? late.slice('schedule:'.length) : null;
    const words = schedule
      ? `${schedule} has not run for over an hour past its interval (supabase/schedules/${schedule}.sql, its logs)`
      : (LATE_WORDS[late] ?? late);
    lines.push(`LATE: ${words}`);
  }
  if (figures.late.length === 0) lines.push('Nothing waits too long.');
  return lines.join('\n');
}

/** A span as a person reads it: 40 s, 12 min, 5 h, 2 days. */
function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} days`;
}
