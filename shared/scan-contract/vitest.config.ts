import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/scan-contract.json` }]],
  },
});
