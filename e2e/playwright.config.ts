import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './support/chromium.ts';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Each worker runs one product that its files share (support/test.ts); two workers, one per core.
  workers: 2,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/playwright.json` }]],
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
  },
});
