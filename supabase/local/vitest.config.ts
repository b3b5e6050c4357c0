import { defineConfig } from 'vitest/config';

// Contract tests: the real supabase-js against the local stack, on PGlite and, when DATABASE_URL
// is set, on that PostgreSQL too.
const onPostgres = process.env.DATABASE_URL ? [{ extends: true as const, test: { name: 'postgres' } }] : [];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/local-stack.json` }]],
    projects: [{ extends: true, test: { name: 'pglite', env: { DATABASE_URL: '' } } }, ...onPostgres],
  },
});
