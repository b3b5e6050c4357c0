// supabase/migrations was reset to one baseline carrying the version of the last migration it replaced: a
// database brought up to that migration goes on as before; one made by older migrations only is refused with
// what to do, and nothing is written to it.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, prepareDatabase } from '../src/database/index.ts';
import { MIGRATIONS_DIR } from '../src/database/migrations.ts';

let dir: string;
let baseline: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'medaille-history-'));
  baseline = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort()[0] as string;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function preparedDatabase(name: string): Promise<Database> {
  const db = await openDatabase({ dataDir: join(dir, name) });
  await prepareDatabase(db, { seed: false });
  return db;
}

const history = async (db: Database) =>
  (
    await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by 1')
  ).rows.map((row) => row.version);

describe('a database made before the migrations were reset to one baseline', () => {
  it('goes on when it was brought up to the baseline’s version: nothing applied again', async () => {
    const db = await preparedDatabase('up-to-date');
    try {
      const version = baseline.split('_')[0] as string;
      // As a database made by the replaced migrations records them: older versions, then the baseline's own.
      await db.query(
        "insert into supabase_migrations.schema_migrations (version, name) values ('20261121000001', 'tables')",
      );
      const again = await prepareDatabase(db, { seed: false });
      expect(again.applied.filter((file) => file.startsWith(version))).toEqual([]);
      expect(await history(db)).toContain(version);
    } finally {
      await db.close();
    }
  });

  it('is refused, saying what to do, when it stopped before the baseline’s version; nothing is written', async () => {
    const db = await preparedDatabase('behind');
    try {
      await db.query('delete from supabase_migrations.schema_migrations');
      await db.query(
        "insert into supabase_migrations.schema_migrations (version, name) values ('20261121000001', 'tables')",
      );
      await expect(prepareDatabase(db, { seed: false })).rejects.toThrow(
        `This database was made by migrations older than ${baseline}`,
      );
      expect(await history(db)).toEqual(['20261121000001']);
    } finally {
      await db.close();
    }
  });
});
