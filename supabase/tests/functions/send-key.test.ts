// Every way a finder sends a message (the scan page's dialog and its form without JavaScript through
// post_finder_message, a status such as 'Je l'ai vu…', the conversation page through `conversation`) carries a
// key made when the form was drawn: the same key sent again stores once, mails once and is answered as the
// first time. The same with the first send stuck on a locked table: tests/races/send-key-lock.test.ts.
import { randomUUID } from 'node:crypto';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('send-key');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());

async function stored(text: string) {
  const { data } = await owner.client.from('finder_messages').select('id').eq('message', text);
  return data ?? [];
}

describe('a message sent twice with its form key', () => {
  it('is stored and mailed once, and both answers give the same conversation', async () => {
    const text = `Trouvé près de la gare ${randomUUID()}`;
    const send = { code: rex.code, message: text, send_key: randomUUID() };
    const first = await invoke(stack, 'post_finder_message', send);
    // Sent again from another address (a phone that changed networks): the key alone says it is the same.
    const again = await invoke(stack, 'post_finder_message', send, newClientAddress());
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await stored(text)).toHaveLength(1);
    const mails = await stack.mails(owner.email, 'Message au sujet de Rex');
    expect(mails.filter((mail) => mail.text.includes(text))).toHaveLength(1);
  });

  it('counts once against the finder’s limit of messages', async () => {
    const address = newClientAddress();
    const send = { code: rex.code, message: `Limite ${randomUUID()}`, send_key: randomUUID() };
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await invoke(stack, 'post_finder_message', send, address));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const other = await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Autre' }, address);
    expect(other.status).toBe(200);
  });

  it('stores a sighting once', async () => {
    const key = randomUUID();
    const sighting = { code: rex.code, status: 'seen_here', send_key: key };
    const first = await invoke(stack, 'post_finder_message', sighting);
    const again = await invoke(stack, 'post_finder_message', sighting);
    expect(again).toMatchObject({ status: 200, body: first.body });
    const token = /\/conversation\/([0-9a-f]{64})$/.exec(first.body.conversation_url)?.[1];
    const read = await invoke(stack, 'conversation', { token });
    expect(read.body.messages).toHaveLength(1);
  });

  it('stores a message of the conversation page once', async () => {
    const opened = await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Bonjour' });
    const token = /\/conversation\/([0-9a-f]{64})$/.exec(opened.body.conversation_url)?.[1];
    const text = `De nouveau ${randomUUID()}`;
    const send = { token, message: text, send_key: randomUUID() };
    const first = await invoke(stack, 'conversation', send);
    const again = await invoke(stack, 'conversation', send);
    expect(first).toMatchObject({ status: 200, body: { sent: true } });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await stored(text)).toHaveLength(1);
  });

  it('refuses a key that is not a UUID, and a key already used for another medal or conversation', async () => {
    const malformed = await invoke(stack, 'post_finder_message', { code: rex.code, message: 'x', send_key: 'abc' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const key = randomUUID();
    await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Premier', send_key: key });
    const felix = await stack.activatedAnimal(owner.client, { nom: 'Félix' });
    const elsewhere = await invoke(stack, 'post_finder_message', { code: felix.code, message: 'x', send_key: key });
    expect(elsewhere).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const opened = await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Bonjour' });
    const token = /\/conversation\/([0-9a-f]{64})$/.exec(opened.body.conversation_url)?.[1];
    const reused = await invoke(stack, 'conversation', { token, message: 'x', send_key: key });
    expect(reused).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });
});
