// The two databases the project's SQL must agree on, built on a PostgreSQL where the caller may create
// databases: one from supabase/migrations (what deploys), one from supabase/schemas (what people write). Used by
// `pnpm db:diff` (which writes their difference as the next migration) and by
// tests/deploy/declarative-schema.test.ts (which fails when they differ).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase, prepareDatabase } from '@medaille/local-stack/database';
import pg from 'pg';
import { parse } from 'smol-toml';

/** The project's folder in the Supabase CLI's layout (config.toml, schemas/, migrations/): this repository's. */
export const SUPABASE_DIR = fileURLToPath(new URL('../', import.meta.url));
export const SCHEMAS_DIR = join(SUPABASE_DIR, 'schemas');
// What a plain PostgreSQL needs before the project's own SQL (Supabase's objects), as the local stack applies it.
const LOCAL_BASE = ['supabase-base.sql', 'supabase-project.sql'].map((file) =>
  join(SUPABASE_DIR, 'local', 'sql', file),
);

/** The files a pattern of schema_paths names, relative to the project's folder (wildcards in the file name only). */
async function matching(projectDir: string, pattern: string): Promise<string[]> {
  const folder = join(projectDir, dirname(pattern));
  const escaped = basename(pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`^${escaped.replaceAll('*', '[^/]*').replaceAll('?', '[^/]')}$`);
  return (await readdir(folder)).filter((file) => name.test(file)).map((file) => join(folder, file));
}

/** The schema files in the CLI's order: each pattern of config.toml's schema_paths matched and sorted, no file twice. */
export async function schemaFiles(projectDir = SUPABASE_DIR): Promise<string[]> {
  const config = parse(await readFile(join(projectDir, 'config.toml'), 'utf8')) as {
    db: { migrations: { schema_paths: string[] } };
  };
  const files: string[] = [];
  for (const pattern of config.db.migrations.schema_paths) {
    const matches = await matching(projectDir, pattern);
    if (matches.length === 0) throw new Error(`schema_paths: no file matches ${pattern}`);
    for (const file of matches.sort()) if (!files.includes(file)) files.push(file);
  }
  return files;
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL of `serverUrl` (whose role may create databases), named after that URL's
 * database, as the tests' other databases are: CI drops `<database>_*` with it.
 */
export async function scratchDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `${new URL(serverUrl).pathname.slice(1)}_${label}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`).finally(() => admin.end());
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
    },
  };
}

/** Runs a script in one transaction, naming its file when it fails. */
export async function runFile(url: string, file: string): Promise<void> {
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

/** Runs one statement on a database. */
export async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** The project's migrations applied as the local stack applies them (the seed left out). */
export async function applyMigrations(url: string, projectDir = SUPABASE_DIR): Promise<void> {
  const db = await openDatabase({ url, poolSize: 1 });
  await prepareDatabase(db, { seed: false, migrationsDir: join(projectDir, 'migrations') }).finally(() => db.close());
}

/**
 * supabase/schemas applied after the local stack's base SQL (what Supabase gives a new project), each file in a
 * transaction of its own, in the order config.toml lists them, as the CLI runs them.
 */
export async function applySchemaFiles(url: string, projectDir = SUPABASE_DIR): Promise<void> {
  for (const file of [...LOCAL_BASE, ...(await schemaFiles(projectDir))]) await runFile(url, file);
}

/**
 * The dump, comparable: pg_dump's `\restrict` lines carry a random key; its entries (a comment header, then the
 * statements) are sorted, so that objects created in another order compare equal, and so are the lines of a
 * grant entry, whose order follows the order of the grants.
 */
export async function normalisedDump(url: string): Promise<string> {
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
