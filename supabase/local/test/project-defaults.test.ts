// Supabase grants everything created in public to the API roles by default, once, when the project is
// created; a migration that revokes those default privileges (ours does: schemas/setup.sql, in the baseline) keeps
// them revoked. The stack prepares its database at every start: doing so must not grant them again, or a
// table that a later migration creates would be readable by anon on a long-lived database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, prepareDatabase } from '../src/database/index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'medaille-defaults-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const defaultGrantsToApiRoles = async (db: Database) =>
  (
    await db.query<{ acl: string }>(
      `select array_to_string(d.defaclacl, ',') as acl from pg_default_acl d
       join pg_namespace n on n.oid = d.defaclnamespace where n.nspname = 'public'`,
    )
  ).rows
    .flatMap((row) => row.acl.split(','))
    .filter((entry) => /^(anon|authenticated)=/.test(entry));

describe('the project’s default privileges', () => {
  it('are Supabase’s when the project is new, and stay as the migrations left them at every later start', async () => {
    const dataDir = join(dir, 'pglite');
    let db = await openDatabase({ dataDir });
    await prepareDatabase(db, { seed: false });
    expect(await defaultGrantsToApiRoles(db)).toEqual([]);
    await db.close();

    db = await openDatabase({ dataDir });
    try {
      await prepareDatabase(db, { seed: false });
      expect(await defaultGrantsToApiRoles(db)).toEqual([]);
      await db.exec('create table public.made_later (id int)');
      const privileges = await db.query(
        `select grantee, privilege_type from information_schema.role_table_grants
         where table_schema = 'public' and table_name = 'made_later' and grantee in ('anon', 'authenticated')`,
      );
      expect(privileges.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
