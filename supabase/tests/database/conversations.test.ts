// Conversations between a finder and an animal's household in SQL (schemas/conversations.sql and the finder's
// side in finder_functions.sql): a finder's message opens one with a private link; the household answers and
// blocks; the link opens it until 30 days after its last message; neither side reads the other's address; each
// side is e-mailed at most every 15 minutes. The same over HTTP: tests/functions/conversation.test.ts.
import { randomUUID } from 'node:crypto';
import { FINDER_LANGUAGES } from '@medaille/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  [owner, stranger] = [await t.createOwner('conversation'), await t.createOwner('inconnu')];
});
afterAll(() => t?.close());

/** One value a statement answers as `actor`, committed. */
async function value<T = Record<string, unknown>>(actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.as(actor, (tx) => tx.query<{ value: T }>(`select ${sql} as value`, params));
  return rows[0]?.value as T;
}

/** An animal of the owner's with a co-owner, a keeper until tomorrow, one whose last day was yesterday. */
async function household() {
  const { animalId, code } = await t.activateAnimal(owner, { nom: 'Rex' });
  const [coOwner, keeper, pastKeeper] = [
    await t.createOwner('co'),
    await t.createOwner('gardien'),
    await t.createOwner('ancien'),
  ];
  await t.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'co_owner', null), ($1, $3, 'keeper', private.today_in_paris() + 1),
       ($1, $4, 'keeper', private.today_in_paris() - 1)`,
    [animalId, coOwner.id, keeper.id, pastKeeper.id],
  );
  return { animalId, code, coOwner, keeper, pastKeeper };
}

/** A finder's first message on the medal: its answer, with the conversation's link token. */
async function finderWrites(code: string, email: string | null = null, language = 'en') {
  return value<{ conversation_token: string; finder_mail_token: string | null; animal_name: string }>(
    'service',
    "public.record_finder_message($1, 'I have found your dog', null, null, $2, $3, $4)",
    [code, randomUUID(), language, email],
  );
}

const conversationOf = (token: string) =>
  value<Record<string, unknown>>('service', 'public.finder_conversation($1)', [token]);
const conversationId = async (token: string) =>
  (await t.db.query<{ id: string }>('select id from public.conversations where token = $1', [token])).rows[0]
    ?.id as string;
const answer = (actor: Actor, id: string, body: string) =>
  value<Record<string, unknown>>(actor, 'public.answer_conversation($1, $2)', [id, body]);

describe('a conversation', () => {
  it('opens with a finder’s first message, its link 64 random hex characters, in the finder’s language', async () => {
    const { code } = await household();
    const first = await finderWrites(code);
    const second = await finderWrites(code);
    expect(first.conversation_token).toMatch(/^[0-9a-f]{64}$/);
    expect(second.conversation_token).not.toBe(first.conversation_token);
    expect(await conversationOf(first.conversation_token)).toMatchObject({
      status: 'open',
      code,
      animal_name: 'Rex',
      language: 'en',
      messages: [{ from: 'finder', text: 'I have found your dog', contact: null, with_photo: false }],
    });
    expect(await conversationOf('0'.repeat(64))).toEqual({ status: 'not_found' });
  });

  it('speaks each of the finder’s languages, the one list of @medaille/domain, and no other', async () => {
    const { code } = await household();
    for (const language of FINDER_LANGUAGES) {
      const { conversation_token: token } = await finderWrites(code, null, language);
      expect((await conversationOf(token)).language).toBe(language);
    }
    await expect(finderWrites(code, null, 'pt')).rejects.toThrow(/conversations_language_valeurs/);
  });

  it('is answered by the household until a keeper’s last day, and the finder reads the answers without who wrote them', async () => {
    const h = await household();
    const { conversation_token: token } = await finderWrites(h.code);
    const id = await conversationId(token);
    const outcomes: Record<string, unknown> = {};
    for (const [who, actor] of [
      ['owner', owner],
      ['coOwner', h.coOwner],
      ['keeper', h.keeper],
      ['pastKeeper', h.pastKeeper],
      ['stranger', stranger],
    ] as const) {
      outcomes[who] = (await answer(actor, id, `Merci, ici ${who}`)).reason ?? 'answered';
    }
    expect(outcomes).toEqual({
      owner: 'answered',
      coOwner: 'answered',
      keeper: 'answered',
      pastKeeper: 'not_found',
      stranger: 'not_found',
    });
    expect((await t.attempt('anon', 'select public.answer_conversation($1, $2)', [id, 'x'])).error?.code).toBe('42501');

    const seen = (await conversationOf(token)) as { messages: Record<string, unknown>[] };
    expect(seen.messages.map((message) => [message.from, message.text])).toEqual([
      ['finder', 'I have found your dog'],
      ['household', 'Merci, ici owner'],
      ['household', 'Merci, ici coOwner'],
      ['household', 'Merci, ici keeper'],
    ]);
    // Nothing of who answered: no id, no address.
    for (const secret of [owner.id, owner.email, h.coOwner.id, h.coOwner.email, h.keeper.email]) {
      expect(JSON.stringify(seen)).not.toContain(secret);
    }
  });

  it('refuses an empty or too long answer, and more than 30 answers an hour from one member', async () => {
    const { code, coOwner } = await household();
    const id = await conversationId((await finderWrites(code)).conversation_token);
    expect(await answer(coOwner, id, '   ')).toMatchObject({ success: false, reason: 'body_invalid' });
    expect(await answer(coOwner, id, 'x'.repeat(1001))).toMatchObject({ success: false, reason: 'body_invalid' });
    expect(await answer(coOwner, id, 'x'.repeat(1000))).toMatchObject({ success: true });
    for (let index = 1; index < 30; index += 1)
      expect(await answer(coOwner, id, `${index}`)).toMatchObject({ success: true });
    expect(await answer(coOwner, id, 'encore')).toMatchObject({
      success: false,
      reason: 'rate_limited',
      error: 'Trop de réponses en peu de temps. Réessayez dans une heure.',
    });
  });

  it('shows the household neither the finder’s link nor their address, and nobody else anything', async () => {
    const h = await household();
    const { conversation_token: token } = await finderWrites(h.code, 'finder@example.org');
    const id = await conversationId(token);
    await answer(owner, id, 'Merci !');
    for (const column of ['token', 'finder_email', 'finder_mailed_at', 'household_mailed_at']) {
      expect((await t.attempt(h.coOwner, `select ${column} from public.conversations`)).error?.code, column).toBe(
        '42501',
      );
    }
    const rows = async (actor: Actor, table: string) =>
      (
        await t.attempt(
          actor,
          `select id from public.${table} where ${table === 'conversations' ? 'id' : 'conversation_id'} = $1`,
          [id],
        )
      ).rowCount;
    expect([await rows(h.keeper, 'conversations'), await rows(h.keeper, 'conversation_replies')]).toEqual([1, 1]);
    expect([await rows(h.pastKeeper, 'conversations'), await rows(h.pastKeeper, 'conversation_replies')]).toEqual([
      0, 0,
    ]);
    expect([await rows(stranger, 'conversations'), await rows(stranger, 'conversation_replies')]).toEqual([0, 0]);
    expect((await t.attempt('anon', 'select id from public.conversations')).error?.code).toBe('42501');
    // Nobody writes the tables but through the functions.
    expect(
      (
        await t.attempt(owner, 'insert into public.conversation_replies (conversation_id, body) values ($1, $2)', [
          id,
          'x',
        ])
      ).error?.code,
    ).toBe('42501');
    expect(
      (await t.attempt(owner, 'update public.conversations set blocked_at = null where id = $1', [id])).error?.code,
    ).toBe('42501');
  });

  it('is blocked by the owner or a co-owner, not a keeper; its link then opens nothing and nobody writes in it', async () => {
    const h = await household();
    const { conversation_token: token } = await finderWrites(h.code);
    const id = await conversationId(token);
    expect(await value(h.keeper, 'public.block_conversation($1)', [id])).toMatchObject({ reason: 'not_allowed' });
    expect(await value(stranger, 'public.block_conversation($1)', [id])).toMatchObject({ reason: 'not_found' });
    expect(await value(h.coOwner, 'public.block_conversation($1)', [id])).toMatchObject({ success: true });
    expect(await value(owner, 'public.block_conversation($1)', [id])).toMatchObject({ success: true });
    // Still the way back to the animal: its page and the numbers it shows (none here).
    expect(await conversationOf(token)).toEqual({
      status: 'blocked',
      language: 'en',
      reach: { code: h.code, name: expect.any(String), show_public_phone: false, show_second_contact_phone: false },
    });
    expect(await value('service', "public.record_conversation_message($1, 'Hello?')", [token])).toEqual({
      status: 'blocked',
    });
    expect(await answer(owner, id, 'Encore un mot')).toMatchObject({ success: false, reason: 'blocked' });
  });

  it('opens until 30 days after its last message, whichever side wrote it', async () => {
    const { code } = await household();
    const { conversation_token: token } = await finderWrites(code);
    const id = await conversationId(token);
    const age = (days: number) =>
      t.db.query(`update public.conversations set last_message_at = now() - $2::int * interval '1 day' where id = $1`, [
        id,
        days,
      ]);
    await age(29);
    expect(await conversationOf(token)).toMatchObject({ status: 'open' });
    expect(await answer(owner, id, 'Toujours là ?')).toMatchObject({ success: true });
    await age(31);
    expect(await conversationOf(token)).toMatchObject({ status: 'expired', language: 'en', reach: { code } });
    expect(await value('service', "public.record_conversation_message($1, 'Hello?')", [token])).toEqual({
      status: 'expired',
    });
    expect(await answer(owner, id, 'Trop tard')).toMatchObject({ success: false, reason: 'expired' });
  });

  it('e-mails each side at most once every 15 minutes, the finder only at the address they gave', async () => {
    const h = await household();
    const { conversation_token: token, finder_mail_token: mailed } = await finderWrites(h.code, 'finder@example.org');
    const id = await conversationId(token);
    const replyId = async () => ((await answer(owner, id, 'Merci !')) as { reply_id: string }).reply_id;
    const mailFor = async (reply: string) => value('service', 'public.finder_mail_for_reply($1)', [reply]);
    // Nothing before the finder asked for it through the link e-mailed to them: reading it is not asking, and
    // the link the sender's page gave cannot ask.
    expect(await conversationOf(mailed as string)).toMatchObject({ status: 'open', mail: 'ask' });
    expect(await conversationOf(token)).toMatchObject({ status: 'open', mail: null });
    expect(await value('service', 'public.want_finder_mail($1)', [token])).toBe('not_found');
    expect(await mailFor(await replyId())).toBeNull();
    expect(await value('service', 'public.want_finder_mail($1)', [mailed])).toBe('on');
    expect(await conversationOf(mailed as string)).toMatchObject({ status: 'open', mail: 'on' });
    expect(await mailFor(await replyId())).toEqual({
      to: 'finder@example.org',
      token: mailed,
      language: 'en',
      animal_name: 'Rex',
    });
    expect(await mailFor(await replyId())).toBeNull();
    await t.db.query(`update public.conversations set finder_mailed_at = now() - interval '16 minutes' where id = $1`, [
      id,
    ]);
    expect(await mailFor(await replyId())).toMatchObject({ to: 'finder@example.org' });

    const writes = async () =>
      ((await value('service', "public.record_conversation_message($1, 'Still here')", [token])) as { notify: boolean })
        .notify;
    expect([await writes(), await writes()]).toEqual([true, false]);
    await t.db.query(
      `update public.conversations set household_mailed_at = now() - interval '16 minutes' where id = $1`,
      [id],
    );
    expect(await writes()).toBe(true);

    const withoutAddress = await conversationId((await finderWrites(h.code)).conversation_token);
    const reply = (await answer(owner, withoutAddress, 'Merci')) as { reply_id: string };
    expect(await mailFor(reply.reply_id)).toBeNull();
    expect((await t.attempt(owner, 'select public.finder_mail_for_reply($1)', [reply.reply_id])).error?.code).toBe(
      '42501',
    );
  });

  it('lets the finder delete their own messages through their link, none of another conversation', async () => {
    const { code } = await household();
    const mine = (await finderWrites(code)).conversation_token;
    const theirs = (await finderWrites(code)).conversation_token;
    const messageOf = async (token: string) =>
      ((await conversationOf(token)) as { messages: { id: string }[] }).messages[0]?.id as string;
    const deletes = (token: string, message: string) =>
      value('service', 'public.delete_finder_conversation_message($1, $2)', [token, message]);
    expect(await deletes(mine, await messageOf(theirs))).toEqual({ status: 'message_not_found' });
    expect(await deletes(mine, await messageOf(mine))).toEqual({ status: 'deleted', photo_path: null });
    expect(await conversationOf(mine)).toMatchObject({ status: 'open', messages: [] });
    expect(await conversationOf(theirs)).toMatchObject({ messages: [{ from: 'finder' }] });
  });

  it('closes for the finder when an operator suspends the medal (reading, writing, deleting), and opens again once resumed', async () => {
    const h = await household();
    const { conversation_token: token } = await finderWrites(h.code);
    const id = await conversationId(token);
    const messageId = ((await conversationOf(token)) as { messages: { id: string }[] }).messages[0]?.id as string;
    expect(await value('service', "public.set_medal_suspended($1, true, 'médaille volée')", [h.code])).toBeTruthy();
    expect(await conversationOf(token)).toEqual({ status: 'suspended', language: 'en' });
    expect(await value('service', "public.record_conversation_message($1, 'Hello?')", [token])).toEqual({
      status: 'suspended',
    });
    expect(await value('service', 'public.delete_finder_conversation_message($1, $2)', [token, messageId])).toEqual({
      status: 'suspended',
    });
    expect(await answer(owner, id, 'Vous êtes là ?')).toMatchObject({ success: false, reason: 'suspended' });
    // The household still reads what was said.
    expect(
      await value(owner, '(select count(*)::int from public.finder_messages where conversation_id = $1)', [id]),
    ).toBe(1);

    await value('service', 'public.set_medal_suspended($1, false)', [h.code]);
    expect(await conversationOf(token)).toMatchObject({ status: 'open' });
    expect(await answer(owner, id, 'Merci !')).toMatchObject({ success: true });
  });

  it('goes on when the owner suspends their own medal: the finder already in touch still reads and writes', async () => {
    const h = await household();
    const { conversation_token: token } = await finderWrites(h.code);
    const id = await conversationId(token);
    expect(await value(owner, 'public.set_my_medal_suspended($1, true)', [h.animalId])).toMatchObject({
      success: true,
    });
    expect(await conversationOf(token)).toMatchObject({ status: 'open' });
    expect(await value('service', "public.record_conversation_message($1, 'Toujours là')", [token])).toMatchObject({
      status: 'recorded',
    });
    expect(await answer(owner, id, 'Merci, j’arrive')).toMatchObject({ success: true });
    // A new finder, though, reaches nothing through the suspended medal.
    expect(await finderWrites(h.code)).toBeNull();
  });

  it('goes with its animal', async () => {
    const { animalId, code } = await household();
    const { conversation_token: token } = await finderWrites(code);
    await answer(owner, await conversationId(token), 'Merci');
    await t.db.query('delete from public.animals where id = $1', [animalId]);
    expect(await conversationOf(token)).toEqual({ status: 'not_found' });
  });

  it('is read and written through the link by the service role alone', async () => {
    const { code } = await household();
    const { conversation_token: token } = await finderWrites(code);
    for (const actor of ['anon', owner] as const) {
      for (const call of [
        'public.finder_conversation($1)',
        "public.record_conversation_message($1, 'x')",
        `public.delete_finder_conversation_message($1, '${randomUUID()}')`,
      ]) {
        expect((await t.attempt(actor, `select ${call}`, [token])).error?.code, call).toBe('42501');
      }
    }
  });
});
