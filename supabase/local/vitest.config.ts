import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// Each test file's stack has a database of its own, a copy of a migrated template (newTestDatabase of
// src/testing.ts), so files run in parallel, two at a time; their data folders go to memory where the machine
// has a tmpfs (copying a PGlite folder there takes half a second, on a busy disk ten).
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

// Contract tests: the real supabase-js against the local stack, on PGlite and, when DATABASE_URL
// is set, on that PostgreSQL too.
const onPostgres = process.env.DATABASE_URL ? [{ extends: true as const, test: { name: 'postgres' } }] : [];
// The functions route and GoTrue's admin API again on a legacy project (JWT_SIGNING=legacy: HS256 sessions,
// legacy keys only for the functions); signing-keys.test.ts starts a legacy stack of its own. About 20 s.
const withLegacyKeys = [
  {
    test: {
      name: 'pglite-legacy-keys',
      isolate: false,
      include: ['test/functions.test.ts', 'test/auth-admin.test.ts'],
      env: { DATABASE_URL: '', JWT_SIGNING: 'legacy' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The files of a worker share their modules (the stack, supabase-js, PGlite's loader) instead of importing
    // them again for each file: a third of the suite's CPU. Each file still has a stack and a database of its own.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/local-stack.json` }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          env: { DATABASE_URL: '' },
          // A database out of reach over the network: PGlite runs in the stack's own process.
          exclude: [...configDefaults.exclude, 'test/database-down.test.ts'],
        },
      },
      ...onPostgres,
      ...withLegacyKeys,
    ],
  },
});
