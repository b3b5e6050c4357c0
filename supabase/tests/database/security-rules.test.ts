// Rules that must hold for every object of the schema, so that a new table or function cannot
// quietly open a door: checked against the catalog rather than object by object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

const names = async (sql: string) => (await t.db.query<{ name: string }>(sql)).rows.map((row) => row.name).sort();

describe('the schema', () => {
  it('has row level security on every table of the exposed schema', async () => {
    expect(
      await names(`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`),
    ).toEqual([]);
  });

  it('fixes an empty search_path on every security definer function', async () => {
    expect(
      await names(`select p.oid::regprocedure::text as name from pg_proc p
        where p.prosecdef and p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and not coalesce('search_path=""' = any(p.proconfig), false)`),
    ).toEqual([]);
  });

  it('lets anonymous finders execute only what a finder needs', async () => {
    expect(
      await names(`select p.proname as name from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and has_function_privilege('anon', p.oid, 'execute')`),
    ).toEqual(['code_status']);
  });

  it('gives anonymous finders no table of the exposed schema', async () => {
    expect(
      await names(`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
          and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('anon', c.oid, 'insert')
            or has_table_privilege('anon', c.oid, 'update') or has_table_privilege('anon', c.oid, 'delete'))`),
    ).toEqual([]);
  });

  it('checks the new row of every update policy', async () => {
    expect(
      await names(`select schemaname || '.' || policyname as name from pg_policies
        where cmd in ('UPDATE', 'ALL') and with_check is null and schemaname in ('public', 'storage')`),
    ).toEqual([]);
  });

  it('never reads user-editable metadata in a policy', async () => {
    expect(
      await names(`select policyname as name from pg_policies
        where coalesce(qual, '') || coalesce(with_check, '') ~* '(user_metadata|raw_user_meta_data)'`),
    ).toEqual([]);
  });

  it('evaluates auth.uid() once per statement in policies, as (select auth.uid())', async () => {
    const policies = await t.db.query<{ name: string; text: string }>(
      `select policyname as name, coalesce(qual, '') || ' ' || coalesce(with_check, '') as text from pg_policies
       where schemaname in ('public', 'storage')`,
    );
    const bare = policies.rows.filter(
      (policy) =>
        (policy.text.match(/auth\.uid\(\)/g) ?? []).length !==
        (policy.text.match(/SELECT auth\.uid\(\)/g) ?? []).length,
    );
    expect(bare.map((policy) => policy.name)).toEqual([]);
    expect(policies.rows.length).toBeGreaterThan(10);
  });

  it('indexes every foreign key', async () => {
    expect(
      await names(`select c.conrelid::regclass::text || '.' || c.conname as name from pg_constraint c
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (array_to_string(i.indkey::int2[], ' ') || ' ') like (array_to_string(c.conkey, ' ') || ' %')
          )`),
    ).toEqual([]);
  });
});
