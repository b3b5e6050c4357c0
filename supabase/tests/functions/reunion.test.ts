// A lost animal marked found (over HTTP): the finder who wrote during the loss reads on their link, in their
// language, that it is home, and is e-mailed once by deliver-outbox's next run, with nothing anyone typed.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../support/finder.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('retrouve');
});
afterAll(() => stack?.close());

describe('a lost animal marked found', () => {
  it('tells the finder on their link and by one e-mail in their language that it is home', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Mina', sexe: 'F' });
    expect((await owner.client.from('animals').update({ is_lost: true }).eq('id', animalId)).error).toBeNull();
    const finder = `finderin-${crypto.randomUUID()}@example.org`;
    const sent = await invoke(stack, 'post_finder_message', {
      code,
      message: 'Ich habe sie im Park <b>gefunden</b>',
      email: finder,
      language: 'de',
    });
    const token = /\/conversation\/([0-9a-f]{64})$/.exec(sent.body.conversation_url)?.[1] as string;
    // On the page of the link e-mailed to them, the finder asks to be told by e-mail: their address may be told.
    const [linkMail] = await stack.mails(finder);
    const mailed = linkMail?.links.map((link) => /\/conversation\/([0-9a-f]{64})$/.exec(link)?.[1]).find(Boolean);
    expect((await invoke(stack, 'conversation', { token: mailed, mail: 'on' })).status).toBe(200);

    const found = await owner.client.from('animals').update({ is_lost: false }).eq('id', animalId).select('id');
    expect(found.error).toBeNull();
    const read = await invoke(stack, 'conversation', { token });
    expect(read.body.messages.at(-1)).toMatchObject({ from: 'household', kind: 'found', text: null });
    expect(read.body).toMatchObject({ animal_name: 'Mina', animal_sex: 'F' });

    expect((await runDeliverOutbox(stack)).status).toBe(200);
    const [mail, ...more] = await stack.mails(finder, 'Gute Nachricht: Das Tier ist wieder zu Hause');
    expect(more).toEqual([]);
    expect(mail?.text).toContain('Mina ist wieder zu Hause, danke!');
    expect(mail?.text).toContain('Vielen Dank für Ihre Hilfe.');
    expect(mail?.html).toContain(`/conversation/${mailed}`);
    expect(mail?.text).not.toContain('gefunden');
    expect((await runDeliverOutbox(stack)).status).toBe(200);
    expect(await stack.mails(finder, 'Gute Nachricht: Das Tier ist wieder zu Hause')).toHaveLength(1);
  });
});
