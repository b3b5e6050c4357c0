/**
 * Debian's Chromium and the flags it needs here: Playwright's own browser download cannot run on this
 * machine (no internet), and background networking would only meet closed doors.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
