// Column grants, as PostgREST applies them (the project grants owners some columns of scan_events only): a read or
// a write's representation names the columns it returns, and PostgreSQL refuses a column the role may not select
// (42501, HTTP 403 to a signed-in caller). A write returns what PostgREST's inferColsEmbedNeeds picks: the
// columns asked for and the primary key, not every column, so that a delete asking for its columns works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let animalId: string;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('colonnes');
  ({ animalId } = await stack.activatedAnimal(owner.client));
});
afterAll(() => stack?.close());

/** A position a finder shared, as record-scan stores it (service role), with the hash that stands for the finder. */
async function position() {
  const { data, error } = await stack
    .serviceClient()
    .from('scan_events')
    .insert({
      animal_id: animalId,
      code_id: (await codeOf()) as string,
      lat: 1,
      lon: 2,
      consent: true,
      client_hash: 'h',
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}
const codeOf = async () =>
  (await stack.serviceClient().from('codes').select('id').eq('animal_id', animalId).single()).data?.id;
const stillThere = async (id: string) =>
  (await stack.serviceClient().from('scan_events').select('id').eq('id', id)).data?.length === 1;

describe('a table whose columns are granted one by one', () => {
  it('reads the granted columns, and refuses a column that is not granted or select=* with 403 42501', async () => {
    const id = await position();
    const granted = await owner.client.from('scan_events').select('id, lat, lon').eq('id', id);
    expect(granted.data).toEqual([{ id, lat: 1, lon: 2 }]);
    for (const select of ['client_hash', '*', 'id, client_hash']) {
      const refused = await owner.client.from('scan_events').select(select).eq('id', id);
      expect({ select, status: refused.status, code: refused.error?.code }).toEqual({
        select,
        status: 403,
        code: '42501',
      });
    }
  });

  it('deletes returning the columns asked for and the primary key', async () => {
    const id = await position();
    const deleted = await owner.client.from('scan_events').delete().eq('id', id).select('lat');
    expect({ error: deleted.error, data: deleted.data }).toEqual({ error: null, data: [{ lat: 1 }] });
    expect(await stillThere(id)).toBe(false);
  });

  it('refuses a delete returning every column, and deletes nothing', async () => {
    const id = await position();
    const refused = await owner.client.from('scan_events').delete().eq('id', id).select('*');
    expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 403, code: '42501' });
    expect(await stillThere(id)).toBe(true);
  });

  it('deletes without a representation whatever the grants (RETURNING 1)', async () => {
    const id = await position();
    const deleted = await owner.client.from('scan_events').delete().eq('id', id);
    expect({ status: deleted.status, error: deleted.error }).toEqual({ status: 204, error: null });
    expect(await stillThere(id)).toBe(false);
  });
});
