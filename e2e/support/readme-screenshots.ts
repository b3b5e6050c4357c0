import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** The README's pictures of the product on a phone, taken by the journeys where they pass through each page. */
export const README_SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Saves what the phone shows as `e2e/screenshots/{name}.png`, only in `pnpm --filter @medaille/e2e screenshots`
 * (README_SCREENSHOTS=1): a test run leaves the committed pictures alone.
 */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.README_SCREENSHOTS !== '1') return;
  await mkdir(README_SCREENSHOTS, { recursive: true });
  // The page, not a passing toast over its title.
  await page.screenshot({
    path: `${README_SCREENSHOTS}${name}.png`,
    animations: 'disabled',
    caret: 'hide',
    style: '.md-toast { visibility: hidden; }',
  });
}
