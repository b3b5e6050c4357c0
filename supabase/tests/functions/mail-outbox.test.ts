// The owner's e-mail never fails what a finder did: with the mail provider down, the finder is told the
// message (or position) went through, it is stored once, and its e-mail waits in the outbox; deliver-outbox,
// run on a schedule, sends it once the provider is back, exactly once, even when two runs meet or an earlier
// attempt's answer was lost, and gives up after 24 hours. The local mailbox stands for the provider: it can
// be told to fail, and honours Resend's Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../support/finder.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterEach(() => mailboxFails(false));
afterAll(() => stack?.close());

async function mailboxFails(failing: boolean, on: TestStack = stack) {
  const response = await fetch(`${on.url}/mailbox/api/outage`, {
    method: 'PUT',
    headers: { apikey: on.secretKey, 'content-type': 'application/json' },
    body: JSON.stringify({ failing }),
  });
  expect(response.status).toBe(200);
}

/** The e-mails about the owner's animal (not the sign-up's). */
const mailsTo = async (email: string, on: TestStack = stack) =>
  (await on.mails(email)).filter((mail) => mail.subject.endsWith('Rex'));

async function outboxOf(email: string) {
  const { rows } = await stack.db.query<{ id: string; attempts: number; last_error: string | null; due: boolean }>(
    `select id, attempts, last_error, next_attempt_at <= now() as due from public.mail_outbox where recipient = $1`,
    [email],
  );
  return rows;
}

/** The time the outbox waits before the next attempt, gone by. */
const makeDue = (email: string, on: TestStack = stack) =>
  on.db.query('update public.mail_outbox set next_attempt_at = now() where recipient = $1', [email]);

const runRetrier = (key?: string) => runDeliverOutbox(stack, key);

async function ownerWithAnimal(label: string, on: TestStack = stack) {
  const owner = await on.signedInOwner(label);
  const animal = await on.activatedAnimal(owner.client, { nom: 'Rex' });
  return { owner, animal };
}

describe('a finder writes while the mail provider is down', () => {
  it('is told it went through; the message is stored once, and its e-mail waits in the outbox', async () => {
    const { owner, animal } = await ownerWithAnimal('outage');
    await mailboxFails(true);
    const sent = await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Il est au parc' });
    expect({ status: sent.status, body: sent.body }).toMatchObject({ status: 200, body: { ok: true } });
    const { data } = await owner.client.from('finder_messages').select('message').eq('animal_id', animal.animalId);
    expect(data).toEqual([{ message: 'Il est au parc' }]);
    expect(await mailsTo(owner.email)).toEqual([]);
    const [queued, ...more] = await outboxOf(owner.email);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ attempts: 1, due: false });
    expect(queued?.last_error).toContain('503');
  });

  it('gets its e-mail to the owner once the provider is back, exactly once', async () => {
    const { owner, animal } = await ownerWithAnimal('recovery');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Trouvé rue des Lilas' });
    // Not due yet: the retrier leaves it for later.
    await mailboxFails(false);
    expect((await runRetrier()).status).toBe(200);
    expect(await mailsTo(owner.email)).toEqual([]);

    await makeDue(owner.email);
    expect(await runRetrier()).toMatchObject({ status: 200 });
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Message au sujet de Rex']);
    expect(mails[0]?.text).toContain('Trouvé rue des Lilas');
    expect(await outboxOf(owner.email)).toEqual([]);
    await runRetrier();
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('a failed retry waits longer before the next one', async () => {
    const { owner, animal } = await ownerWithAnimal('backoff');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Encore là' });
    // Its first attempt runs after the answer: ended, before the retrier comes.
    await stack.settled();
    await makeDue(owner.email);
    await runRetrier();
    const { rows } = await stack.db.query<{ attempts: number; wait: number }>(
      `select attempts, extract(epoch from next_attempt_at - now())::int as wait from public.mail_outbox
       where recipient = $1`,
      [owner.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attempts).toBe(2);
    expect(rows[0]?.wait).toBeGreaterThan(60);
    expect(rows[0]?.wait).toBeLessThanOrEqual(120);
  });

  it('a shared position is recorded and answered alike, its e-mail sent later', async () => {
    const { owner, animal } = await ownerWithAnimal('position');
    await mailboxFails(true);
    const shared = await invoke(stack, 'record-scan', { codeId: animal.code, lat: 48.85, lon: 2.35, consent: true });
    expect({ status: shared.status, body: shared.body }).toMatchObject({ status: 200, body: { ok: true } });
    const { data } = await owner.client.from('scan_events').select('lat').eq('animal_id', animal.animalId);
    expect(data).toEqual([{ lat: 48.85 }]);
    await mailboxFails(false);
    await makeDue(owner.email);
    await runRetrier();
    expect((await mailsTo(owner.email)).map((mail) => mail.subject)).toEqual(['Position partagée pour Rex']);
  });

  it('the digest that follows the first 10 finders of an hour waits in the outbox too, and goes once', async () => {
    const { owner, animal } = await ownerWithAnimal('digest');
    await mailboxFails(true);
    for (let i = 0; i < 11; i += 1) {
      const sent = await invoke(stack, 'post_finder_message', { code: animal.code, message: `Vu rue ${i}` });
      expect(sent.status).toBe(200);
    }
    await mailboxFails(false);
    expect(await outboxOf(owner.email)).toHaveLength(11);
    await makeDue(owner.email);
    await runRetrier();
    const subjects = (await mailsTo(owner.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'Message au sujet de Rex')).toHaveLength(10);
    expect(subjects.filter((subject) => subject === "D'autres messages au sujet de Rex")).toHaveLength(1);
    expect(subjects).toHaveLength(11);
  });

  it('two retriers at once send the e-mail once', async () => {
    const { owner, animal } = await ownerWithAnimal('two-runs');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Deux fois ?' });
    await mailboxFails(false);
    await makeDue(owner.email);
    const runs = await Promise.all([runRetrier(), runRetrier(), runRetrier()]);
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('an attempt whose answer was lost is not sent twice: the retry repeats its Idempotency-Key', async () => {
    const { owner, animal } = await ownerWithAnimal('lost-answer');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Reçu ?' });
    await mailboxFails(false);
    const [queued] = await outboxOf(owner.email);
    // The provider took it, but the function died before it could remove it from the outbox.
    const delivered = await fetch(`${stack.url}/mailbox/api/messages`, {
      method: 'POST',
      headers: { apikey: stack.secretKey, 'content-type': 'application/json', 'Idempotency-Key': queued?.id ?? '' },
      body: JSON.stringify({ to: owner.email, subject: 'Message au sujet de Rex', text: 'Reçu ?', html: '<p></p>' }),
    });
    expect(delivered.status).toBe(201);
    await makeDue(owner.email);
    await runRetrier();
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await outboxOf(owner.email)).toEqual([]);
  });

  it('gives an e-mail up after 24 hours unsent, and sends nothing', async () => {
    const { owner, animal } = await ownerWithAnimal('expiry');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Trop tard' });
    await mailboxFails(false);
    await stack.db.query(
      `update public.mail_outbox set created_at = now() - interval '24 hours', expires_at = now(),
         next_attempt_at = now() where recipient = $1`,
      [owner.email],
    );
    const run = await runRetrier();
    expect(run.status).toBe(200);
    expect(run.body.expired).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await outboxOf(owner.email)).toEqual([]);
  });
});

describe('an owner who deleted their account meanwhile', () => {
  it('gets no e-mail: what waited for them is dropped unsent', async () => {
    const { owner, animal } = await ownerWithAnimal('leaving');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Trop tard pour lui' });
    await mailboxFails(false);
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const deleted = await fetch(`${stack.url}/functions/v1/delete-account`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email }),
    });
    expect(deleted.status).toBe(200);
    await makeDue(owner.email);
    const run = await runRetrier();
    expect(run.body.dropped).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await outboxOf(owner.email)).toEqual([]);
  });
});

describe('the local stack’s timer', () => {
  it('runs deliver-outbox every interval, as pg_cron does on hosted Supabase', async () => {
    const timed = await startTestStack({ mailRetry: { firstDelayMs: 200, intervalMs: 200 } });
    try {
      const { owner, animal } = await ownerWithAnimal('timer', timed);
      await mailboxFails(true, timed);
      await invoke(timed, 'post_finder_message', { code: animal.code, message: 'Le minuteur' });
      await mailboxFails(false, timed);
      await makeDue(owner.email, timed);
      const started = Date.now();
      while ((await mailsTo(owner.email, timed)).length === 0) {
        if (Date.now() - started > 10_000) throw new Error('the timer sent nothing within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await mailsTo(owner.email, timed)).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });
});

describe('the outbox belongs to the server functions', () => {
  it('is neither readable nor writable with the anon key or an owner’s session', async () => {
    const { owner } = await ownerWithAnimal('outbox-reader');
    for (const client of [stack.client(), owner.client]) {
      const read = await client.from('mail_outbox').select('*');
      expect(read.error?.code).toBe('42501');
      const write = await client.from('mail_outbox').insert({
        id: randomUUID(),
        recipient: owner.email,
        subject: 'x',
        text_body: 'x',
        html_body: 'x',
      });
      expect(write.error?.code).toBe('42501');
      const claim = await client.rpc('claim_due_mails', {});
      expect(claim.error?.code).toBe('42501');
    }
  });

  it('deliver-outbox refuses any caller without the service role’s key, and sends nothing', async () => {
    const { owner, animal } = await ownerWithAnimal('retrier-caller');
    await mailboxFails(true);
    await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Personne d’autre' });
    await mailboxFails(false);
    await makeDue(owner.email);
    const session = (await owner.client.auth.getSession()).data.session?.access_token;
    const asOwner = await fetch(`${stack.url}/functions/v1/deliver-outbox`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(asOwner.status).toBe(403);
    // PostgREST's answer to the anon role without the grant.
    expect((await runRetrier(stack.anonKey)).status).toBe(401);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await outboxOf(owner.email)).toHaveLength(1);
  });
});
