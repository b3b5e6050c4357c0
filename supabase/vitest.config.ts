import { defineConfig } from 'vitest/config';

// The database tests run on PGlite (what `pnpm start` uses by default) and, when DATABASE_URL is set,
// on that PostgreSQL too (what hosted Supabase runs, and where the race tests are truly concurrent).
const onPostgres = process.env.DATABASE_URL ? [{ extends: true as const, test: { name: 'postgres' } }] : [];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/backend.json` }]],
    projects: [{ extends: true, test: { name: 'pglite', env: { DATABASE_URL: '' } } }, ...onPostgres],
  },
});
