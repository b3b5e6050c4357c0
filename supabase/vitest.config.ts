import { configDefaults, defineConfig } from 'vitest/config';

// The database tests run on PGlite (what `pnpm start` uses by default) and, when DATABASE_URL is set,
// on that PostgreSQL too (what hosted Supabase runs, and where the race tests are truly concurrent).
// Tests that use no database run once, in the PGlite project.
const databaseFree = [
  'tests/deploy/deno-checks.test.ts',
  'tests/deploy/functions-domain.test.ts',
  'tests/deploy/password-rule.test.ts',
];
const onPostgres = process.env.DATABASE_URL
  ? [{ extends: true as const, test: { name: 'postgres', exclude: [...configDefaults.exclude, ...databaseFree] } }]
  : [];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/backend.json` }]],
    projects: [{ extends: true, test: { name: 'pglite', env: { DATABASE_URL: '' } } }, ...onPostgres],
  },
});
