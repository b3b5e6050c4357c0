// The deploy-time schedules (supabase/schedules/*.sql) are run by hand in the SQL editor of a hosted
// project, where pg_cron, pg_net and Vault exist; none of them runs here. What can go stale is checked:
// each job calls a function this repository deploys, one the gateway lets through without a JWT (the job
// sends a secret key, no JWT), with the key in apikey.
import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from './deno.ts';

const SCHEDULES = new URL('../../schedules/', import.meta.url);
const CONFIG = new URL('../../config.toml', import.meta.url);

const schedules = (await readdir(SCHEDULES)).filter((name) => name.endsWith('.sql'));

describe.each(schedules)('the schedule %s', (file) => {
  it('calls a deployed function that config.toml serves without the JWT check, with the key in apikey', async () => {
    const sql = await readFile(new URL(file, SCHEDULES), 'utf8');
    const called = [...sql.matchAll(/'\/functions\/v1\/([\w-]+)'/g)].map((match) => match[1]);
    expect(called).toEqual([file.replace(/\.sql$/, '')]);
    const config = parse(await readFile(CONFIG, 'utf8')) as { functions?: Record<string, { verify_jwt?: boolean }> };
    for (const name of called) {
      expect(FUNCTION_NAMES).toContain(name);
      expect(config.functions?.[name as string]?.verify_jwt).toBe(false);
    }
    expect(sql).toMatch(/'apikey', \(select decrypted_secret from vault\.decrypted_secrets where name = '[\w]+'\)/);
    expect(sql).not.toMatch(/'Authorization'/i);
  });
});

it('the sweep of orphan photo files runs every 6 hours', async () => {
  const sql = await readFile(new URL('sweep-photos.sql', SCHEDULES), 'utf8');
  expect(sql).toContain("cron.schedule(\n  'sweep-photos',\n  '17 */6 * * *'");
});

it('the retrier of owner e-mails runs every minute, and calls the function only when an e-mail is due', async () => {
  const sql = await readFile(new URL('deliver-mail.sql', SCHEDULES), 'utf8');
  expect(sql).toContain("cron.schedule(\n  'deliver-mail',\n  '* * * * *'");
  expect(sql).toContain('where exists (select 1 from public.mail_outbox where next_attempt_at <= now()');
});

it('the health booklet’s reminders run at 07:00 in Paris, summer and winter, from a schedule in UTC', async () => {
  const sql = await readFile(new URL('health-reminders.sql', SCHEDULES), 'utf8');
  expect(sql).toContain("cron.schedule(\n  'health-reminders',\n  '0 5,6 * * *'");
  expect(sql).toContain("where extract(hour from now() at time zone 'Europe/Paris') = 7;");
  // The two UTC hours of the job: in each season exactly one of them is 07:00 in Paris.
  const parisHour = (utc: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Paris' })
        .formatToParts(new Date(utc))
        .find((part) => part.type === 'hour')?.value,
    );
  for (const day of ['2027-01-15', '2027-03-28', '2027-07-15', '2027-10-31']) {
    const hours = [5, 6].map((hour) => parisHour(`${day}T0${hour}:00:00Z`));
    expect(
      hours.filter((hour) => hour === 7),
      day,
    ).toHaveLength(1);
  }
});
