// The end of a loss in SQL (schemas/reunions.sql): marking the animal found tells the finders of the loss's open
// conversations that it is home (and queues their e-mail once), and counts the reunion with how the finder reached
// the household, never who they were; the household may say how it went; the operators read the figures.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let keeper: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  [owner, keeper, stranger] = [
    await t.createOwner('retrouvailles'),
    await t.createOwner('gardien'),
    await t.createOwner('inconnu'),
  ];
});
afterAll(() => t?.close());

async function value<T = Record<string, unknown>>(actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.as(actor, (tx) => tx.query<{ value: T }>(`select ${sql} as value`, params));
  return rows[0]?.value as T;
}

/** A lost animal of the owner's, with a keeper until tomorrow. */
async function lostAnimal(nom: string) {
  const { animalId, code } = await t.activateAnimal(owner, { nom, sexe: 'F' });
  await t.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'keeper', private.today_in_paris() + 1)`,
    [animalId, keeper.id],
  );
  await t.db.query('update public.animals set is_lost = true where id = $1', [animalId]);
  return { animalId, code };
}

const finderWrites = async (code: string, email: string | null) =>
  (
    await value<{ conversation_token: string }>(
      'service',
      "public.record_finder_message($1, 'Je l''ai', null, null, $2, 'en', $3)",
      [code, randomUUID(), email],
    )
  ).conversation_token;

/** The finder asks for the answers on the page of the link e-mailed to them (mail_token): their address may be told. */
async function openedFromMail(token: string): Promise<string> {
  const { rows } = await t.db.query<{ mail_token: string }>(
    'select mail_token from public.conversations where token = $1',
    [token],
  );
  const mailed = rows[0]?.mail_token as string;
  await value('service', 'public.want_finder_mail($1)', [mailed]);
  return mailed;
}

const markFound = (actor: Actor, animalId: string) =>
  t.as(actor, (tx) => tx.query('update public.animals set is_lost = false where id = $1', [animalId]));

const linesOf = async (token: string) =>
  (await value<{ messages: { from: string; kind?: string }[] }>('service', 'public.finder_conversation($1)', [token]))
    .messages;

const reunionsOf = async (animalId: string) =>
  (
    await t.db.query<{ channel: string | null; lost: boolean }>(
      'select channel, lost_since is not null as lost from public.reunions where animal_id = $1',
      [animalId],
    )
  ).rows;

describe('the end of a loss', () => {
  it('tells the finders of the loss’s open conversations that the animal is home, and e-mails each once', async () => {
    const before = (await value<{ reunions: number }>('service', 'public.reunion_stats()')).reunions;
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Mina', sexe: 'F' });
    const earlier = await finderWrites(code, 'avant@example.org');
    await t.db.query('update public.animals set is_lost = true where id = $1', [animalId]);
    await t.db.query(
      `insert into public.animal_members (animal_id, user_id, role, access_until)
       values ($1, $2, 'keeper', private.today_in_paris() + 1)`,
      [animalId, keeper.id],
    );
    const told = await finderWrites(code, 'finder@example.org');
    const withoutAddress = await finderWrites(code, null);
    const blocked = await finderWrites(code, 'bloque@example.org');
    const blockedId = (
      await t.db.query<{ id: string }>('select id from public.conversations where token = $1', [blocked])
    ).rows[0]?.id;
    await value(owner, 'public.block_conversation($1)', [blockedId]);
    const toldId = (await t.db.query<{ id: string }>('select id from public.conversations where token = $1', [told]))
      .rows[0]?.id;
    await value(owner, 'public.answer_conversation($1, $2)', [toldId, 'Merci, j’arrive']);
    const mailed = await openedFromMail(told);
    await openedFromMail(blocked);

    // The keeper marks her found.
    await markFound(keeper, animalId);
    expect((await linesOf(told)).map((line) => [line.from, line.kind ?? null])).toEqual([
      ['finder', null],
      ['household', 'answer'],
      ['household', 'found'],
    ]);
    expect((await linesOf(withoutAddress)).at(-1)).toMatchObject({ from: 'household', kind: 'found', text: null });
    expect((await linesOf(earlier)).map((line) => line.from)).toEqual(['finder']);
    expect(await value('service', 'public.finder_conversation($1)', [blocked])).toMatchObject({ status: 'blocked' });

    // One e-mail to the finder who left an address; none to the one who wrote before the loss nor to a blocked link.
    const notices = await value<unknown[]>('service', 'public.claim_found_notices()');
    expect(notices).toEqual([
      { to: 'finder@example.org', token: mailed, language: 'en', animal_name: 'Mina', animal_sex: 'F' },
    ]);
    expect(await value('service', 'public.claim_found_notices()')).toEqual([]);

    // Counted, through the conversation the household answered, and nothing of the finder in it.
    expect(await reunionsOf(animalId)).toEqual([{ channel: 'conversation', lost: true }]);
    const columns = (
      await t.db.query<{ name: string }>(
        "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'reunions' order by ordinal_position",
      )
    ).rows.map((row) => row.name);
    expect(columns).toEqual(['id', 'animal_id', 'lost_since', 'found_at', 'channel']);
    expect((await value<{ reunions: number }>('service', 'public.reunion_stats()')).reunions).toBe(before + 1);
  });

  it('guesses the page from a message or a shared position, nothing without either; the household may say otherwise', async () => {
    const page = await lostAnimal('Filou');
    await t.db.query(
      'insert into public.scan_events (animal_id, code_id, lat, lon, accuracy_m, consent) values ($1, $2, 45.76, 4.83, 12, true)',
      [page.animalId, page.code],
    );
    await markFound(owner, page.animalId);
    expect(await reunionsOf(page.animalId)).toEqual([{ channel: 'page', lost: true }]);

    const quiet = await lostAnimal('Pompon');
    await markFound(owner, quiet.animalId);
    expect(await reunionsOf(quiet.animalId)).toEqual([{ channel: null, lost: true }]);

    // 'Comment l'avez-vous retrouvée ?': a member says it; a stranger, a value we do not know, nothing.
    expect(await value(stranger, 'public.set_reunion_channel($1, $2)', [quiet.animalId, 'phone'])).toBe(false);
    expect(await value(keeper, 'public.set_reunion_channel($1, $2)', [quiet.animalId, 'pigeon'])).toBe(false);
    expect(await value(keeper, 'public.set_reunion_channel($1, $2)', [quiet.animalId, 'phone'])).toBe(true);
    expect(await reunionsOf(quiet.animalId)).toEqual([{ channel: 'phone', lost: true }]);
    // Marking found what is not lost counts nothing.
    await markFound(owner, quiet.animalId);
    expect(await reunionsOf(quiet.animalId)).toHaveLength(1);
  });

  it('gives the operators the reunions, the time from lost to found and the channels, and keeps the count once the animal is deleted', async () => {
    const since = new Date().toISOString();
    const first = await lostAnimal('Noisette');
    await t.db.query("update public.animals set lost_since = now() - interval '10 hours' where id = $1", [
      first.animalId,
    ]);
    await markFound(owner, first.animalId);
    await value(owner, 'public.set_reunion_channel($1, $2)', [first.animalId, 'phone']);
    const second = await lostAnimal('Caramel');
    await t.db.query("update public.animals set lost_since = now() - interval '30 hours' where id = $1", [
      second.animalId,
    ]);
    await markFound(owner, second.animalId);
    await t.db.query('delete from public.animals where id = $1', [second.animalId]);

    expect(await value('service', 'public.reunion_stats($1)', [since])).toEqual({
      reunions: 2,
      median_hours: 20,
      mean_hours: 20,
      channels: { page: 0, conversation: 0, phone: 1, other: 0, unknown: 1 },
    });
    for (const actor of ['anon', owner] as const) {
      await expect(value(actor, 'public.reunion_stats()')).rejects.toMatchObject({ code: '42501' });
    }
  });
});
