// What the project's database has of Supabase's own, the same on PGlite, on a plain PostgreSQL (where the local
// stack imitates it) and on a Supabase database (where GoTrue's and Storage's migrations made it, and the stack
// only applies the project's migrations and seed).
import { readdir } from 'node:fs/promises';
import { isSupabaseDatabase, MIGRATIONS_DIR } from '@medaille/local-stack/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

const ownerOf = async (signature: string) =>
  (
    await t.db.query<{ owner: string }>(
      'select proowner::regrole::text as owner from pg_proc where oid = $1::regprocedure',
      [signature],
    )
  ).rows[0]?.owner;

describe('Supabase’s schemas', () => {
  it('are GoTrue’s and Storage’s on a Supabase database, left as their migrations made them', async () => {
    const supabase = await isSupabaseDatabase(t.db);
    const { rows } = await t.db.query<{ me: string }>('select current_user as me');
    const me = rows[0]?.me;
    expect({ supabase, uid: await ownerOf('auth.uid()'), guard: await ownerOf('storage.protect_delete()') }).toEqual(
      supabase
        ? { supabase, uid: 'supabase_auth_admin', guard: 'supabase_storage_admin' }
        : { supabase, uid: me, guard: me },
    );
  });

  it('record the project’s migrations where the Supabase CLI does, every one of them', async () => {
    const recorded = await t.db.query('select version from supabase_migrations.schema_migrations');
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+_.+\.sql$/.test(file));
    expect(recorded.rowCount).toBe(files.length);
  });

  it('give the service role nothing of GoTrue’s tables in SQL, as on hosted: accounts go through the auth API', async () => {
    for (const table of ['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens']) {
      const outcome = await t.attempt('service', `select 1 from ${table} limit 1`);
      expect({ table, code: outcome.error?.code }).toEqual({ table, code: '42501' });
    }
  });
});
