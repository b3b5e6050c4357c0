import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './connection.ts';

const SUPABASE_DIR = new URL('../../../', import.meta.url);
const BASE_SQL = new URL('../../sql/supabase-base.sql', import.meta.url);
const NEW_PROJECT_SQL = new URL('../../sql/supabase-project.sql', import.meta.url);
export const MIGRATIONS_DIR = fileURLToPath(new URL('migrations/', SUPABASE_DIR));
export const SEED_FILE = fileURLToPath(new URL('seed.sql', SUPABASE_DIR));

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database to the project's schema: Supabase's base objects (idempotent), what a new project
 * starts with (on a database never prepared: the default privileges), then each migration
 * of supabase/migrations not yet recorded, in order, then the seed on a database that had no migration yet.
 * All in one transaction under an advisory lock, so that processes preparing one database at once
 * (parallel test files, a stack restarting) wait for each other and a failure leaves nothing half-done.
 */
export async function prepareDatabase(db: Database, options: { seed?: boolean } = {}): Promise<PrepareResult> {
  const base = await readFile(BASE_SQL, 'utf8');
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242001)');
    const fresh = await tx.query<{ fresh: boolean }>(
      "select to_regclass('supabase_migrations.schema_migrations') is null as fresh",
    );
    await tx.exec(base);
    if (fresh.rows[0]?.fresh) await tx.exec(await readFile(NEW_PROJECT_SQL, 'utf8'));
    const done = await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    const recorded = new Set(done.rows.map((row) => row.version));
    const applied: string[] = [];
    for (const file of files) {
      const [version = file, ...name] = file.replace(/\.sql$/, '').split('_');
      if (recorded.has(version)) continue;
      await tx.exec(await readFile(MIGRATIONS_DIR + file, 'utf8'));
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        name.join('_'),
      ]);
      applied.push(file);
    }
    const seeded = recorded.size === 0 && options.seed !== false;
    if (seeded) await tx.exec(await readFile(SEED_FILE, 'utf8'));
    return { applied, seeded };
  });
}
