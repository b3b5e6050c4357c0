// Nobody's answer waits for the mail provider (docs/decisions/0014-todays-supabase-platform.md: store first, then
// deliver): a finder opening a lost animal's page or writing to its owner is answered once the e-mail is in the outbox,
// while the provider still holds the request; the attempt runs on after the answer and empties the outbox once the
// provider answers. The provider here is a real HTTP server that holds every request until told to answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoke } from '../support/finder.ts';

/** A mail provider that takes each e-mail and answers nothing between `hold()` and `answer()`. */
async function heldProvider() {
  const held: ServerResponse[] = [];
  const subjects: string[] = [];
  let answering = false;
  const reply = (response: ServerResponse) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: crypto.randomUUID() }));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      subjects.push((JSON.parse(body) as { subject: string }).subject);
      if (answering) reply(response);
      else held.push(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    subjects,
    hold() {
      answering = false;
    },
    /** Answers every held e-mail, and each one that comes after. */
    answer() {
      answering = true;
      for (const response of held.splice(0)) reply(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let provider: Awaited<ReturnType<typeof heldProvider>>;
let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  provider = await heldProvider();
  stack = await startTestStack({ functionEnv: { LOCAL_MAILBOX_URL: provider.url } });
  // The sign-up's e-mail goes through Auth, not through the functions' provider.
  owner = await stack.signedInOwner('held');
});
afterAll(async () => {
  provider?.answer();
  await stack?.close();
  await provider?.close();
});

/** The e-mails waiting in the outbox with this subject: how many attempts ended, and the last error. */
const outbox = async (subject: string) =>
  (
    await stack.db.query<{ attempts: number; last_error: string | null }>(
      'select attempts, last_error from public.mail_outbox where recipient = $1 and subject = $2',
      [owner.email, subject],
    )
  ).rows;

describe('with the mail provider holding every e-mail', () => {
  beforeEach(() => provider.hold());

  it('a finder opening a lost animal’s page is answered with the e-mail stored, not yet attempted to the end', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Brume' });
    const { error } = await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
    if (error) throw error;
    const subject = "Le profil de Brume vient d'être consulté";

    const opened = await invoke(stack, 'get_public_profile', { code: animal.code });
    expect({ status: opened.status, name: opened.body.name }).toEqual({ status: 200, name: 'Brume' });
    // Stored, its first attempt still under way (no error yet): before, the answer waited for it to time out.
    expect(await outbox(subject)).toEqual([{ attempts: 1, last_error: null }]);

    provider.answer();
    await stack.settled();
    expect(provider.subjects.filter((sent) => sent === subject)).toHaveLength(1);
    expect(await outbox(subject)).toEqual([]);
  });

  it('a finder’s message is answered once stored, and its e-mail leaves after the answer', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Givre' });
    const subject = 'Message au sujet de Givre';
    const sent = await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Il est chez moi' });
    expect({ status: sent.status, ok: sent.body.ok }).toEqual({ status: 200, ok: true });
    const { data } = await owner.client.from('finder_messages').select('message').eq('animal_id', animal.animalId);
    expect(data).toEqual([{ message: 'Il est chez moi' }]);
    expect(await outbox(subject)).toEqual([{ attempts: 1, last_error: null }]);

    provider.answer();
    await stack.settled();
    expect(provider.subjects.filter((mail) => mail === subject)).toHaveLength(1);
    expect(await outbox(subject)).toEqual([]);
  });
});
