import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct, type TestProduct } from '../support/product.ts';
import {
  changedScanRemote,
  redeployScan as redeploy,
  SCAN_CHANGE,
  SCAN_REMOTE,
  untilHostRenders,
} from '../support/scan-deployment.ts';
import { expect, test } from '../support/test.ts';

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

const redeployScan = (root: string | null) => redeploy(product, root);

test('a scan remote that is down shows a French fallback, and the page recovers on retry', async ({ page }) => {
  await redeployScan(null);
  // The host notices within seconds (it keeps the manifests it read), then answers the client-rendered page.
  await untilHostRenders(product, 'MDL-DEMO-REX', (html) => !html.includes('id="medaille-scan-data"'));
  await page.goto(`${product.url}/MDL-DEMO-REX`);
  await expect(page.getByRole('heading', { name: 'Cette partie du site ne répond pas' })).toBeVisible({
    timeout: 20_000,
  });
  // The shell itself keeps working around it.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();

  await redeployScan(join(SCAN_REMOTE, 'dist'));
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
});

test('a rebuilt scan remote shows its new text through the running shell, which was not rebuilt', async ({ page }) => {
  test.setTimeout(240_000);
  const rebuilt = await changedScanRemote();
  const shellIndexFile = fileURLToPath(new URL('../../hosts/shell/dist/index.html', import.meta.url));
  const shellIndex = await readFile(shellIndexFile, 'utf8');
  const servedBefore = await (await fetch(product.url)).text();
  await page.goto(`${product.url}/MDL-DEMO-REX`);
  await expect(page.getByText(SCAN_CHANGE.text)).toBeVisible();

  await redeployScan(rebuilt);
  await page.reload();
  await expect(page.getByText(SCAN_CHANGE.replacement)).toBeVisible();
  // The shell that served this page is the same build as before.
  expect(await readFile(shellIndexFile, 'utf8')).toBe(shellIndex);
  expect(await (await fetch(product.url)).text()).toBe(servedBefore);
});
