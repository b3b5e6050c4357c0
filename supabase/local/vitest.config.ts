import { defineConfig } from 'vitest/config';

// Contract tests: the real supabase-js against the local stack, on PGlite and, when DATABASE_URL
// is set, on that PostgreSQL too.
const onPostgres = process.env.DATABASE_URL ? [{ extends: true as const, test: { name: 'postgres' } }] : [];
// The functions route and GoTrue's admin API again on a legacy project (JWT_SIGNING=legacy: HS256 sessions,
// legacy keys only for the functions); signing-keys.test.ts starts a legacy stack of its own. About 20 s.
const withLegacyKeys = [
  {
    test: {
      name: 'pglite-legacy-keys',
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/local-stack.json` }]],
    projects: [
      { extends: true, test: { name: 'pglite', env: { DATABASE_URL: '' } } },
      ...onPostgres,
      ...withLegacyKeys,
    ],
  },
});
