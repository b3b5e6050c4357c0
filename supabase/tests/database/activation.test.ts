import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRow, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner();
});
afterAll(() => t?.close());

interface Answer {
  success: boolean;
  error: string | null;
  animal_id: string | null;
}

async function register(actor: Owner, code: string, animal: Record<string, unknown> = { nom: 'Rex' }) {
  const result = await t.as(actor, (tx) =>
    tx.query<{ answer: Answer }>('select public.register_animal_with_code($1, $2) as answer', [
      code,
      JSON.stringify(animal),
    ]),
  );
  return result.rows[0]?.answer as Answer;
}

async function animalsOf(actor: Owner) {
  const result = await t.db.query<{ id: string; nom: string }>(
    'select id, nom from public.animals where proprietaire_id = $1',
    [actor.id],
  );
  return result.rows;
}

describe('register_animal_with_code', () => {
  it('creates the caller’s animal and claims the code in one step', async () => {
    const me = await t.createOwner();
    const code = await t.createCode();
    const answer = await register(me, code, {
      nom: 'Rex',
      espece: 'dog',
      annee_naissance: 2019,
      sexe: 'M',
      sterilise: true,
      poids_kg: 24.5,
      proprietaire_id: owner.id,
    });
    expect(answer).toMatchObject({ success: true, error: null, reason: null });
    const animals = await animalsOf(me);
    expect(animals).toEqual([{ id: answer.animal_id, nom: 'Rex' }]);
    expect(await codeRow(t.db, code)).toEqual({ used: true, animal_id: answer.animal_id });
    // The payload cannot give the animal to someone else.
    expect(await animalsOf(owner)).toEqual([]);
  });

  it('accepts the code in lower case and with spaces, as typed', async () => {
    const me = await t.createOwner();
    const code = await t.createCode();
    const answer = await register(me, `  ${code.toLowerCase()} `);
    expect(answer.success).toBe(true);
    expect((await codeRow(t.db, code))?.animal_id).toBe(answer.animal_id);
  });

  it('refuses an unknown, an activated and a retired code with the spec message, creating nothing', async () => {
    const me = await t.createOwner();
    const taken = await t.createCode();
    expect((await register(owner, taken)).success).toBe(true);
    const retired = await t.createCode();
    await t.db.query('update public.codes set used = true where id = $1', [retired]);

    for (const code of ['MDL-DOES-NOT-EXIST', taken, retired]) {
      expect(await register(me, code)).toEqual({
        success: false,
        error: 'Code invalide ou déjà utilisé',
        reason: 'code_unavailable',
        animal_id: null,
      });
    }
    expect(await animalsOf(me)).toEqual([]);
  });

  it('answers "Session expirée" to a caller without a user', async () => {
    const code = await t.createCode();
    const result = await t.as('service', (tx) =>
      tx.query<{ answer: Answer }>('select public.register_animal_with_code($1, $2) as answer', [code, '{"nom":"X"}']),
    );
    expect(result.rows[0]?.answer).toMatchObject({
      success: false,
      error: 'Session expirée',
      reason: 'session_expired',
    });
    expect(await codeRow(t.db, code)).toEqual({ used: false, animal_id: null });
  });

  it('is not callable by anonymous finders', async () => {
    const code = await t.createCode();
    const outcome = await t.attempt('anon', 'select public.register_animal_with_code($1, $2)', [code, '{"nom":"X"}']);
    expect(outcome.error?.code).toBe('42501');
  });

  it('leaves the code free and no animal when the animal is invalid', async () => {
    const me = await t.createOwner();
    const code = await t.createCode();
    await expect(register(me, code, { nom: '   ' })).rejects.toMatchObject({ code: '23514' });
    await expect(register(me, code, { nom: 'Rex', annee_naissance: 1899 })).rejects.toMatchObject({ code: '23514' });
    expect(await codeRow(t.db, code)).toEqual({ used: false, animal_id: null });
    expect(await animalsOf(me)).toEqual([]);
  });

  it('gives exactly one winner and no orphan animal when 20 owners claim one code at once', async () => {
    const code = await t.createCode();
    const claimers = await Promise.all(Array.from({ length: 20 }, (_, i) => t.createOwner(`claimer${i}`)));
    const answers = await Promise.all(claimers.map((claimer) => register(claimer, code)));

    const winners = answers.filter((answer) => answer.success);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.error === 'Code invalide ou déjà utilisé')).toHaveLength(19);

    const created = await t.db.query<{ id: string }>(
      'select id from public.animals where proprietaire_id = any($1::uuid[])',
      [claimers.map((claimer) => claimer.id)],
    );
    expect(created.rows).toEqual([{ id: winners[0]?.animal_id }]);
    expect((await codeRow(t.db, code))?.animal_id).toBe(winners[0]?.animal_id);
  });
});

describe('code_status', () => {
  it('tells free, activated and unknown codes apart, for anyone', async () => {
    const free = await t.createCode();
    const { code: activated } = await t.activateAnimal(owner);
    const retired = await t.createCode();
    await t.db.query('update public.codes set used = true where id = $1', [retired]);

    for (const [code, status] of [
      [free, 'free'],
      [free.toLowerCase(), 'free'],
      [activated, 'activated'],
      [retired, 'activated'],
      ['MDL-NOPE', 'unknown'],
      ['not a code', 'unknown'],
    ] as const) {
      const outcome = await t.attempt<{ status: string }>('anon', 'select public.code_status($1) as status', [code]);
      expect(outcome.rows, code).toEqual([{ status }]);
    }
  });
});
