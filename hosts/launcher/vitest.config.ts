import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at a time on a 2-core machine (Vitest's default leaves one core to itself): each waits mostly
    // on processes of its own.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/launcher.json` }]],
  },
});
