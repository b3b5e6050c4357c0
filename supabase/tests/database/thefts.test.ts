// A stolen animal in SQL (schemas/thefts.sql): its owner or a co-owner declares it, dates and words it, may give
// it a public search page (the name hidden at first), and ends it with 'Retrouvé'; a keeper sees it and does
// none of that; nothing of it reaches the medal's public page.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let coOwner: Owner;
let keeper: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  [owner, coOwner, keeper, stranger] = [
    await t.createOwner('vol'),
    await t.createOwner('coproprietaire'),
    await t.createOwner('gardien'),
    await t.createOwner('inconnu'),
  ];
});
afterAll(() => t?.close());

/** An animal of the owner's, with a co-owner and a keeper until tomorrow, and its medal's code. */
async function animal() {
  const { animalId, code } = await t.activateAnimal(owner, { nom: 'Filou', espece: 'Chien', sexe: 'M' });
  await t.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'co_owner', null), ($1, $3, 'keeper', private.today_in_paris() + 1)`,
    [animalId, coOwner.id, keeper.id],
  );
  return { animalId, code };
}

const declare = (actor: Actor, animalId: string, stolenAt = new Date(Date.now() - 3_600_000).toISOString()) =>
  t.as(actor, (tx) =>
    tx.query<{ id: string }>(
      `insert into public.thefts (animal_id, stolen_at, place, complaint_reference)
       values ($1, $2, 'Parking de la gare', 'PV 2026/1234') returning id`,
      [animalId, stolenAt],
    ),
  );

const setPage = async (actor: Actor, theftId: string, isPublic: boolean) =>
  (
    await t.as(actor, (tx) =>
      tx.query<{ value: { status: string; search_id?: string } }>('select public.set_theft_page($1, $2) as value', [
        theftId,
        isPublic,
      ]),
    )
  ).rows[0]?.value;

const openSearches = async (animalId: string) =>
  (
    await t.db.query<{ id: string; hide_name: boolean }>(
      'select id, hide_name from public.searches where animal_id = $1 and found_at is null',
      [animalId],
    )
  ).rows;

describe('a theft', () => {
  it('is declared by the owner or a co-owner, once at a time, never by a keeper or a stranger', async () => {
    const { animalId } = await animal();
    await expect(declare(keeper, animalId)).rejects.toThrow(/row-level security/);
    await expect(declare(stranger, animalId)).rejects.toThrow(/row-level security/);
    const { rows } = await declare(coOwner, animalId);
    await expect(declare(owner, animalId)).rejects.toThrow(/thefts_one_open_per_animal/);
    // The household sees it, the keeper too; a stranger sees nothing.
    const read = async (actor: Actor) =>
      (await t.as(actor, (tx) => tx.query('select id from public.thefts where animal_id = $1', [animalId]))).rows;
    expect(await read(keeper)).toEqual([{ id: rows[0]?.id }]);
    expect(await read(stranger)).toEqual([]);
    // A keeper neither words it nor ends it.
    const keeperUpdate = await t.as(keeper, (tx) =>
      tx.query("update public.thefts set found_at = now(), place = 'ailleurs' where animal_id = $1", [animalId]),
    );
    expect(keeperUpdate.rowCount).toBe(0);
  });

  it('is dated by the database: not in the future, declared and ended when it says', async () => {
    const { animalId } = await animal();
    await expect(declare(owner, animalId, new Date(Date.now() + 3_600_000).toISOString())).rejects.toThrow(
      /thefts_stolen_at_passe/,
    );
    const { rows } = await t
      .as(owner, (tx) =>
        tx.query<{ declared_at: Date }>(
          `insert into public.thefts (animal_id, stolen_at, declared_at, found_at)
         values ($1, now() - interval '1 day', '2000-01-01', '2000-01-01') returning declared_at, found_at`,
          [animalId],
        ),
      )
      .catch(() => ({ rows: [] }));
    // declared_at and found_at are not the client's to write (no grant): refused whole.
    expect(rows).toEqual([]);
    await declare(owner, animalId);
    await t.as(owner, (tx) =>
      tx.query("update public.thefts set found_at = '2000-01-01' where animal_id = $1 and found_at is null", [
        animalId,
      ]),
    );
    const ended = await t.db.query<{ recent: boolean }>(
      "select found_at > now() - interval '1 minute' as recent from public.thefts where animal_id = $1",
      [animalId],
    );
    expect(ended.rows).toEqual([{ recent: true }]);
    // Ended, it is no one's to change again.
    const after = await t.as(owner, (tx) =>
      tx.query("update public.thefts set place = 'autre' where animal_id = $1", [animalId]),
    );
    expect(after.rowCount).toBe(0);
  });

  it('leaves the medal’s public page word for word as it was', async () => {
    const { animalId, code } = await animal();
    const page = async () =>
      (await t.db.query<{ value: unknown }>('select public.public_profile($1) as value', [code])).rows[0]?.value;
    const before = await page();
    const { rows } = await declare(owner, animalId);
    expect(await page()).toEqual(before);
    expect(await setPage(owner, rows[0]?.id as string, true)).toMatchObject({ status: 'public' });
    expect(await page()).toEqual(before);
  });
});

describe('a theft’s public search page', () => {
  it('opens with the name hidden, for the owner or a co-owner only, and comes off the web when asked', async () => {
    const { animalId } = await animal();
    const theft = (await declare(owner, animalId)).rows[0]?.id as string;
    expect(await setPage(keeper, theft, true)).toEqual({ status: 'not_found' });
    expect(await setPage(stranger, theft, true)).toEqual({ status: 'not_found' });
    const opened = await setPage(coOwner, theft, true);
    expect(opened?.status).toBe('public');
    expect(await openSearches(animalId)).toEqual([{ id: opened?.search_id, hide_name: true }]);
    const shown = await t.db.query<{ value: { name: string | null; status: string } }>(
      'select public.public_search($1) as value',
      [opened?.search_id],
    );
    expect(shown.rows[0]?.value).toMatchObject({ status: 'searching', name: null });
    // Asked again: the same page.
    expect(await setPage(owner, theft, true)).toEqual(opened);
    // Off the web: gone, never 'Retrouvé !'.
    expect(await setPage(owner, theft, false)).toEqual({ status: 'private' });
    expect(await openSearches(animalId)).toEqual([]);
    const gone = await t.db.query('select 1 from public.searches where id = $1', [opened?.search_id]);
    expect(gone.rows).toEqual([]);
  });

  it('is the loss’s page while the animal is also lost, and outlives a loss switched off', async () => {
    const { animalId } = await animal();
    await t.as(owner, (tx) => tx.query('update public.animals set is_lost = true where id = $1', [animalId]));
    const theft = (await declare(owner, animalId)).rows[0]?.id as string;
    expect(await setPage(owner, theft, true)).toEqual({ status: 'lost_page' });
    await t.as(owner, (tx) => tx.query('update public.animals set is_lost = false where id = $1', [animalId]));

    const page = await setPage(owner, theft, true);
    expect(page?.status).toBe('public');
    // Lost again, then not: the theft's page stays on the web while the theft lasts.
    await t.as(owner, (tx) => tx.query('update public.animals set is_lost = true where id = $1', [animalId]));
    await t.as(owner, (tx) => tx.query('update public.animals set is_lost = false where id = $1', [animalId]));
    expect(await openSearches(animalId)).toEqual([{ id: page?.search_id, hide_name: true }]);
  });

  it('says ‘Retrouvé !’ once the theft ends, and ends a loss declared alongside', async () => {
    const { animalId } = await animal();
    const theft = (await declare(owner, animalId)).rows[0]?.id as string;
    const page = await setPage(owner, theft, true);
    await t.as(keeper, (tx) => tx.query('update public.animals set is_lost = true where id = $1', [animalId]));
    await t.as(coOwner, (tx) => tx.query('update public.thefts set found_at = now() where id = $1', [theft]));
    expect(await openSearches(animalId)).toEqual([]);
    const shown = await t.db.query<{ value: { status: string } }>('select public.public_search($1) as value', [
      page?.search_id,
    ]);
    expect(shown.rows[0]?.value.status).toBe('found');
    const lost = await t.db.query('select is_lost from public.animals where id = $1', [animalId]);
    expect(lost.rows).toEqual([{ is_lost: false }]);
  });
});
