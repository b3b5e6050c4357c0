// Minted batches and suspension, in the database that every front door goes through.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner();
});
afterAll(() => t?.close());

async function one<T>(actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  const outcome = await t.as(actor, (tx) => tx.query<{ value: T }>(`select ${sql} as value`, params));
  return outcome.rows[0]?.value as T;
}

const newCodes = (count: number) =>
  Array.from({ length: count }, () => `MDL-M${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`);

const profile = (code: string) =>
  one<Record<string, unknown>>('service', 'public.public_profile_for_client($1, $2, 1000)', [code, randomUUID()]);
const codeStatus = (code: string) => one<string>('anon', 'public.code_status($1)', [code]);
const operatorSuspends = (code: string, suspended: boolean, reason: string | null = null) =>
  one<Record<string, unknown>>('service', 'public.set_medal_suspended($1, $2, $3)', [code, suspended, reason]);
const ownerSuspends = (actor: Owner, animalId: string, suspended: boolean) =>
  one<{ success: boolean; error: string | null }>(actor, 'public.set_my_medal_suspended($1, $2)', [
    animalId,
    suspended,
  ]);

describe('mint_medal_codes', () => {
  it('inserts a whole batch with its name, free and unused', async () => {
    const codes = newCodes(50);
    expect(await one('service', 'public.mint_medal_codes($1, $2)', [codes, 'lot-test'])).toMatchObject({
      inserted: 50,
      taken: [],
      created_at: expect.any(String),
    });
    const rows = await t.db.query<{ id: string; batch: string; used: boolean }>(
      'select id, batch, used from public.codes where id = any($1) order by id',
      [codes],
    );
    expect(rows.rows).toEqual(codes.sort().map((id) => ({ id, batch: 'lot-test', used: false })));
  });

  it('inserts nothing when one code already exists, and names it, so that it is replaced and never reused', async () => {
    const [existing = ''] = newCodes(1);
    await one('service', 'public.mint_medal_codes($1, $2)', [[existing], 'first']);
    const fresh = newCodes(3);
    expect(await one('service', 'public.mint_medal_codes($1, $2)', [[...fresh, existing], 'second'])).toEqual({
      inserted: 0,
      taken: [existing],
      created_at: null,
    });
    const stored = await t.db.query('select id, batch from public.codes where id = any($1)', [[...fresh, existing]]);
    expect(stored.rows).toEqual([{ id: existing, batch: 'first' }]);
  });

  it('refuses a batch that repeats a code or breaks the code pattern, inserting nothing', async () => {
    const [code = ''] = newCodes(1);
    const repeated = await t.attempt('service', 'select public.mint_medal_codes($1, $2)', [[code, code], 'x']);
    expect(repeated.error?.code).toBe('22023');
    const malformed = await t.attempt('service', 'select public.mint_medal_codes($1, $2)', [[code, 'ABC'], 'x']);
    expect(malformed.error?.constraint).toBe('codes_id_format');
    expect((await t.db.query('select 1 from public.codes where id = $1', [code])).rowCount).toBe(0);
  });

  it('is for the service role alone: anon and owners cannot mint, look up or suspend', async () => {
    for (const actor of ['anon', owner] as const) {
      for (const sql of [
        "select public.mint_medal_codes(array['MDL-NEW'], 'x')",
        "select public.medal_info('MDL-DEMO-REX')",
        "select public.set_medal_suspended('MDL-DEMO-REX', true)",
      ]) {
        expect((await t.attempt(actor, sql)).error?.code, sql).toBe('42501');
      }
    }
  });
});

describe('suspension by the operator', () => {
  it('hides the profile and takes no message or position; resume restores it all', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Suspendu', is_lost: true });
    const before = await profile(code);
    expect(before).toMatchObject({ status: 'claimed', name: 'Suspendu' });

    expect(await operatorSuspends(code, true, 'médaille volée')).toMatchObject({
      code,
      state: 'suspended',
      has_animal: true,
      suspended_by: 'operator',
      suspended_reason: 'médaille volée',
    });
    expect(await profile(code)).toEqual({ status: 'suspended', code });
    expect(await codeStatus(code)).toBe('suspended');
    expect(await one('service', "public.record_finder_message($1, 'Trouvé !', null)", [code])).toBeNull();
    expect(
      await one('service', 'public.record_scan($1, null, 48.85, 2.35, 10, $2, $3)', [code, 'test', randomUUID()]),
    ).toEqual({ status: 'not_found' });
    // The owner cannot lift the operator's suspension.
    expect(await ownerSuspends(owner, animalId, false)).toMatchObject({
      success: false,
      reason: 'suspended_by_operator',
    });

    expect(await operatorSuspends(code, false)).toMatchObject({ state: 'activated', suspended_at: null });
    expect(await profile(code)).toEqual(before);
    const animal = await t.db.query('select id from public.animals where id = $1', [animalId]);
    expect(animal.rowCount).toBe(1);
  });

  it('keeps a free code from being activated, with its own message', async () => {
    const code = await t.createCode();
    await operatorSuspends(code, true);
    const answer = await one<{ success: boolean; error: string }>(owner, 'public.register_animal_with_code($1, $2)', [
      code,
      JSON.stringify({ nom: 'Rex' }),
    ]);
    expect(answer).toEqual({
      success: false,
      error: 'Cette médaille est suspendue. Contactez le support.',
      reason: 'code_suspended',
      animal_id: null,
    });
    expect(await codeStatus(code)).toBe('suspended');
    await operatorSuspends(code, false);
    expect(await codeStatus(code)).toBe('free');
  });

  it('answers null for a code that does not exist', async () => {
    expect(await operatorSuspends('MDL-JAMAIS-VU', true)).toBeNull();
    expect(await one('service', 'public.medal_info($1)', ['MDL-JAMAIS-VU'])).toBeNull();
  });
});

describe("suspension by the animal's owner", () => {
  it('suspends and resumes their own medal only', async () => {
    const { animalId, code } = await t.activateAnimal(owner);
    const stranger = await t.createOwner('stranger');
    expect(await ownerSuspends(stranger, animalId, true)).toMatchObject({ success: false, reason: 'no_medal' });
    expect(await profile(code)).toMatchObject({ status: 'claimed' });

    expect(await ownerSuspends(owner, animalId, true)).toMatchObject({ success: true, suspended: true });
    expect(await profile(code)).toEqual({ status: 'suspended', code });
    expect(await one('service', 'public.medal_info($1)', [code])).toMatchObject({ suspended_by: 'owner' });

    expect(await ownerSuspends(owner, animalId, false)).toMatchObject({ success: true, suspended: false });
    expect(await profile(code)).toMatchObject({ status: 'claimed', name: 'Rex' });
  });
});
