import { defineConfig } from 'vitest/config';
import { openingReads } from './build/opening-reads.ts';

export default defineConfig({
  // As the build defines them (rsbuild.config.ts).
  define: { __MEDAILLE_OPENING_READS__: JSON.stringify(await openingReads()) },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Two files at a time on a 2-core machine (Vitest's default leaves one core idle).
    maxWorkers: 2,
    environment: 'happy-dom',
    css: false,
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/portal.json` }]],
  },
});
