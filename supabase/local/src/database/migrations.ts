import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './connection.ts';

const SUPABASE_DIR = new URL('../../../', import.meta.url);
const BASE_SQL = new URL('../../sql/supabase-base.sql', import.meta.url);
const NEW_PROJECT_SQL = new URL('../../sql/supabase-project.sql', import.meta.url);
const MIGRATION_HISTORY_SQL = new URL('../../sql/migration-history.sql', import.meta.url);
export const MIGRATIONS_DIR = fileURLToPath(new URL('migrations/', SUPABASE_DIR));
export const SEED_FILE = fileURLToPath(new URL('seed.sql', SUPABASE_DIR));

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database to the project's schema. On a database that is not a Supabase project (PGlite, a plain
 * PostgreSQL): Supabase's base objects (idempotent), then what a new project starts with (on a database never
 * prepared: the default privileges). On a Supabase database, which has all of that already and refuses changes
 * to GoTrue's and Storage's schemas, nothing of the kind. Then, on both, each migration of supabase/migrations
 * not yet recorded, in order, and the seed on a database that had no migration yet, as `supabase db push
 * --include-seed` does. All in one transaction under an advisory lock, so that processes preparing one database
 * at once (parallel test files, a stack restarting) wait for each other and a failure leaves nothing half-done.
 * `migrationsDir`: another folder of migrations than supabase/migrations (`pnpm db:diff`'s test uses a copy).
 */
export async function prepareDatabase(
  db: Database,
  options: { seed?: boolean; migrationsDir?: string } = {},
): Promise<PrepareResult> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const files = (await readdir(migrationsDir)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242001)');
    const found = await tx.query<{ fresh: boolean }>(
      "select to_regclass('supabase_migrations.schema_migrations') is null as fresh",
    );
    const fresh = found.rows[0]?.fresh === true;
    if (!(await isSupabaseDatabase(tx))) {
      await tx.exec(await readFile(BASE_SQL, 'utf8'));
      if (fresh) await tx.exec(await readFile(NEW_PROJECT_SQL, 'utf8'));
    }
    await tx.exec(await readFile(MIGRATION_HISTORY_SQL, 'utf8'));
    const done = await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    const recorded = new Set(done.rows.map((row) => row.version));
    refuseHistoryBeforeBaseline(recorded, files[0]);
    const applied: string[] = [];
    for (const file of files) {
      const [version = file, ...name] = file.replace(/\.sql$/, '').split('_');
      if (recorded.has(version)) continue;
      await tx.exec(await readFile(join(migrationsDir, file), 'utf8'));
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

/**
 * supabase/migrations was reset to one baseline, whose version is that of the last migration it replaced: a
 * database that recorded that version has everything the baseline makes, and goes on from there. One that
 * recorded only older migrations lacks some of it, and the baseline cannot be applied on top: refused, saying
 * what to do, before anything is written.
 */
function refuseHistoryBeforeBaseline(recorded: Set<string>, baseline: string | undefined) {
  const version = baseline?.split('_')[0];
  if (!version || recorded.size === 0 || recorded.has(version)) return;
  if (![...recorded].some((older) => older < version)) return;
  throw new Error(
    `This database was made by migrations older than ${baseline}, the baseline supabase/migrations was reset to, and was not brought up to it. Start from a new one (delete .data/, or drop the database of DATABASE_URL), or first bring it up to ${version} with a checkout from before the reset.`,
  );
}

/**
 * A Supabase project's database: its `auth` and `storage` schemas are GoTrue's and Storage's, made by their own
 * migrations, which each record in a table of its own (auth.schema_migrations, storage.migrations). The stack's
 * base SQL creates neither table, so a database it prepared is never taken for one.
 */
export async function isSupabaseDatabase(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ supabase: boolean }>(
    `select to_regclass('auth.schema_migrations') is not null
            and to_regclass('storage.migrations') is not null as supabase`,
  );
  return rows[0]?.supabase === true;
}
