// A finder's conversation over HTTP (docs/decisions/0017-finder-owner-conversation.md): post_finder_message opens it
// and gives the finder their private link (e-mailed in their language if they give an address); the conversation
// function reads and writes through that link; answer-conversation lets the household answer, telling the finder
// without the answer's words; a blocked or unknown link says so. The rules themselves:
// tests/database/conversations.test.ts.
import { CONVERSATION_LIMITS } from '@medaille/domain';
import { newEmail, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('conversation');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());

const TOKEN_URL = /\/conversation\/([0-9a-f]{64})$/;

/** A finder's first message from a connection of their own; their link's token. */
async function finderWrites(fields: Record<string, unknown> = {}, address = newClientAddress()) {
  const { status, body } = await invoke(
    stack,
    'post_finder_message',
    { code: rex.code, message: 'I found your dog near the station', ...fields },
    address,
  );
  expect(status).toBe(200);
  const token = TOKEN_URL.exec(body.conversation_url)?.[1];
  if (!token) throw new Error(`no conversation link in ${JSON.stringify(body)}`);
  return token;
}

const read = (token: string, address = newClientAddress()) => invoke(stack, 'conversation', { token }, address);

/** The token of the conversation's link in an e-mail to the finder. */
function mailedToken(mail: { links: string[] } | undefined): string {
  const token = mail?.links.map((link) => TOKEN_URL.exec(link)?.[1]).find(Boolean);
  if (!token) throw new Error(`no conversation link in ${JSON.stringify(mail?.links)}`);
  return token;
}

/** The conversation's id as the household reads it. */
async function conversationId(): Promise<string> {
  const { data } = await owner.client
    .from('conversations')
    .select('id')
    .eq('animal_id', rex.animalId)
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  return data?.id as string;
}

const answer = (body: string, id: string) =>
  owner.client.functions.invoke('answer-conversation', { body: { conversation_id: id, body } });

describe('a finder’s conversation', () => {
  it('opens with their message: the link at once, and by e-mail in their language with nothing they wrote', async () => {
    const email = newEmail('finder');
    const token = await finderWrites({ email: ` ${email.toUpperCase()} `, language: 'en' });
    const [mail] = await stack.mails(email);
    expect(mail?.subject).toBe('Your conversation on Médaille');
    expect(mail?.text).toContain("You wrote to Rex's owner.");
    expect(mail?.html).toContain('lang="en"');
    // A link of its own, apart from the one the page gave: opening it shows that the address is the finder's.
    const mailed = mailedToken(mail);
    expect(mailed).not.toBe(token);
    expect((await read(mailed)).body).toMatchObject({ status: 'open', animal_name: 'Rex' });
    expect(mail?.text).not.toContain('station');
    // The owner is alerted as before, and never learns the finder's address.
    const [alert] = await stack.mails(owner.email, 'Message au sujet de Rex');
    expect(alert?.text).toContain('I found your dog near the station');
    expect(alert?.text).not.toContain(email);
    // Nor does the household read their address or link from the table.
    const { error } = await owner.client.from('conversations').select('finder_email, token');
    expect(error?.code).toBe('42501');
  });

  it('shows the finder the household’s answers, telling them once by e-mail with none of their words', async () => {
    const email = newEmail('finder');
    const token = await finderWrites({ email, language: 'de' });
    const mailed = mailedToken(await stack.lastMail(email));
    const id = await conversationId();
    // Not told before the finder asked for it on the page of the link e-mailed to them; opening it is not asking.
    expect((await read(mailed)).status).toBe(200);
    expect((await answer('Vous êtes là ?', id)).error).toBeNull();
    expect(await stack.mails(email, 'Neue Antwort in Ihrer Unterhaltung auf Médaille')).toEqual([]);
    expect((await invoke(stack, 'conversation', { token: mailed, mail: 'on' })).status).toBe(200);
    const first = await answer('Merci ! Je viens le chercher ce soir.', id);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ answered: true });
    expect((await answer('Je pars maintenant.', id)).error).toBeNull();
    const told = await stack.mails(email, 'Neue Antwort in Ihrer Unterhaltung auf Médaille');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Der Besitzer von Rex hat Ihnen geantwortet.');
    expect(told[0]?.text).not.toContain('ce soir');
    expect(told[0]?.links).toContainEqual(expect.stringMatching(new RegExp(`/conversation/${mailed}$`)));

    const { status, body, text } = await read(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'open', code: rex.code, animal_name: 'Rex', language: 'de' });
    expect(body.messages.map((message: { from: string; text: string }) => [message.from, message.text])).toEqual([
      ['finder', 'I found your dog near the station'],
      ['household', 'Vous êtes là ?'],
      ['household', 'Merci ! Je viens le chercher ce soir.'],
      ['household', 'Je pars maintenant.'],
    ]);
    for (const secret of [owner.email, owner.userId]) expect(text).not.toContain(secret);
  });

  it('takes the finder’s new messages, the household told at most once in 15 minutes', async () => {
    const token = await finderWrites();
    const before = (await stack.mails(owner.email, 'Nouveau message au sujet de Rex')).length;
    const address = newClientAddress();
    for (const message of ['He is safe with me', 'I am at 3 rue des Lilas']) {
      expect(await invoke(stack, 'conversation', { token, message }, address)).toMatchObject({
        status: 200,
        body: { sent: true },
      });
    }
    const told = await stack.mails(owner.email, 'Nouveau message au sujet de Rex');
    expect(told).toHaveLength(before + 1);
    expect(told[0]?.text).toContain('He is safe with me');
    expect((await read(token)).body.messages).toHaveLength(3);
  });

  it(`refuses an empty or too long message, and more than ${CONVERSATION_LIMITS.finderMessagesPerHour} an hour from one finder`, async () => {
    const token = await finderWrites();
    const address = newClientAddress();
    const write = (message: string) => invoke(stack, 'conversation', { token, message }, address);
    expect(await write('   ')).toMatchObject({ status: 400, body: { code: 'message_empty' } });
    expect(await write('x'.repeat(301))).toMatchObject({ status: 400, body: { code: 'message_too_long' } });
    for (let index = 1; index <= CONVERSATION_LIMITS.finderMessagesPerHour; index += 1) {
      expect((await write(`message ${index}`)).status).toBe(200);
    }
    expect(await write('one more')).toMatchObject({ status: 429, body: { code: 'message_rate_limited' } });
  });

  it('lets the finder delete their own message, and no other', async () => {
    const token = await finderWrites({ message: 'Effacez-moi' });
    const other = await finderWrites({ message: 'Pas moi' });
    const [mine] = (await read(token)).body.messages;
    const [theirs] = (await read(other)).body.messages;
    expect(await invoke(stack, 'conversation', { token, delete: theirs.id })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });
    expect(await invoke(stack, 'conversation', { token, delete: mine.id })).toMatchObject({
      status: 200,
      body: { deleted: true },
    });
    expect((await read(token)).body.messages).toEqual([]);
    expect((await read(other)).body.messages).toHaveLength(1);
  });

  it('says a blocked link is closed, and an unknown or malformed one is not found', async () => {
    const token = await finderWrites();
    const { data } = await owner.client.rpc('block_conversation', { p_conversation_id: await conversationId() });
    expect(data).toMatchObject({ success: true });
    // Said in French by the function, with the finder's language for their page to say it in.
    expect(await read(token)).toMatchObject({
      status: 410,
      body: { code: 'conversation_blocked', error: 'Le propriétaire a clos cette conversation.', language: 'fr' },
    });
    // The way back to the animal's page, and to its numbers once its page shows one: the finder
    // may still have the animal with them.
    expect((await read(token)).body.reach).toEqual({
      code: rex.code,
      name: 'Rex',
      show_public_phone: false,
      show_second_contact_phone: false,
    });
    await owner.client
      .from('animals')
      .update({ public_phone: '+33 (0)6 12 34 56 78', show_public_phone: true })
      .eq('id', rex.animalId);
    expect((await read(token)).body.reach).toMatchObject({ public_phone: '+33612345678', show_public_phone: true });
    await owner.client.from('animals').update({ show_public_phone: false }).eq('id', rex.animalId);
    expect(await invoke(stack, 'conversation', { token, message: 'Hello?' })).toMatchObject({ status: 410 });
    for (const wrong of ['0'.repeat(64), 'x', token.toUpperCase(), 42]) {
      expect(await read(wrong as string)).toMatchObject({ status: 404, body: { code: 'conversation_not_found' } });
    }
  });

  it('closes a medal’s conversations when an operator suspends it, and lets them go on when its owner does', async () => {
    const medal = async (nom: string) => {
      const animal = await stack.activatedAnimal(owner.client, { nom });
      const { body } = await invoke(stack, 'post_finder_message', { code: animal.code, message: 'Trouvé !' });
      const token = TOKEN_URL.exec(body.conversation_url)?.[1] as string;
      const { data } = await owner.client.from('conversations').select('id').eq('animal_id', animal.animalId).single();
      return { ...animal, token, id: data?.id as string };
    };
    const stolen = await medal('Volé');
    const { error } = await stack.serviceClient().rpc('set_medal_suspended', {
      p_code: stolen.code,
      p_suspended: true,
      p_reason: 'médaille volée',
    });
    expect(error).toBeNull();
    const closed = {
      status: 410,
      body: {
        code: 'conversation_suspended',
        error: 'Cette médaille a été suspendue. Contactez le support pour en savoir plus.',
      },
    };
    expect(await read(stolen.token)).toMatchObject({ ...closed, body: { ...closed.body, language: 'fr' } });
    expect(await invoke(stack, 'conversation', { token: stolen.token, message: 'Hello?' })).toMatchObject(closed);
    const refused = await answer('Vous êtes là ?', stolen.id);
    expect((refused.error as { context: Response }).context.status).toBe(410);

    const kept = await medal('Gardé');
    const own = await owner.client.rpc('set_my_medal_suspended', { p_animal_id: kept.animalId, p_suspended: true });
    expect(own.data).toMatchObject({ success: true });
    expect(await read(kept.token)).toMatchObject({ status: 200, body: { status: 'open' } });
    expect(await invoke(stack, 'conversation', { token: kept.token, message: 'Toujours là' })).toMatchObject({
      status: 200,
      body: { sent: true },
    });
    expect((await answer('Merci, j’arrive', kept.id)).error).toBeNull();
  });

  it('refuses an address that is no address, and the household’s answers without a session or to a stranger’s conversation', async () => {
    expect(
      await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Hi', email: 'pas-une-adresse' }),
    ).toMatchObject({ status: 400, body: { code: 'finder_email_invalid' } });

    await finderWrites();
    const id = await conversationId();
    const anonymous = await invoke(stack, 'answer-conversation', { conversation_id: id, body: 'Salut' });
    expect(anonymous.status).toBe(401);
    const stranger = await stack.signedInOwner('stranger');
    const refused = await stranger.client.functions.invoke('answer-conversation', {
      body: { conversation_id: id, body: 'Je ne suis pas le propriétaire' },
    });
    expect(await (refused.error as { context: Response }).context.json()).toEqual({
      code: 'not_found',
      error: 'Cette conversation est introuvable.',
    });
    const empty = await answer('  ', id);
    expect((empty.error as { context: Response }).context.status).toBe(400);
  });
});
