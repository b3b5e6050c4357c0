// health-reminders over HTTP (docs/decisions/0016-household.md): the health booklet's reminders, e-mailed 7 days before
// a due date and on the day to each member of the household who kept them on, once, however often the function runs;
// `as_of` moves the day instead of waiting for it. Only the service role's key runs it (pg_cron's, the stack's
// timer's). Which reminders are due is the database's (tests/database/booklet.test.ts).

import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { animalBookletPath } from '@medaille/routing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { animalBookletUrl } from '../../functions/_shared/links.ts';
import { frenchDate } from '../../functions/health-reminders/reminder-mail.ts';
import { runDeliverOutbox } from '../support/mail.ts';

type Account = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;
let owner: Account;
let coOwner: Account;
let keeper: Account;
let pastKeeper: Account;
let quiet: Account;
let leftMember: Account;

beforeAll(async () => {
  stack = await startTestStack();
  [owner, coOwner, keeper, pastKeeper, quiet, leftMember] = await Promise.all([
    stack.signedInOwner('carnet'),
    stack.signedInOwner('co'),
    stack.signedInOwner('gardien'),
    stack.signedInOwner('ancien-gardien'),
    stack.signedInOwner('sans-rappels'),
    stack.signedInOwner('parti'),
  ]);
});
afterEach(() => mailboxFails(false));
afterAll(() => stack?.close());

/** The function as pg_cron calls it, with the secret key in apikey unless told otherwise. */
async function run(body: unknown = {}, headers: Record<string, string> = { apikey: stack.secretKey }) {
  const response = await fetchFrom(newClientAddress())(`${stack.url}/functions/v1/health-reminders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function mailboxFails(failing: boolean) {
  const response = await fetch(`${stack.url}/mailbox/api/outage`, {
    method: 'PUT',
    headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
    body: JSON.stringify({ failing }),
  });
  expect(response.status).toBe(200);
}

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Filou, with its household: a co-owner, a keeper until `keeperUntil`, a keeper whose last day was long ago, a
 * co-owner who turned reminders off and one who left; and a record of the booklet due on `dueOn`.
 */
async function filou(dueOn: string, keeperUntil: string, label = 'Rage') {
  const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
  await stack.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until, reminders_email)
     values ($1, $2, 'co_owner', null, true), ($1, $3, 'keeper', $4, true), ($1, $5, 'keeper', '2020-01-01', true),
       ($1, $6, 'co_owner', null, true), ($1, $7, 'co_owner', null, true)`,
    [animalId, coOwner.userId, keeper.userId, keeperUntil, pastKeeper.userId, quiet.userId, leftMember.userId],
  );
  // Each member switches their own reminders, as the portal will let them.
  const switched = await quiet.client
    .from('animal_members')
    .update({ reminders_email: false })
    .eq('animal_id', animalId)
    .eq('user_id', quiet.userId)
    .select('reminders_email');
  expect(switched.data).toEqual([{ reminders_email: false }]);
  await leftMember.client.rpc('remove_animal_member', { p_animal_id: animalId, p_user_id: leftMember.userId });
  const { error } = await owner.client.from('health_records').insert({
    animal_id: animalId,
    kind: 'vaccination',
    label,
    given_on: plusDays(dueOn, -365),
    next_due_on: dueOn,
  });
  if (error) throw error;
  return animalId;
}

const everyone = () => [owner, coOwner, keeper, pastKeeper, quiet, leftMember];
/** How many e-mails of this subject each account has, in the order of `everyone`. */
const received = async (subject: string) =>
  Promise.all(everyone().map(async (account) => (await stack.mails(account.email, subject)).length));

describe('health-reminders', () => {
  it('e-mails each member who chose reminders, once, 7 days before the due date and on the day', async () => {
    const due = '2031-03-03';
    const animalId = await filou(due, '2031-03-01');
    const before = 'Rappel : Rage de Filou le 3 mars 2031';
    const onDay = "Rappel : Rage de Filou aujourd'hui";

    expect(await run({ as_of: '2031-02-23' })).toEqual({ status: 200, body: { sent: 0 } });
    expect(await run({ as_of: '2031-02-24' })).toEqual({ status: 200, body: { sent: 3 } });
    // Owner, co-owner, the keeper (until 1 March); not the past keeper, the one who turned them off, nor the one who left.
    expect(await received(before)).toEqual([1, 1, 1, 0, 0, 0]);
    const [mail] = await stack.mails(coOwner.email, before);
    expect(mail?.text).toContain('Le rappel du vaccin « Rage » de Filou est à faire le lundi 3 mars 2031.');
    expect(mail?.text).toContain('Pensez à prendre rendez-vous chez votre vétérinaire');
    expect(mail?.html).toContain('<html lang="fr">');
    const link = mail?.links.find((href) => href.includes('/carnet')) as string;
    expect(new URL(link).pathname).toBe(animalBookletPath(animalId));
    expect(link).toBe(animalBookletUrl({ PUBLIC_SITE_URL: new URL(link).origin } as never, animalId));

    // Run again, that day or the next: nothing more.
    expect(await run({ as_of: '2031-02-24' })).toEqual({ status: 200, body: { sent: 0 } });
    expect(await run({ as_of: '2031-02-25' })).toEqual({ status: 200, body: { sent: 0 } });
    expect(await received(before)).toEqual([1, 1, 1, 0, 0, 0]);

    // On the day the keeper's access has ended.
    expect(await run({ as_of: due })).toEqual({ status: 200, body: { sent: 2 } });
    expect(await run({ as_of: due })).toEqual({ status: 200, body: { sent: 0 } });
    expect(await received(onDay)).toEqual([1, 1, 0, 0, 0, 0]);
    const [today] = await stack.mails(owner.email, onDay);
    expect(today?.text).toContain(
      "Le rappel du vaccin « Rage » de Filou est à faire aujourd'hui, le lundi 3 mars 2031.",
    );
  });

  it('sends each reminder once though two runs meet', async () => {
    const due = '2032-06-01';
    await filou(due, '2032-12-31', 'Leishmaniose');
    const [first, second] = await Promise.all([run({ as_of: plusDays(due, -7) }), run({ as_of: plusDays(due, -7) })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((first.body.sent as number) + (second.body.sent as number)).toBe(3);
    expect(await received('Rappel : Leishmaniose de Filou le 1er juin 2032')).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('keeps the reminders in the outbox while the mail provider is down, and deliver-outbox sends them once', async () => {
    const due = '2033-09-15';
    await filou(due, '2033-12-31', 'Piroplasmose');
    const subject = "Rappel : Piroplasmose de Filou aujourd'hui";
    await mailboxFails(true);
    expect(await run({ as_of: due })).toEqual({ status: 200, body: { sent: 3 } });
    expect(await received(subject)).toEqual([0, 0, 0, 0, 0, 0]);
    await mailboxFails(false);
    await stack.db.query('update public.mail_outbox set next_attempt_at = now() where subject = $1', [subject]);
    expect(await runDeliverOutbox(stack)).toMatchObject({ status: 200, body: { sent: 3 } });
    await runDeliverOutbox(stack);
    expect(await run({ as_of: due })).toEqual({ status: 200, body: { sent: 0 } });
    expect(await received(subject)).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('refuses any caller without the service role’s key, and neither sends nor uses up a reminder', async () => {
    const due = '2034-01-10';
    await filou(due, '2034-12-31', 'Typhus');
    const token = (await owner.client.auth.getSession()).data.session?.access_token as string;
    const asOf = { as_of: due };
    expect(await run(asOf, { apikey: stack.frontEndKey })).toEqual({
      status: 401,
      body: { code: 'unauthenticated', error: 'Session expirée. Reconnectez-vous pour continuer.' },
    });
    expect(await run(asOf, {})).toMatchObject({ status: 401 });
    expect(await run(asOf, { apikey: stack.frontEndKey, authorization: `Bearer ${token}` })).toEqual({
      status: 403,
      body: { code: 'forbidden', error: "Vous n'avez pas le droit de faire cette opération." },
    });
    expect(await received("Rappel : Typhus de Filou aujourd'hui")).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await run(asOf)).toEqual({ status: 200, body: { sent: 3 } });
  });

  it('refuses a day that is no day', async () => {
    for (const body of [{ as_of: '2031-02-30' }, { as_of: 'demain' }, { as_of: 20310301 }, '[]', 'pas du JSON']) {
      expect(await run(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    }
    // No body, or none but {}: today in Paris.
    expect(await run('')).toMatchObject({ status: 200 });
  });

  it('writes dates as French does', () => {
    expect(frenchDate('2027-03-03')).toBe('3 mars 2027');
    expect(frenchDate('2027-03-01', { weekday: true })).toBe('lundi 1er mars 2027');
  });
});

describe('the local stack’s timer', () => {
  it('runs health-reminders for today in Paris, as pg_cron does every morning on hosted Supabase', async () => {
    const timed = await startTestStack({ healthReminders: { firstDelayMs: 200, intervalMs: 200 } });
    try {
      const member = await timed.signedInOwner('minuteur');
      const { animalId } = await timed.activatedAnimal(member.client, { nom: 'Minou' });
      const { rows } = await timed.db.query<{ due: string }>('select (private.today_in_paris() + 7)::text as due');
      const due = rows[0]?.due as string;
      const { error } = await member.client.from('health_records').insert({
        animal_id: animalId,
        kind: 'treatment',
        label: 'Vermifuge',
        given_on: plusDays(due, -100),
        next_due_on: due,
      });
      expect(error).toBeNull();
      const subject = `Rappel : Vermifuge de Minou le ${frenchDate(due)}`;
      await expect.poll(async () => (await timed.mails(member.email, subject)).length, { timeout: 10_000 }).toBe(1);
      const [mail] = await timed.mails(member.email, subject);
      expect(mail?.text).toContain('Le prochain traitement « Vermifuge » de Minou est à donner le');
      expect(mail?.text).not.toContain('vétérinaire');
    } finally {
      await timed.close();
    }
  });
});
