import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './support/chromium.ts';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // One worker and its product (support/test.ts): a journey's Chromium alone keeps both cores busy (its browser,
  // renderer and compositor processes), so a second worker only made each journey 2.8 times slower and the
  // run longer (39 journeys: 202 s with two workers, 184 s with one, with a fifth less CPU).
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
    // The browser is most of the run's CPU on two cores. A person who asked for less motion: no frames drawn
    // for transitions no journey asserts (7 % less CPU). A failure's trace keeps the DOM at each step and the
    // network, without the screencast's images (18 % of the CPU when recorded for every journey).
    reducedMotion: 'reduce',
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});
