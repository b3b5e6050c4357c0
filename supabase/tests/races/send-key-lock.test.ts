// A finder's message stuck behind a locked table (a long migration, a stuck transaction) past the host's
// budget: the finder is told it failed and sends again with the same form key. The resend waits for the
// first send, then is answered as it was: one message, one e-mail, the same conversation. On PostgreSQL only:
// PGlite has one connection, so no other one can hold the lock (the key without a lock:
// tests/functions/send-key.test.ts).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@medaille/local-stack/database';
import {
  fetchFrom,
  newClientAddress,
  newTestDatabase,
  startTestStack,
  type TestDatabaseCopy,
  type TestStack,
} from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dataDir: string;
let database: TestDatabaseCopy;
let stack: TestStack;
let db: Database;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-send-key-'));
  database = await newTestDatabase(dataDir);
  stack = await startTestStack({ database });
  db = await database.open({ poolSize: 4 });
  owner = await stack.signedInOwner('send-key-lock');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(async () => {
  await db?.close();
  await stack?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Holds `lock table finder_messages in exclusive mode` on a connection of its own; answers its release. */
async function lockMessages(): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const locked = new Promise<void>((resolve) => {
    held = resolve;
  });
  const transaction = db.transaction(async (tx) => {
    await tx.query('lock table public.finder_messages in exclusive mode');
    held();
    await released;
  });
  await locked;
  return async () => {
    release();
    await transaction;
  };
}

/** Returns once `count` statements of this database wait for a lock (the table's, or a send key's). */
async function waitingForLocks(count: number) {
  for (;;) {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function storedMessages(text: string) {
  const { rows } = await db.query('select id from public.finder_messages where message = $1', [text]);
  return rows;
}

/** A function called as the scan page calls it, from an address of its own; `signal` ends it as a host would. */
function send(name: string, payload: unknown, signal?: AbortSignal) {
  return fetchFrom(newClientAddress())(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: stack.frontEndKey,
      authorization: `Bearer ${stack.frontEndKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(payload),
    ...(signal ? { signal } : {}),
  });
}

/** The owner's e-mails that quote this text, once the first send has mailed them. */
async function mailsQuoting(text: string) {
  for (;;) {
    const mails = (await stack.mails(owner.email)).filter((mail) => mail.text.includes(text));
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a resend while the first send waits on a locked table', () => {
  it('waits for the first in SQL, stores one message and answers its conversation', async () => {
    const text = `Verrou ${randomUUID()}`;
    const key = randomUUID();
    const record = () =>
      db.query<{ answer: { conversation_token: string } }>(
        'select public.record_finder_message($1, $2, null, p_send_key => $3) as answer',
        [rex.code, text, key],
      );
    const release = await lockMessages();
    const first = record();
    await waitingForLocks(1);
    const again = record();
    await waitingForLocks(2);
    expect(await storedMessages(text)).toHaveLength(0);
    await release();
    const [firstAnswer, againAnswer] = (await Promise.all([first, again])).map(({ rows }) => rows[0]?.answer);
    expect(againAnswer).toMatchObject({ repeated: true, conversation_token: firstAnswer?.conversation_token });
    expect(await storedMessages(text)).toHaveLength(1);
  });

  it('post_finder_message: the first send given up, the resend is answered with its conversation, mailed once', async () => {
    const text = `Verrou HTTP ${randomUUID()}`;
    const message = { code: rex.code, message: text, send_key: randomUUID() };
    const release = await lockMessages();
    const host = new AbortController();
    const first = send('post_finder_message', message, host.signal);
    await waitingForLocks(1);
    // The host's budget ends: the finder is told to send again.
    host.abort();
    await expect(first).rejects.toThrow();
    const again = send('post_finder_message', message);
    await waitingForLocks(2);
    await release();
    const answer = await again;
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toEqual({ ok: true, conversation_url: expect.stringMatching(/\/conversation\/[0-9a-f]{64}$/) });
    expect(await storedMessages(text)).toHaveLength(1);
    expect(await mailsQuoting(text)).toHaveLength(1);
    // Once more, the lock gone: the same answer.
    const third = await send('post_finder_message', message);
    expect(await third.json()).toEqual(body);
    expect(await storedMessages(text)).toHaveLength(1);
  });

  it('conversation: the first send given up, the resend is answered as sent, stored once', async () => {
    const opened = (await (await send('post_finder_message', { code: rex.code, message: 'Bonjour' })).json()) as {
      conversation_url: string;
    };
    const token = /\/conversation\/([0-9a-f]{64})$/.exec(opened.conversation_url)?.[1];
    const text = `Verrou conversation ${randomUUID()}`;
    const message = { token, message: text, send_key: randomUUID() };
    const release = await lockMessages();
    const host = new AbortController();
    const first = send('conversation', message, host.signal);
    await waitingForLocks(1);
    host.abort();
    await expect(first).rejects.toThrow();
    const again = send('conversation', message);
    await waitingForLocks(2);
    await release();
    const answer = await again;
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 200, body: { sent: true } });
    expect(await storedMessages(text)).toHaveLength(1);
    expect(await mailsQuoting(text)).toHaveLength(1);
  });
});
