// The developer's mailbox stands for the mail provider (Resend) the functions send through: it takes the
// service role's keys as the functions send them, keeps Resend's rule for the Idempotency-Key (a repeat of a
// known key within its 24 hours gets the first answer and sends nothing more), and can be told to fail as a
// provider that is down would, for tests.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const send = (headers: Record<string, string>, to = newEmail('dev')) =>
  fetch(`${stack.url}/mailbox/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ to, subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' }),
  });
const outage = (failing: unknown, headers: Record<string, string> = { apikey: stack.secretKey }) =>
  fetch(`${stack.url}/mailbox/api/outage`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ failing }),
  });

describe('the mailbox', () => {
  it('takes mail with the secret key in apikey, or the legacy service_role key, and no other key', async () => {
    expect((await send({ apikey: stack.secretKey })).status).toBe(201);
    expect((await send({ apikey: stack.serviceRoleKey })).status).toBe(201);
    expect((await send({ authorization: `Bearer ${stack.serviceRoleKey}` })).status).toBe(201);
    expect((await send({ apikey: stack.publishableKey })).status).toBe(401);
    expect((await send({ apikey: stack.anonKey })).status).toBe(401);
  });

  it('stores a mail sent again with the same Idempotency-Key once, and answers the first one’s id', async () => {
    const to = newEmail('twice');
    const key = randomUUID();
    const first = await send({ apikey: stack.secretKey, 'idempotency-key': key }, to);
    const again = await send({ apikey: stack.secretKey, 'idempotency-key': key }, to);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
    expect(await stack.mails(to)).toHaveLength(1);
    await send({ apikey: stack.secretKey, 'idempotency-key': randomUUID() }, to);
    expect(await stack.mails(to)).toHaveLength(2);
  });

  it('stores a mail sent twice at once with the same Idempotency-Key once, both answered with its id', async () => {
    const to = newEmail('at-once');
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => send({ apikey: stack.secretKey, 'idempotency-key': key }, to)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    expect(await stack.mails(to)).toHaveLength(1);
  });

  it('refuses an Idempotency-Key over 256 characters, as Resend does', async () => {
    expect((await send({ apikey: stack.secretKey, 'idempotency-key': 'k'.repeat(257) })).status).toBe(400);
  });

  it('fails every mail with 503 while told to, and stores none; only the server’s key may say so', async () => {
    expect((await outage(true, {})).status).toBe(401);
    expect((await outage(true, { apikey: stack.anonKey })).status).toBe(401);
    expect((await outage('oui')).status).toBe(400);
    const to = newEmail('down');
    expect((await outage(true)).status).toBe(200);
    expect((await send({ apikey: stack.secretKey }, to)).status).toBe(503);
    expect(await stack.mails(to)).toEqual([]);
    expect((await outage(false)).status).toBe(200);
    expect((await send({ apikey: stack.secretKey }, to)).status).toBe(201);
    expect(await stack.mails(to)).toHaveLength(1);
  });
});
