// A public phone typed '+33 (0)6 12 34 56 78' was stored as typed, and the finder's call dialled
// +330612345678. The portal saves every phone field in E.164 (@medaille/domain's e164Phone); the database does
// so too for the common forms, on every write and, once, for the rows saved before (migration
// 20261215000001_phones_e164.sql).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner();
});
afterAll(() => t?.close());

const MIGRATION = new URL('../../migrations/20261215000001_phones_e164.sql', import.meta.url);

/** What the database makes of each phone as written (null: left as it is). */
const STORED: [written: string, stored: string][] = [
  ['06 12 34 56 78', '+33612345678'],
  ['06.12.34.56.78', '+33612345678'],
  [' 0612345678 ', '+33612345678'],
  ['+33 (0)6 12 34 56 78', '+33612345678'],
  ['+33 06 12 34 56 78', '+33612345678'],
  ['0033 6 12 34 56 78', '+33612345678'],
  ['0033 (0)1 23 45 67 89', '+33123456789'],
  ['+44 20 7946 0958', '+442079460958'],
  ['+44 (0)20 7946 0958', '+442079460958'],
  ['+1 (415) 555-2671', '+14155552671'],
  ['+33612345678', '+33612345678'],
  // What is not a common form stays as it was: the portal refuses it at the next save.
  ['06 12 34 56', '06 12 34 56'],
  ['+33 6 12 34 56 78 90', '+33 6 12 34 56 78 90'],
  ['612345678', '612345678'],
  ['appeler Marie', 'appeler Marie'],
];

async function phones(animalId: string) {
  const { rows } = await t.db.query<{
    telephone_proprietaire: string | null;
    public_phone: string | null;
    second_contact_phone: string | null;
    date_modification: Date;
  }>(
    'select telephone_proprietaire, public_phone, second_contact_phone, date_modification from public.animals where id = $1',
    [animalId],
  );
  return rows[0];
}

describe('a phone saved through the API, not the portal', () => {
  it.each(STORED)('%j is stored as %j, in each phone column', async (written, stored) => {
    const { animalId, code } = await t.activateAnimal(owner, { telephone_proprietaire: written });
    await t.as(owner, (tx) =>
      tx.query(
        `update public.animals set public_phone = $1, second_contact_phone = $1, show_public_phone = true
         where id = $2`,
        [written, animalId],
      ),
    );
    expect(await phones(animalId)).toMatchObject({
      telephone_proprietaire: stored,
      public_phone: stored,
      second_contact_phone: stored,
    });
    // What a finder's page gets, and calls.
    const profile = await t.as('service', (tx) =>
      tx.query<{ answer: { public_phone: string } }>('select public.public_profile($1) as answer', [code]),
    );
    expect(profile.rows[0]?.answer.public_phone).toBe(stored.trim());
  });
});

describe('the rows saved before', () => {
  it('are put in E.164 by the migration, where their form is a common one, their date of modification kept', async () => {
    // The database as it was before the migration: no function, no trigger; rows as the portal saved them then.
    await t.db.exec(`drop trigger animals_phones_e164 on public.animals;
      drop function private.store_phones_e164(); drop function private.phone_e164(text);
      alter table public.animals disable trigger animals_touch_date_modification;`);
    const animals: { id: string; written: string; stored: string }[] = [];
    for (const [written, stored] of STORED) {
      const { animalId } = await t.activateAnimal(owner);
      await t.db.query(
        `update public.animals set telephone_proprietaire = $1, public_phone = $1, second_contact_phone = $1,
           date_modification = '2026-03-01T10:00:00Z' where id = $2`,
        [written, animalId],
      );
      animals.push({ id: animalId, written, stored });
    }
    const { animalId: empty } = await t.activateAnimal(owner);
    await t.db.query("update public.animals set public_phone = '' where id = $1", [empty]);
    const untouched = await phones(empty);
    await t.db.exec('alter table public.animals enable trigger animals_touch_date_modification');

    await t.db.exec(await readFile(MIGRATION, 'utf8'));

    for (const { id, written, stored } of animals) {
      const row = await phones(id);
      expect({ written, ...row }).toEqual({
        written,
        telephone_proprietaire: stored,
        public_phone: stored,
        second_contact_phone: stored,
        date_modification: new Date('2026-03-01T10:00:00Z'),
      });
    }
    expect(await phones(empty)).toEqual(untouched);
    // And the trigger is back for what comes next.
    await t.as(owner, (tx) =>
      tx.query("update public.animals set public_phone = '+33 (0)7 11 22 33 44' where id = $1", [empty]),
    );
    expect((await phones(empty))?.public_phone).toBe('+33711223344');
  });
});
