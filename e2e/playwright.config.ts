import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download cannot run here (no internet).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  // Each test file runs the whole product on free ports; one at a time suits a 2-core machine.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR ?? '.reports'}/playwright.json` }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    locale: 'fr-FR',
    trace: 'retain-on-failure',
  },
});
