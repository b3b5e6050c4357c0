import { chromium } from '@playwright/test';
import { CHROMIUM } from '../support/chromium.ts';
import { startProduct } from '../support/product.ts';
import { recordRequests } from '../bench/network.ts';

const product = await startProduct();
const browser = await chromium.launch(CHROMIUM);
for (const locale of ['fr-FR', 'en-GB', 'nl-NL']) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const recorder = await recordRequests(page, null);
  await page.goto(`${product.url}/MDL-DEMO-REX`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const all = recorder.finished().filter((r) => r.type === 'Script');
  let total = 0;
  console.log(`--- ${locale}`);
  for (const r of all) { total += r.bytes ?? 0; console.log(String(r.bytes).padStart(7), new URL(r.url).pathname); }
  console.log('total', total, (total / 1024).toFixed(1), 'KB');
  await context.close();
}
await browser.close();
await product.close();
