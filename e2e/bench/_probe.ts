import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchProduct } from '@medaille/launcher';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../support/chromium.ts';
import { recordRequests } from './network.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'probe-'));
const product = await launchProduct({
  ports: { shell: 0, scan: 0, portal: 0, stack: 0 },
  env: { DATA_DIR: dataDir, DATABASE_URL: '' },
});
const browser = await chromium.launch(CHROMIUM);
const page = await browser.newPage();
const rec = await recordRequests(page, null);
await page.goto(`${product.url}${process.argv[2] ?? '/auth/login'}`, { waitUntil: 'networkidle' });
let total = 0;
for (const r of rec.finished()) {
  if (r.type === 'Script' || r.type === 'Stylesheet') total += r.bytes;
  console.log(r.type.padEnd(10), String(r.bytes).padStart(7), r.level, r.url.replace(/^https?:\/\/[^/]+/, ''));
}
console.log('JS+CSS', total);
await browser.close();
await product.close();
