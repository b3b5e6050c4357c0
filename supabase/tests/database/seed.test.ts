// The demo data, as a newcomer meets it on the local stack: its lost animal must be lost as an owner's report
// makes one (dated, with its checklist), or the portal's lost mode shows neither 'Perdu depuis', nor the
// checklist, nor the poster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

const DEMO_OWNER = { id: 'a0000000-0000-4000-8000-000000000001', email: 'demo@medaille.test' };
const MIMI = 'b0000000-0000-4000-8000-000000000002';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

describe('The demo seed', () => {
  it('has a lost animal dated and with its checklist, as the lost mode needs it', async () => {
    const { rows } = await t.attempt<{ is_lost: boolean; lost_since: Date | null; lost_checklist: string[] }>(
      DEMO_OWNER,
      'select is_lost, lost_since, lost_checklist from public.animals where id = $1',
      [MIMI],
    );
    const mimi = rows[0];
    expect(mimi?.is_lost).toBe(true);
    expect(mimi?.lost_since).toBeInstanceOf(Date);
    expect(mimi?.lost_since?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(mimi?.lost_checklist).toEqual([]);
  });

  it('dates every lost animal it has', async () => {
    const { rows } = await t.attempt<{ nom: string }>(
      'service',
      'select nom from public.animals where proprietaire_id = $1 and is_lost and lost_since is null',
      [DEMO_OWNER.id],
    );
    expect(rows).toEqual([]);
  });
});
