// The deploy-time schedules (supabase/schedules/*.sql) are run by hand in the SQL editor of a hosted
// project, where pg_cron, pg_net and Vault exist; pg_cron does not run here. What can go stale is checked:
// each job calls a function this repository deploys, one the gateway lets through without a JWT (the job
// sends a secret key, no JWT), with the key in apikey; and deliver-outbox's job runs its own command on the
// project's database, with stand-ins for pg_net's net.http_post and Vault's decrypted_secrets.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
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

it('every schedule has its row in private.schedule_runs on a database made by the migrations (`pnpm medals status` reads them)', async () => {
  const database = await openTestDatabase();
  try {
    const { rows } = await database.db.query<{ name: string }>('select name from private.schedule_runs order by name');
    expect(rows.map((row) => row.name)).toEqual(schedules.map((file) => file.replace(/\.sql$/, '')).sort());
  } finally {
    await database.close();
  }
});

it('the sweep of orphan photo files runs every 6 hours', async () => {
  const sql = await readFile(new URL('sweep-photos.sql', SCHEDULES), 'utf8');
  expect(sql).toContain("cron.schedule(\n  'sweep-photos',\n  '17 */6 * * *'");
});

describe('the retrier of deliveries (deliver-outbox.sql)', () => {
  let database: TestDatabase;
  /** The job's command: what pg_cron runs every minute. */
  let command: string;

  beforeAll(async () => {
    const sql = await readFile(new URL('deliver-outbox.sql', SCHEDULES), 'utf8');
    expect(sql).toContain("cron.schedule(\n  'deliver-outbox',\n  '* * * * *'");
    command = /\$\$([\s\S]*?)\$\$/.exec(sql)?.[1] ?? '';
    database = await openTestDatabase();
    // pg_net's and Vault's shapes, as the command uses them: each call is counted instead of sent.
    await database.db.exec(`
      create schema if not exists net;
      create table net.calls (id bigserial primary key, url text, headers jsonb, body jsonb);
      create function net.http_post(url text, headers jsonb, body jsonb, timeout_milliseconds integer)
        returns bigint language sql as $$
          insert into net.calls (url, headers, body) values (url, headers, body) returning id
        $$;
      create schema if not exists vault;
      create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
      insert into vault.decrypted_secrets values
        ('project_url', 'https://project.supabase.test'), ('deliver_outbox_key', 'sb_secret_schedule');`);
  });
  afterAll(() => database?.close());

  /** Runs the job's command once, as pg_cron does, and answers the calls it made (then forgets them). */
  async function runJob() {
    await database.db.query(command);
    const { rows } = await database.db.query<{ url: string; apikey: string }>(
      "select url, headers->>'apikey' as apikey from net.calls",
    );
    await database.db.query('delete from net.calls');
    return rows;
  }

  /** Empties what deliver-outbox delivers, so that each case starts with nothing due. */
  const nothingDue = () =>
    database.db.exec(`
      delete from public.mail_outbox; delete from public.push_outbox;
      update public.conversation_replies set mail_due = false where mail_due;
      update public.codes set owner_told_of_suspension_at = now() where suspended_by = 'operator';`);

  it('runs every minute; nothing due: no call', async () => {
    await nothingDue();
    expect(await runJob()).toEqual([]);
  });

  it('an e-mail due: one call to deliver-outbox, with the key in apikey', async () => {
    await nothingDue();
    await database.db.query(
      `insert into public.mail_outbox (id, recipient, subject, text_body, html_body, next_attempt_at)
       values ($1, 'owner@medaille.test', 'Sujet', 'x', '<p>x</p>', now() - interval '1 minute')`,
      [randomUUID()],
    );
    expect(await runJob()).toEqual([
      { url: 'https://project.supabase.test/functions/v1/deliver-outbox', apikey: 'sb_secret_schedule' },
    ]);
  });

  it('a push due and no e-mail: one call, so that a failed push is retried', async () => {
    await nothingDue();
    const owner = await database.createOwner('push');
    const subscription = randomUUID();
    await database.db.query(
      `insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth)
       values ($1, $2, 'https://fcm.googleapis.com/fcm/send/schedule', $3, $4)`,
      [subscription, owner.id, 'B'.repeat(87), 'a'.repeat(22)],
    );
    await database.db.query(
      `insert into public.push_outbox (subscription_id, payload, next_attempt_at)
       values ($1, '{}', now() - interval '1 minute')`,
      [subscription],
    );
    expect(await runJob()).toHaveLength(1);
    // Not yet due: no call.
    await database.db.query("update public.push_outbox set next_attempt_at = now() + interval '2 minutes'");
    expect(await runJob()).toEqual([]);
  });
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
