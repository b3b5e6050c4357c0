// Supabase Storage refuses SQL that deletes its rows directly (its `protect_delete` triggers, migration
// 0055-prevent-direct-deletes): a row deleted behind its back leaves its file orphaned. Storage itself deletes
// with `set local storage.allow_delete_query = 'true'`. The stack's base SQL and its Storage do the same, so
// that code or a test deleting rows in SQL fails here as it would on hosted Supabase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let animalId: string;

const BUCKET = 'animal-photos';
const STORAGE_REFUSAL = {
  code: '42501',
  message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
};
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 0xff, 0xd9])], { type: 'image/jpeg' });

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('direct-delete');
  ({ animalId } = await stack.activatedAnimal(owner.client));
});
afterAll(() => stack?.close());

async function refusal(sql: string, params: unknown[] = []) {
  const error = await stack.db.query(sql, params).then(
    () => null,
    (caught: { code?: string; message?: string }) => ({ code: caught.code, message: caught.message }),
  );
  return error;
}

describe('storage rows', () => {
  it('cannot be deleted in SQL, even by the database owner, with Storage’s own refusal', async () => {
    const path = `${animalId}/direct.jpg`;
    expect((await owner.client.storage.from(BUCKET).upload(path, jpeg())).error).toBeNull();

    expect(await refusal('delete from storage.objects where bucket_id = $1 and name = $2', [BUCKET, path])).toEqual(
      STORAGE_REFUSAL,
    );
    expect(await refusal("delete from storage.buckets where id = 'no-such-bucket'")).toEqual(STORAGE_REFUSAL);
    const left = await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      BUCKET,
      path,
    ]);
    expect(left.rowCount).toBe(1);
  });

  it('are deleted by the Storage API, which lifts the refusal for its own transaction only', async () => {
    const path = `${animalId}/through-the-api.jpg`;
    expect((await owner.client.storage.from(BUCKET).upload(path, jpeg())).error).toBeNull();

    const removed = await owner.client.storage.from(BUCKET).remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((object) => object.name)).toEqual([path]);
    const left = await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      BUCKET,
      path,
    ]);
    expect(left.rowCount).toBe(0);
    expect((await fetch(owner.client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(400);

    // The setting was local to the API's transaction: the next SQL delete is refused again.
    expect(await refusal('delete from storage.objects where bucket_id = $1', [BUCKET])).toEqual(STORAGE_REFUSAL);
  });
});
