import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './support/chromium.ts';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Each test file runs the whole product on free ports; one at a time suits a 2-core machine.
  workers: 1,
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
