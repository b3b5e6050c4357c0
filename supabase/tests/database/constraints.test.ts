import { randomUUID } from 'node:crypto';
import { databaseErrorMessage } from '@medaille/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let animal: string;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner();
  ({ animalId: animal } = await t.activateAnimal(owner));
});
afterAll(() => t?.close());

const thisYear = new Date().getFullYear();

describe('an owner saving an animal that breaks a rule', () => {
  it.each([
    ['nom', '  ', "Le nom de l'animal est requis"],
    ['annee_naissance', 1899, `L'année de naissance doit être comprise entre 1900 et ${thisYear}`],
    ['annee_naissance', thisYear + 1, `L'année de naissance doit être comprise entre 1900 et ${thisYear}`],
    ['poids_kg', -0.1, 'Le poids doit être un nombre positif'],
    ['sexe', 'X', 'Sexe invalide'],
    ['public_phone', '1'.repeat(33), 'Téléphone : 32 caractères maximum'],
    ['public_email', `${'a'.repeat(245)}@exemple.fr`, 'Email : 254 caractères maximum'],
    ['public_address_line', 'a'.repeat(121), 'Adresse : 120 caractères maximum'],
    ['public_city', 'b'.repeat(81), 'Ville : 80 caractères maximum'],
    ['second_contact_name', 'n'.repeat(61), 'Nom du deuxième contact : 60 caractères maximum'],
    ['second_contact_phone', '1'.repeat(33), 'Téléphone du deuxième contact : 32 caractères maximum'],
    ['second_contact_email', `${'a'.repeat(245)}@exemple.fr`, 'Email du deuxième contact : 254 caractères maximum'],
  ])('%s = %j is refused with a message the page can show', async (column, value, message) => {
    const outcome = await t.attempt(owner, `update public.animals set ${column} = $1 where id = $2`, [value, animal]);
    expect(outcome.error?.code).toBe('23514');
    expect(databaseErrorMessage(outcome.error ?? {})).toBe(message);
  });

  it('keeps the limits themselves: 1900, this year, 0 kg and the longest allowed texts', async () => {
    const outcome = await t.attempt(
      owner,
      `update public.animals set annee_naissance = $1, poids_kg = 0, public_phone = $2, public_city = $3,
         second_contact_name = $5, second_contact_phone = $2 where id = $4`,
      [1900, '1'.repeat(32), 'b'.repeat(80), animal, 'n'.repeat(60)],
    );
    expect(outcome).toMatchObject({ rowCount: 1 });
    const thisYearToo = await t.attempt(owner, 'update public.animals set annee_naissance = $1 where id = $2', [
      thisYear,
      animal,
    ]);
    expect(thisYearToo).toMatchObject({ rowCount: 1 });
  });

  it('records when the animal was last changed', async () => {
    const before = await t.db.query<{ date_modification: Date }>(
      'select date_modification from public.animals where id = $1',
      [animal],
    );
    await t.as(owner, (tx) => tx.query("update public.animals set couleur = 'Roux' where id = $1", [animal]));
    const after = await t.db.query<{ date_modification: Date }>(
      'select date_modification from public.animals where id = $1',
      [animal],
    );
    expect(after.rows[0]?.date_modification.getTime()).toBeGreaterThan(
      before.rows[0]?.date_modification.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });
});

describe('medal codes', () => {
  it('follow the MDL- pattern in upper case', async () => {
    for (const code of ['ABC-123', 'mdl-123', 'MDL-']) {
      await expect(t.db.query('insert into public.codes (id) values ($1)', [code])).rejects.toMatchObject({
        code: '23514',
      });
    }
  });
  it('cannot point at an animal without being used', async () => {
    const code = await t.createCode();
    await expect(
      t.db.query('update public.codes set animal_id = $1 where id = $2', [animal, code]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('photos', () => {
  const addPhoto = (animalId: string) =>
    t.as(owner, (tx) =>
      tx.query('insert into public.animal_photos (animal_id, path) values ($1::uuid, $1::text || $2)', [
        animalId,
        `/${randomUUID()}.jpg`,
      ]),
    );
  const countPhotos = async (animalId: string) =>
    Number(
      (
        await t.db.query<{ n: string }>('select count(*) as n from public.animal_photos where animal_id = $1', [
          animalId,
        ])
      ).rows[0]?.n,
    );

  it('are at most 8 per animal, with the spec message', async () => {
    const { animalId } = await t.activateAnimal(owner);
    for (let i = 0; i < 8; i += 1) await addPhoto(animalId);
    const ninth = addPhoto(animalId);
    await expect(ninth).rejects.toMatchObject({ code: '23514', message: 'Maximum 8 photos autorisées' });
    expect(await countPhotos(animalId)).toBe(8);
  });

  it('stay at 8 when 12 uploads arrive at once', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => addPhoto(animalId)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(8);
    expect(await countPhotos(animalId)).toBe(8);
  });

  it('must be stored in their animal’s folder', async () => {
    const outcome = await t.attempt(owner, 'insert into public.animal_photos (animal_id, path) values ($1, $2)', [
      animal,
      `${randomUUID()}/x.jpg`,
    ]);
    expect(outcome.error).toMatchObject({ code: '23514' });
  });

  it('go with their animal, and deleting the cover photo clears the cover', async () => {
    const { animalId, code } = await t.activateAnimal(owner);
    const photo = await t.as(owner, async (tx) => {
      const result = await tx.query<{ id: string }>(
        "insert into public.animal_photos (animal_id, path) values ($1::uuid, $1::text || '/a.jpg') returning id",
        [animalId],
      );
      const id = result.rows[0]?.id;
      await tx.query('update public.animals set cover_photo_id = $1 where id = $2', [id, animalId]);
      return id;
    });
    await t.as(owner, (tx) => tx.query('delete from public.animal_photos where id = $1', [photo]));
    const cover = await t.db.query('select cover_photo_id from public.animals where id = $1', [animalId]);
    expect(cover.rows).toEqual([{ cover_photo_id: null }]);

    await addPhoto(animalId);
    await t.as(owner, (tx) => tx.query('delete from public.animals where id = $1', [animalId]));
    expect(await countPhotos(animalId)).toBe(0);
    // The medal stays used but no longer leads anywhere: retired, the scan page says 'Médaille retirée'.
    const medal = await t.db.query('select used, animal_id from public.codes where id = $1', [code]);
    expect(medal.rows).toEqual([{ used: true, animal_id: null }]);
  });
});
