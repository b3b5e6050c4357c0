// The real Supabase CLI applies our migrations and seed as the README tells a deployer to (`supabase db push
// --db-url`), on a database set up like a new hosted project's (../shared/supabase-shaped: Supabase's roles,
// GoTrue's and Storage's own schemas, supautils; `postgres` no superuser), then sees every migration
// applied and lints the schema without an error. Only included when SUPABASE_SHAPED_URL is set (vitest.config.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { copySupabaseDatabase, type DatabaseCopy } from '@medaille/local-stack/database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProject, cliProject, runSupabase, SUPABASE_DIR } from './cli-run.ts';

const MIGRATIONS = readdirSync(join(SUPABASE_DIR, 'migrations'))
  .filter((file) => file.endsWith('.sql'))
  .sort();
const VERSIONS = MIGRATIONS.map((file) => file.split('_')[0] as string);

/** `db lint` prints a JSON list of functions and their issues, or nothing when it finds none. */
function lintIssues(stdout: string) {
  const functions = (stdout.trim() ? JSON.parse(stdout) : []) as Array<{
    function: string;
    issues: Array<{ level: string; message: string }>;
  }>;
  return functions.flatMap((entry) =>
    entry.issues.map(({ level, message }) => ({ function: entry.function, level, message })),
  );
}

let project: CliProject;
let database: DatabaseCopy;

beforeAll(async () => {
  const cluster = process.env.SUPABASE_SHAPED_URL;
  if (!cluster) throw new Error('SUPABASE_SHAPED_URL is not set: this file runs only on a Supabase-shaped cluster');
  project = cliProject();
  // A copy of the cluster's untouched database, as a new project starts, seen by no other suite.
  database = await copySupabaseDatabase(cluster);
});

afterAll(async () => {
  await database?.drop();
  project?.remove();
});

// One database, changed step by step: push, then list, then lint.
describe.sequential('the Supabase CLI on a Supabase-shaped database', () => {
  it('`db push --include-seed` applies every migration in order, then seed.sql', async () => {
    const push = await runSupabase(project, ['db', 'push', '--db-url', database.url, '--include-seed', '--yes']);
    const output = push.stdout + push.stderr;
    expect(push.code, output).toBe(0);
    const applied = [...output.matchAll(/^Applying migration (\S+)\.\.\.$/gm)].map((match) => match[1]);
    expect(applied).toEqual(MIGRATIONS);
    expect(output).toContain('Seeding data from supabase/seed.sql');
    expect(output).toContain('Finished supabase db push.');

    // The seed's demo owner and medals are there, for the role that runs the project.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(`select id from public.codes where id like 'MDL-DEMO-%'`);
      expect(rows.map((row) => row.id)).toContain('MDL-DEMO-REX');
    } finally {
      await client.end();
    }
  });

  it('`migration list` shows every migration applied on the database', async () => {
    const list = await runSupabase(project, ['migration', 'list', '--db-url', database.url]);
    expect(list.code, list.stderr).toBe(0);
    // Rows of `Local | Remote | Time`: each version on both sides.
    const rows = [...list.stdout.matchAll(/^\s*`?(\d{14})?`?\s*\|\s*`?(\d{14})?`?\s*\|/gm)].map((match) => ({
      local: match[1],
      remote: match[2],
    }));
    expect(rows).toEqual(VERSIONS.map((version) => ({ local: version, remote: version })));
  });

  it('`db lint --level error --fail-on error` finds no error in the public schema', async () => {
    const lint = await runSupabase(project, [
      'db',
      'lint',
      '--db-url',
      database.url,
      '-s',
      'public',
      '--level',
      'error',
      '--fail-on',
      'error',
    ]);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    expect(lintIssues(lint.stdout)).toEqual([]);
  });

  it('`db lint --fail-on error` does fail on a function that plpgsql_check finds broken (without it, lint exits 0)', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('create schema lint_check');
      await client.query(
        `create function lint_check.broken() returns int language plpgsql as $$ begin return (select nothing from no_such_table); end $$`,
      );
    } finally {
      await client.end();
    }
    const lint = await runSupabase(project, [
      'db',
      'lint',
      '--db-url',
      database.url,
      '-s',
      'lint_check',
      '--level',
      'error',
      '--fail-on',
      'error',
    ]);
    expect(lint.code).not.toBe(0);
    expect(lintIssues(lint.stdout)).toEqual([
      { function: 'lint_check.broken', level: 'error', message: 'relation "no_such_table" does not exist' },
    ]);
  });
});
