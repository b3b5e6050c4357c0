// supabase/schemas (the schema as it is now, one file per table or group of functions) and supabase/migrations
// (what deploys) must describe one database. Each is applied to a database of its own, in the order the
// Supabase CLI takes them (config.toml's [db.migrations] schema_paths; the migrations by version), and the two
// `pg_dump --schema-only` must be the same: tables, columns, constraints, indexes, policies, functions' bodies,
// grants, triggers, default privileges, in every schema, on Supabase's as well (storage.objects' policies).
// The Supabase CLI's own `supabase db diff` would need Docker for its shadow database: none here.
//
// On the PostgreSQL of DATABASE_URL (as the local stack prepares it) and, when SUPABASE_SHAPED_URL is set, on
// copies of the Supabase-shaped cluster (GoTrue's and Storage's own schemas, `postgres` no superuser), where the
// real CLI applies the schema files itself (`supabase db reset --experimental`).
import { cpSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { copySupabaseDatabase, type DatabaseCopy } from '@medaille/local-stack/database';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  applySchemaFiles,
  normalisedDump,
  SCHEMAS_DIR,
  schemaFiles,
  scratchDatabase,
} from '../../scripts/schema-databases.ts';
import { cliProject, runSupabase } from './cli-run.ts';

interface Database {
  /** For the project's role. */
  url: string;
  /** For a superuser: pg_dump reads every schema. */
  superuserUrl: string;
  drop(): Promise<void>;
}

interface Target {
  /** A new database of its own. */
  create(): Promise<Database>;
  /** Applies supabase/schemas to a new database, as the target's tool does. */
  applySchemas(database: Database): Promise<void>;
}

/**
 * Databases of their own on the PostgreSQL of DATABASE_URL, whose role is a superuser there. The schema files
 * go after the local stack's base SQL (what Supabase gives a new project), each in a transaction of its own,
 * in the order config.toml lists them, as the CLI runs them.
 */
function plainPostgres(url: string): Target {
  return {
    async create() {
      const database = await scratchDatabase(url, 'schemas');
      return { ...database, superuserUrl: database.url };
    },
    applySchemas: (database) => applySchemaFiles(database.url),
  };
}

/**
 * Copies of the Supabase-shaped cluster's pristine database (its superuser is supabase_admin). The schema files
 * are applied by the real Supabase CLI, which reads config.toml's schema_paths itself: `supabase db reset
 * --experimental` builds a database from them instead of the migrations.
 */
function supabaseShaped(clusterUrl: string): Target {
  return {
    async create() {
      const copy: DatabaseCopy = await copySupabaseDatabase(clusterUrl);
      const superuser = new URL(copy.url);
      superuser.username = 'supabase_admin';
      return { url: copy.url, superuserUrl: superuser.toString(), drop: () => copy.drop() };
    },
    async applySchemas(database) {
      const project = cliProject();
      try {
        cpSync(SCHEMAS_DIR, join(project.workdir, 'supabase', 'schemas'), { recursive: true });
        const reset = await runSupabase(project, [
          'db',
          'reset',
          '--experimental',
          '--db-url',
          database.url,
          '--no-seed',
          '--yes',
        ]);
        if (reset.code !== 0) throw new Error(`supabase db reset --experimental: ${reset.stdout}${reset.stderr}`);
      } finally {
        project.remove();
      }
    },
  };
}

const targets: Array<[string, Target]> = [];
if (process.env.DATABASE_URL)
  targets.push(['PostgreSQL, files applied in order', plainPostgres(process.env.DATABASE_URL)]);
if (process.env.SUPABASE_SHAPED_URL) {
  targets.push([
    'a Supabase-shaped database, files applied by the Supabase CLI',
    supabaseShaped(process.env.SUPABASE_SHAPED_URL),
  ]);
}

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(drops.map((drop) => drop()));
});

describe('supabase/schemas', () => {
  it('lists every file of supabase/schemas in config.toml, so that none is left out of a database', async () => {
    const listed = (await schemaFiles()).map((file) => relative(SCHEMAS_DIR, file));
    const present = (await readdir(SCHEMAS_DIR)).filter((file) => file.endsWith('.sql'));
    expect([...listed].sort()).toEqual(present.sort());
  });

  it.each(targets)('gives the same database as supabase/migrations, on %s', async (_name, target) => {
    const [fromMigrations, fromSchemas] = await Promise.all([target.create(), target.create()]);
    drops.push(fromMigrations.drop, fromSchemas.drop);

    await applyMigrations(fromMigrations.url);
    await target.applySchemas(fromSchemas);

    const [migratedDump, declaredDump] = await Promise.all([
      normalisedDump(fromMigrations.superuserUrl),
      normalisedDump(fromSchemas.superuserUrl),
    ]);
    // A long dump: on a difference, its lines alone, each marked with the side that has it.
    const missing = (from: string, other: string) => {
      const lines = new Set(other.split('\n'));
      return from.split('\n').filter((line) => !lines.has(line));
    };
    expect({
      onlyFromMigrations: missing(migratedDump, declaredDump),
      onlyFromSchemas: missing(declaredDump, migratedDump),
    }).toEqual({ onlyFromMigrations: [], onlyFromSchemas: [] });
    expect(declaredDump).toBe(migratedDump);
  });
});
