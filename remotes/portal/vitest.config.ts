import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Two files at a time on a 2-core machine (Vitest's default leaves one core idle).
    maxWorkers: 2,
    environment: 'happy-dom',
    css: false,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/portal.json` }]],
  },
});
