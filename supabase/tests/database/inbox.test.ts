// The owner's inbox and history, and one loss's checklist, as the database keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner('inbox');
  stranger = await t.createOwner('stranger');
});
afterAll(() => t?.close());

async function value<T>(actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  const result = await t.as(actor, (tx) => tx.query<{ value: T }>(`select ${sql} as value`, params));
  return result.rows[0]?.value as T;
}

async function message(code: string, text: string) {
  await value('service', 'public.record_finder_message($1, $2, null)', [code, text]);
}

const unread = async (actor: Actor) =>
  (
    await t.as(actor, (tx) =>
      tx.query<{ animal_id: string; unread: number }>('select * from public.unread_message_counts()'),
    )
  ).rows;

describe('messages read and unread', () => {
  it('counts the unread messages of the caller’s animals only, and opening the inbox marks them read', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Boîte' });
    await message(code, 'Vu au parc');
    await message(code, 'Il est chez moi');
    expect(await unread(owner)).toContainEqual({ animal_id: animalId, unread: 2 });
    expect(await unread(stranger)).toEqual([]);

    // Someone else opening this inbox marks nothing.
    expect(await value(stranger, 'public.mark_messages_read($1)', [animalId])).toBe(0);
    expect(await value(owner, 'public.mark_messages_read($1)', [animalId])).toBe(2);
    expect((await unread(owner)).find((row) => row.animal_id === animalId)).toBeUndefined();
    await message(code, 'Encore moi');
    expect(await unread(owner)).toContainEqual({ animal_id: animalId, unread: 1 });
  });

  it('lets the owner delete one message or all, and nobody else', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Vide' });
    await message(code, 'Un');
    await message(code, 'Deux');
    const strangerDeletes = await t.attempt(stranger, 'delete from public.finder_messages where animal_id = $1', [
      animalId,
    ]);
    expect(strangerDeletes.rowCount).toBe(0);
    const anonDeletes = await t.attempt('anon', 'delete from public.finder_messages where animal_id = $1', [animalId]);
    expect(anonDeletes.error?.code).toBe('42501');
    await t.as(owner, (tx) =>
      tx.query("delete from public.finder_messages where animal_id = $1 and message = 'Un'", [animalId]),
    );
    const left = await t.db.query('select message from public.finder_messages where animal_id = $1', [animalId]);
    expect(left.rows).toEqual([{ message: 'Deux' }]);
    await t.as(owner, (tx) => tx.query('delete from public.finder_messages where animal_id = $1', [animalId]));
    expect((await t.db.query('select 1 from public.finder_messages where animal_id = $1', [animalId])).rowCount).toBe(
      0,
    );
  });
});

describe('clearing an animal’s history', () => {
  it('deletes its positions and page openings for the owner only, as the page’s “Effacer” does', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Trace' });
    const other = await t.activateAnimal(owner, { nom: 'Autre' });
    for (const target of [{ animalId, code }, other]) {
      await t.db.query(
        'insert into public.scan_events (animal_id, code_id, lat, lon, accuracy_m, consent) values ($1, $2, 45.76, 4.83, 12, true)',
        [target.animalId, target.code],
      );
      await t.db.query('insert into public.profile_views (animal_id, code_id) values ($1, $2)', [
        target.animalId,
        target.code,
      ]);
    }
    const left = async (table: string, id: string) =>
      (await t.db.query(`select 1 from public.${table} where animal_id = $1`, [id])).rowCount;

    for (const table of ['scan_events', 'profile_views']) {
      const clear = `delete from public.${table} where animal_id = $1`;
      expect((await t.attempt('anon', clear, [animalId])).error?.code, `anon clears ${table}`).toBe('42501');
      expect((await t.attempt(stranger, clear, [animalId])).rowCount, `a stranger clears ${table}`).toBe(0);
      expect(await left(table, animalId)).toBe(1);
      expect((await t.as(owner, (tx) => tx.query(clear, [animalId]))).rowCount).toBe(1);
      expect(await left(table, animalId)).toBe(0);
      // The owner's other animal keeps its own.
      expect(await left(table, other.animalId)).toBe(1);
    }
  });
});

describe('one loss', () => {
  const animalRow = async (id: string) =>
    (
      await t.db.query<{ lost_since: Date | null; lost_checklist: string[] }>(
        'select lost_since, lost_checklist from public.animals where id = $1',
        [id],
      )
    ).rows[0];
  const setLost = (id: string, lost: boolean) =>
    t.as(owner, (tx) => tx.query('update public.animals set is_lost = $2 where id = $1', [id, lost]));

  it('starts when the animal is marked lost, keeps its ticked items, and forgets them when found', async () => {
    const { animalId } = await t.activateAnimal(owner, { nom: 'Fugueuse' });
    expect(await animalRow(animalId)).toEqual({ lost_since: null, lost_checklist: [] });
    await setLost(animalId, true);
    expect((await animalRow(animalId))?.lost_since).toBeInstanceOf(Date);
    await t.as(owner, (tx) =>
      tx.query("update public.animals set lost_checklist = array['icad', 'affiche'] where id = $1", [animalId]),
    );
    expect((await animalRow(animalId))?.lost_checklist).toEqual(['icad', 'affiche']);
    await setLost(animalId, false);
    expect(await animalRow(animalId)).toEqual({ lost_since: null, lost_checklist: [] });
    await setLost(animalId, true);
    expect((await animalRow(animalId))?.lost_checklist).toEqual([]);
  });

  it('refuses an unknown checklist item, and a stranger changes nothing', async () => {
    const { animalId } = await t.activateAnimal(owner, { nom: 'Liste' });
    const unknown = await t.attempt(
      owner,
      "update public.animals set lost_checklist = array['piscine'] where id = $1",
      [animalId],
    );
    expect(unknown.error?.constraint).toBe('animals_lost_checklist_valeurs');
    const byStranger = await t.attempt(
      stranger,
      "update public.animals set lost_checklist = array['icad'] where id = $1",
      [animalId],
    );
    expect(byStranger.rowCount).toBe(0);
  });
});

describe('profile views', () => {
  it('are recorded only for a lost animal on a live code, readable by its owner alone', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Vue' });
    expect(await value('service', 'public.record_lost_profile_view($1, $2)', [code, 'h1'])).toEqual({
      recorded: false,
      notify: false,
    });
    await t.as(owner, (tx) => tx.query('update public.animals set is_lost = true where id = $1', [animalId]));
    expect(await value('service', 'public.record_lost_profile_view($1, $2)', [code, 'h1'])).toMatchObject({
      recorded: true,
      notify: true,
      animal_name: 'Vue',
      recipients: [owner.email],
    });
    expect(await value('service', 'public.record_lost_profile_view($1, $2)', [code, 'h2'])).toEqual({
      recorded: true,
      notify: false,
    });
    await value('service', 'public.set_medal_suspended($1, true)', [code]);
    expect(await value('service', 'public.record_lost_profile_view($1, $2)', [code, 'h3'])).toMatchObject({
      recorded: false,
    });

    const seen = (actor: Actor, columns = 'client_hash') =>
      t.attempt(actor, `select ${columns} from public.profile_views where animal_id = $1 order by created_at`, [
        animalId,
      ]);
    expect((await seen('service')).rows).toEqual([{ client_hash: 'h1' }, { client_hash: 'h2' }]);
    // The owner sees when, never what stands for the finder.
    expect((await seen(owner, 'code_id')).rows).toEqual([{ code_id: code }, { code_id: code }]);
    expect((await seen(owner)).error?.code, 'owner reads the hashes').toBe('42501');
    expect((await seen(stranger, 'code_id')).rows).toEqual([]);
    expect((await seen('anon', 'code_id')).error?.code, 'anon reads views').toBe('42501');
    for (const actor of ['anon', owner] as const) {
      const record = await t.attempt(actor, 'select public.record_lost_profile_view($1, $2)', [code, 'x']);
      expect(record.error?.code, `${typeof actor === 'string' ? actor : 'owner'} records a view`).toBe('42501');
    }
  });
});
