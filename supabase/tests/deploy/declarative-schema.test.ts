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
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { copySupabaseDatabase, type DatabaseCopy, openDatabase, prepareDatabase } from '@medaille/local-stack/database';
import pg from 'pg';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { cliProject, runSupabase } from './cli-run.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMAS_DIR = join(SUPABASE_DIR, 'schemas');
// What a plain PostgreSQL needs before the project's first migration (Supabase's objects), as the local stack
// applies it.
const LOCAL_BASE = ['supabase-base.sql', 'supabase-project.sql'].map((file) =>
  join(SUPABASE_DIR, 'local', 'sql', file),
);

/** The files a pattern of schema_paths names, relative to supabase/ (wildcards in the file name only, as ours). */
async function matching(pattern: string): Promise<string[]> {
  const folder = join(SUPABASE_DIR, dirname(pattern));
  const escaped = basename(pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`^${escaped.replaceAll('*', '[^/]*').replaceAll('?', '[^/]')}$`);
  return (await readdir(folder)).filter((file) => name.test(file)).map((file) => join(folder, file));
}

/** The schema files in the CLI's order: each pattern of schema_paths matched and sorted, no file twice. */
async function schemaFiles(): Promise<string[]> {
  const config = parse(await readFile(join(SUPABASE_DIR, 'config.toml'), 'utf8')) as {
    db: { migrations: { schema_paths: string[] } };
  };
  const files: string[] = [];
  for (const pattern of config.db.migrations.schema_paths) {
    const matches = await matching(pattern);
    if (matches.length === 0) throw new Error(`schema_paths: no file matches ${pattern}`);
    for (const file of matches.sort()) if (!files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * The dump, comparable: pg_dump's `\restrict` lines carry a random key; its entries (a comment header, then the
 * statements) are sorted, so that objects created in another order compare equal, and so are the lines of a
 * grant entry, whose order follows the order of the grants.
 */
async function normalisedDump(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'pg_dump',
    ['--schema-only', '--exclude-schema=supabase_migrations', '--dbname', url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const entries = stdout
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .join('\n')
    .split(/\n(?=--\n-- Name: )/)
    .map((entry) => {
      const lines = entry.trim().split('\n');
      return / Type: (ACL|DEFAULT ACL);/.test(lines[1] ?? '')
        ? [...lines.slice(0, 3), ...lines.slice(3).sort()].join('\n')
        : lines.join('\n');
    });
  return entries.sort().join('\n\n');
}

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

/** Runs a script in one transaction, naming its file when it fails. */
async function runFile(url: string, file: string) {
  const db = await openDatabase({ url, poolSize: 1 });
  try {
    const sql = await readFile(file, 'utf8');
    await db.transaction((tx) => tx.exec(sql));
  } catch (error) {
    throw new Error(`${relative(SUPABASE_DIR, file)}: ${(error as Error).message}`);
  } finally {
    await db.close();
  }
}

/**
 * Databases of their own on the PostgreSQL of DATABASE_URL, whose role is a superuser there. The schema files
 * go after the local stack's base SQL (what Supabase gives a new project), each in a transaction of its own,
 * in the order config.toml lists them, as the CLI runs them.
 */
function plainPostgres(url: string): Target {
  return {
    async create() {
      // Named after DATABASE_URL's database, as the tests' other databases are: CI drops `<database>_*` with it.
      const name = `${new URL(url).pathname.slice(1)}_schemas_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`).finally(() => admin.end());
      const copy = new URL(url);
      copy.pathname = `/${name}`;
      return {
        url: copy.toString(),
        superuserUrl: copy.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
        },
      };
    },
    async applySchemas(database) {
      for (const file of [...LOCAL_BASE, ...(await schemaFiles())]) await runFile(database.url, file);
    },
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

    const migrated = await openDatabase({ url: fromMigrations.url, poolSize: 1 });
    await prepareDatabase(migrated, { seed: false }).finally(() => migrated.close());
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
