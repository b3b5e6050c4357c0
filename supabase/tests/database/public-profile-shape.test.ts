// public_profile's answers, on real rows in every state a finder can meet, against the one declaration of their
// shape (@medaille/domain's public-profile.ts) that get_public_profile and the scan page use: every declared
// field with its type, a contact exactly when its switch is on, and no field the declaration does not name.
import { randomUUID } from 'node:crypto';
import { type StoredScanAnswer, scanAnswerProblems } from '@medaille/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner('shape');
});
afterAll(() => t?.close());

/** The answer get_public_profile reads for a code, as the service role asks for it. */
async function answerFor(code: string): Promise<StoredScanAnswer> {
  const { rows } = await t.as('service', (tx) =>
    tx.query<{ answer: StoredScanAnswer }>('select public.public_profile_for_client($1, $2, 1000) as answer', [
      code,
      `shape-${randomUUID()}`,
    ]),
  );
  return rows[0]?.answer as StoredScanAnswer;
}

/** Checks the answer against the declaration (photos as stored, nothing undeclared) and answers it. */
async function declaredAnswerFor(code: string) {
  const answer = await answerFor(code);
  expect(scanAnswerProblems(answer, { photos: 'stored', exact: true })).toEqual([]);
  return answer;
}

describe('public_profile’s answer, against its declared shape', () => {
  it('for an unknown code: not_found', async () => {
    expect(await declaredAnswerFor('MDL-NOWHERE-1')).toEqual({ status: 'not_found', code: 'MDL-NOWHERE-1' });
  });

  it('for a code never activated: unclaimed', async () => {
    const code = await t.createCode();
    expect(await declaredAnswerFor(code)).toEqual({ status: 'unclaimed', code });
  });

  it('for a suspended code: suspended, nothing of its animal', async () => {
    const { code } = await t.activateAnimal(owner, { nom: 'Suspendu' });
    await t.db.query(`update public.codes set suspended_at = now(), suspended_by = 'operator' where id = $1`, [code]);
    expect(await declaredAnswerFor(code)).toEqual({ status: 'suspended', code });
  });

  it('for a medal whose animal was deleted: retired', async () => {
    const { code, animalId } = await t.activateAnimal(owner, { nom: 'Parti' });
    await t.db.query('delete from public.animals where id = $1', [animalId]);
    expect(await declaredAnswerFor(code)).toEqual({ status: 'retired', code });
  });

  it('for an animal with nothing optional filled in: claimed, every optional fact null, no contact', async () => {
    const { code } = await t.activateAnimal(owner, { nom: 'Minimal', espece: null });
    const answer = await declaredAnswerFor(code);
    expect(answer).toMatchObject({ status: 'claimed', name: 'Minimal', species: null, photos: [], is_lost: false });
    expect(Object.keys(answer).filter((field) => field.startsWith('public_'))).toEqual([]);
  });

  it('for a lost animal with every optional field: claimed, none of them null, its photos cover first', async () => {
    const { code, animalId } = await t.activateAnimal(owner, {
      nom: 'Complet',
      espece: 'cat',
      race: 'Chartreux',
      couleur: 'Gris',
      annee_naissance: 2020,
      sexe: 'F',
      sterilise: true,
      poids_kg: 4.5,
      informations_importantes: 'Craintive',
      allergies: 'Poisson',
      medications: 'Aucun',
      caractere: 'Calme',
      informations_veterinaires: 'Dr Martin',
      puce_ou_tatouage: '250269604000002',
      photo_url: 'https://example.test/photo.jpg',
    });
    const photos: string[] = [];
    for (const name of ['a.jpg', 'b.jpg']) {
      const { rows } = await t.db.query<{ id: string }>(
        'insert into public.animal_photos (animal_id, path, width, height) values ($1, $2, 800, 600) returning id',
        [animalId, `${animalId}/${name}`],
      );
      photos.push(rows[0]?.id as string);
    }
    await t.db.query(
      `update public.animals set cover_photo_id = $2, is_lost = true,
         public_phone = '+33612345678', show_public_phone = true, public_email = 'complet@example.fr',
         show_public_email = true, public_address_line = '3 rue des Lilas', public_city = 'Lyon',
         show_public_address = true, second_contact_name = 'Marie', second_contact_phone = '+33711223344',
         show_second_contact_phone = true, second_contact_email = 'marie@example.fr', show_second_contact_email = true
       where id = $1`,
      [animalId, photos[1]],
    );
    // A finder shared where the lost animal was (record_scan does this only while it is lost).
    await t.db.query(
      `update public.animals set last_known_lat = 45.76, last_known_lon = 4.83, last_known_accuracy_m = 12,
         last_known_at = now() where id = $1`,
      [animalId],
    );

    // A vaccination and a treatment of its booklet shown to a finder, one with a next date, one without.
    await t.db.query(
      `insert into public.health_records (animal_id, kind, label, given_on, next_due_on, shown_to_finder)
       values ($1, 'vaccination', 'Rage', current_date, current_date + 365, true),
         ($1, 'treatment', 'Insuline', current_date, null, true)`,
      [animalId],
    );

    const answer = await declaredAnswerFor(code);
    if (answer.status !== 'claimed') throw new Error(`not claimed: ${answer.status}`);
    expect(Object.entries(answer).filter(([, value]) => value === null)).toEqual([]);
    expect(answer.emergency_health?.map((care) => care.label)).toEqual(['Insuline', 'Rage']);
    expect(answer.last_known_location).toMatchObject({ lat: 45.76, lon: 4.83, accuracy_m: 12 });
    expect(answer).toMatchObject({
      is_lost: true,
      public_phone: '+33612345678',
      public_email: 'complet@example.fr',
      public_address_line: '3 rue des Lilas',
      public_city: 'Lyon',
      second_contact_name: 'Marie',
      second_contact_phone: '+33711223344',
      second_contact_email: 'marie@example.fr',
      show_second_contact_phone: true,
      show_second_contact_email: true,
    });
    expect(answer.photos.map((photo) => photo.id)).toEqual([photos[1], photos[0]]);
  });

  describe('the second contact', () => {
    /** An animal with these second-contact columns, and the second-contact fields of its answer. */
    async function secondContactOf(columns: Record<string, string | boolean | null>) {
      const { code, animalId } = await t.activateAnimal(owner, { nom: 'Second' });
      const names = Object.keys(columns);
      await t.db.query(
        `update public.animals set ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} where id = $1`,
        [animalId, ...Object.values(columns)],
      );
      const answer = await declaredAnswerFor(code);
      return Object.fromEntries(Object.entries(answer).filter(([field]) => field.includes('second_contact')));
    }
    const marie = {
      second_contact_name: '  Marie ',
      // Stored in E.164 whatever the writer sends, and sent trimmed.
      second_contact_phone: ' +33711223344 ',
      second_contact_email: ' marie@example.fr ',
    };

    it('sends nothing of it while its switches are off, the name least of all', async () => {
      expect(await secondContactOf(marie)).toEqual({
        show_second_contact_phone: false,
        show_second_contact_email: false,
      });
    });

    it('sends each value, trimmed, only while its own switch is on, and the name with it', async () => {
      expect(await secondContactOf({ ...marie, show_second_contact_phone: true })).toEqual({
        show_second_contact_phone: true,
        show_second_contact_email: false,
        second_contact_phone: '+33711223344',
        second_contact_name: 'Marie',
      });
      expect(await secondContactOf({ ...marie, show_second_contact_email: true })).toEqual({
        show_second_contact_phone: false,
        show_second_contact_email: true,
        second_contact_email: 'marie@example.fr',
        second_contact_name: 'Marie',
      });
    });

    it('sends no blank value, even switched on, and then no name either', async () => {
      expect(
        await secondContactOf({
          ...marie,
          second_contact_phone: '   ',
          second_contact_email: null,
          show_second_contact_phone: true,
          show_second_contact_email: true,
        }),
      ).toEqual({ show_second_contact_phone: false, show_second_contact_email: false });
    });

    it('sends a value without a name when none is given', async () => {
      expect(await secondContactOf({ ...marie, second_contact_name: ' ', show_second_contact_phone: true })).toEqual({
        show_second_contact_phone: true,
        show_second_contact_email: false,
        second_contact_phone: '+33711223344',
      });
    });

    it('is independent of the first contact: shown while the first is hidden, hidden while it shows', async () => {
      expect(
        await secondContactOf({
          ...marie,
          public_phone: '+33612345678',
          show_public_phone: false,
          show_second_contact_phone: true,
        }),
      ).toMatchObject({ show_second_contact_phone: true, second_contact_phone: '+33711223344' });
      expect(await secondContactOf({ ...marie, public_phone: '+33612345678', show_public_phone: true })).toEqual({
        show_second_contact_phone: false,
        show_second_contact_email: false,
      });
    });
  });

  it('the declaration refuses what public_profile must never send', () => {
    const retired = { status: 'retired', code: 'MDL-R' };
    expect(scanAnswerProblems({ ...retired, email_proprietaire: 'x@y.fr' }, { exact: true })).toEqual([
      'answer.email_proprietaire: not declared',
    ]);
  });
});
