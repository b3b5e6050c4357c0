import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// Each test file works on a database of its own, a copy of a migrated template (newTestDatabase of
// @medaille/local-stack/testing), so files run in parallel, two at a time on a 2-core machine. Their data folders
// (PGlite's, Storage's files) go to memory where the machine has a tmpfs: copying a PGlite folder there takes
// half a second, on a busy disk ten.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

// The database tests run on PGlite (what `pnpm start` uses by default) and on a real PostgreSQL (what hosted
// Supabase runs, and where the race tests are truly concurrent): the Supabase-shaped one when there is one,
// else that of DATABASE_URL.
// Tests that use no database run once, in the PGlite project.
const databaseFree = [
  'tests/deploy/deno-checks.test.ts',
  'tests/deploy/functions-domain.test.ts',
  'tests/deploy/password-rule.test.ts',
];
// Files that compare pg_dump outputs, which PGlite has not, or hold a lock on a connection of their own, which
// PGlite's one connection cannot: on PostgreSQL only.
const postgresOnly = [
  'tests/deploy/declarative-schema.test.ts',
  'tests/deploy/db-diff.test.ts',
  'tests/races/send-key-lock.test.ts',
  // auto_explain, a module of PostgreSQL's own.
  'tests/deploy/query-plans.test.ts',
];
// The real Supabase CLI (tests/deploy/cli-*): a project of its own, run once. Its database file needs the
// Supabase-shaped cluster that .ci/run builds; without SUPABASE_SHAPED_URL it is left out, and said so.
const cliSuite = 'tests/deploy/cli-*.test.ts';
const cliDatabase = 'tests/deploy/cli-database.test.ts';
if (!process.env.SUPABASE_SHAPED_URL) {
  console.warn(
    `SUPABASE_SHAPED_URL is not set: ${cliDatabase} (the CLI's db push, migration list, db lint) did NOT run.`,
  );
}
// Not `extends: true`: a project's include would be added to the root's (every test), not replace it.
const withCli = [
  {
    test: {
      name: 'supabase-cli',
      isolate: false,
      include: [cliSuite],
      exclude: [...configDefaults.exclude, ...(process.env.SUPABASE_SHAPED_URL ? [] : [cliDatabase])],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
];
// The key-sensitive files again on a legacy project (JWT_SIGNING=legacy: HS256 sessions, the anon and
// service_role JWTs for the front-ends and the functions), the other system of keys the functions must handle;
// the default projects run them with the new keys and ES256 sessions. On PGlite only, about 40 s of one worker.
const withLegacyKeys = [
  {
    test: {
      name: 'pglite-legacy-keys',
      isolate: false,
      include: [
        'tests/functions/delete-animal.test.ts',
        'tests/functions/delete-account.test.ts',
        'tests/security/authorization-matrix.test.ts',
      ],
      env: { DATABASE_URL: '', JWT_SIGNING: 'legacy' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
// The database suites, which the Supabase-shaped project below runs when there is one: there they meet what
// hosted Supabase runs (its roles, `postgres` not a superuser), which a plain PostgreSQL only approximates, so
// they are not run on the plain one a third time.
const databaseSuites = ['tests/database/**', 'tests/security/**', 'tests/races/**'];
const onPostgres = process.env.DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'postgres',
          exclude: [
            ...configDefaults.exclude,
            ...databaseFree,
            cliSuite,
            ...(process.env.SUPABASE_SHAPED_URL ? databaseSuites : []),
          ],
        },
      },
    ]
  : [];
// The database suites (tests/database, tests/security, tests/races) also run on a database set up like hosted
// Supabase's (SUPABASE_SHAPED_URL, built by ../shared/supabase-shaped/build.sh): GoTrue's and Storage's own
// schemas, `postgres` not a superuser. Each file (and each test stack) works on a copy of its own of it.
const onSupabase = process.env.SUPABASE_SHAPED_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'supabase',
          exclude: [...configDefaults.exclude, 'tests/functions/**', 'tests/deploy/**'],
          env: { DATABASE_URL: '', TEST_SUPABASE_CLUSTER_URL: process.env.SUPABASE_SHAPED_URL },
        },
      },
    ]
  : [];

// Where a real PostgreSQL runs them (DATABASE_URL: CI, and whoever sets it), the functions' suites and the
// authorization matrices are not run on PGlite a second time: the functions on PostgreSQL, the matrices on the
// Supabase-shaped database (and again with legacy keys). PGlite keeps the database suites here, and every
// journey of e2e runs the product on it; without DATABASE_URL, PGlite runs everything.
const onRealPostgresOnly = process.env.DATABASE_URL ? ['tests/functions/**', 'tests/security/**'] : [];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The files of a worker share their modules (the stack, supabase-js, PGlite's loader) instead of importing
    // them again for each file: a third of the suite's CPU. Each file still has its own stack and database; a
    // test that needs a module's first evaluation (a function's once-per-instance warning) imports it afresh.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/backend.json` }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          env: { DATABASE_URL: '' },
          exclude: [...configDefaults.exclude, cliSuite, ...postgresOnly, ...onRealPostgresOnly],
        },
      },
      ...onPostgres,
      ...onSupabase,
      ...withCli,
      ...withLegacyKeys,
    ],
  },
});
