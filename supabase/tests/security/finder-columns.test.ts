// Finders stay unknown to owners, over HTTP with supabase-js: an owner reads where and when finders shared a position or
// opened the lost animal's page, never what stands for the finder (client_hash, user_agent). Column grants, as
// PostgREST applies them: naming a column the role may not select, or `select=*` (every column), is refused
// with 42501, which PostgREST answers 403 to a signed-in caller (401 to an anonymous one).
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let animalId: string;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('colonnes');
  const animal = await stack.activatedAnimal(owner.client, { nom: 'Colonnes' });
  animalId = animal.animalId;
  await owner.client.from('animals').update({ is_lost: true }).eq('id', animalId);
  // A finder opens the lost animal's page and shares a position, through the functions as on the scan page.
  const finder = newClientAddress();
  expect((await invoke(stack, 'get_public_profile', { code: animal.code }, finder)).status).toBe(200);
  const shared = {
    codeId: animal.code,
    animalId,
    lat: 45.76,
    lon: 4.83,
    userAgent: 'Navigateur du voisin',
    consent: true,
  };
  expect((await invoke(stack, 'record-scan', shared, finder)).status).toBe(200);
});
afterAll(() => stack?.close());

describe("an owner reading their animal's history over REST", () => {
  for (const table of ['scan_events', 'profile_views'] as const) {
    it(`is refused client_hash of ${table} (403, 42501)`, async () => {
      const answer = await owner.client.from(table).select('client_hash').eq('animal_id', animalId);
      expect({ status: answer.status, code: answer.error?.code, data: answer.data }).toEqual({
        status: 403,
        code: '42501',
        data: null,
      });
    });

    it(`is refused select=* on ${table}, which names client_hash too`, async () => {
      const answer = await owner.client.from(table).select('*').eq('animal_id', animalId);
      expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 403, code: '42501' });
    });

    it(`is refused client_hash of ${table} in a filter or an order too`, async () => {
      const filtered = await owner.client.from(table).select('id').eq('animal_id', animalId).neq('client_hash', '');
      expect({ status: filtered.status, code: filtered.error?.code }).toEqual({ status: 403, code: '42501' });
      const ordered = await owner.client.from(table).select('id').eq('animal_id', animalId).order('client_hash');
      expect({ status: ordered.status, code: ordered.error?.code }).toEqual({ status: 403, code: '42501' });
    });
  }

  it("is refused the finder's browser (scan_events.user_agent)", async () => {
    const answer = await owner.client.from('scan_events').select('user_agent').eq('animal_id', animalId);
    expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 403, code: '42501' });
  });

  it('reads and deletes the rows by the columns the portal names', async () => {
    const positions = await owner.client
      .from('scan_events')
      .select('id, animal_id, code_id, lat, lon, accuracy_m, created_at')
      .eq('animal_id', animalId);
    expect(positions.error).toBeNull();
    expect(positions.data).toMatchObject([{ lat: 45.76, lon: 4.83 }]);
    const views = await owner.client
      .from('profile_views')
      .select('id, animal_id, code_id, created_at')
      .eq('animal_id', animalId);
    expect(views.data).toHaveLength(1);
    // As the inbox deletes: the deleted rows come back with the columns named, not every column.
    const deleted = await owner.client
      .from('profile_views')
      .delete()
      .eq('animal_id', animalId)
      .select('id, created_at');
    expect({ error: deleted.error, ids: deleted.data?.map((row) => row.id) }).toEqual({
      error: null,
      ids: views.data?.map((row) => row.id),
    });
  });

  it('lets the service role, which the functions use, read the hashes', async () => {
    const { data, error } = await stack
      .serviceClient()
      .from('scan_events')
      .select('client_hash')
      .eq('animal_id', animalId);
    expect(error).toBeNull();
    expect(data?.[0]?.client_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
