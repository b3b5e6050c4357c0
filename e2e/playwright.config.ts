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
    // The browser is most of the run's CPU on two cores. A person who asked for less motion: no frames drawn
    // for transitions no journey asserts (7 % less CPU). A failure's trace keeps the DOM at each step and the
    // network, without the screencast's images (18 % of the CPU when recorded for every journey).
    reducedMotion: 'reduce',
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});
