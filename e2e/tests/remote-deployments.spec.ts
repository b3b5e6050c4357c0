import { spawnSync } from 'node:child_process';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStaticSite } from '@medaille/launcher/static-site';
import { expect, test } from '@playwright/test';
import { startProduct, type TestProduct } from '../support/product.ts';

const SCAN_REMOTE = fileURLToPath(new URL('../../remotes/scan/', import.meta.url));

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

/** Replaces the scan remote's deployment: a new server on the same origin serving `root`. */
async function redeployScan(root: string | null) {
  const port = Number(new URL(product.sites.scan.url).port);
  await product.sites.scan.close();
  if (root) product.sites.scan = await serveStaticSite({ root, port });
}

test('a scan remote that is down shows a French fallback, and the page recovers on retry', async ({ page }) => {
  await redeployScan(null);
  await page.goto(`${product.url}/MDL-DEMO-REX`);
  await expect(page.getByRole('heading', { name: 'Cette partie du site ne répond pas' })).toBeVisible({
    timeout: 20_000,
  });
  // The shell itself keeps working around it.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();

  await redeployScan(fileURLToPath(new URL('../../remotes/scan/dist', import.meta.url)));
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
});

test('a rebuilt scan remote shows its new text through the running shell, which was not rebuilt', async ({ page }) => {
  test.setTimeout(240_000);
  // A copy of the remote's sources with one text changed, built on its own like a new deployment. It sits
  // beside the remote so that its configuration and dependencies resolve as the original's do.
  const copy = fileURLToPath(new URL('../../remotes/.scan-rebuild/', import.meta.url));
  await rm(copy, { recursive: true, force: true });
  try {
    for (const entry of ['src', 'index.html', 'package.json', 'rsbuild.config.ts', 'tsconfig.json']) {
      await cp(join(SCAN_REMOTE, entry), join(copy, entry), { recursive: true });
    }
    await symlink(join(SCAN_REMOTE, 'node_modules'), join(copy, 'node_modules'));
    const copyFile = join(copy, 'src/copy.ts');
    const source = await readFile(copyFile, 'utf8');
    await writeFile(copyFile, source.replace('Aidez-le à rentrer chez lui', 'Nouvelle version : aidez-le à rentrer'));
    const build = spawnSync(join(SCAN_REMOTE, 'node_modules/.bin/rsbuild'), ['build'], { cwd: copy, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);

    const shellIndexFile = fileURLToPath(new URL('../../hosts/shell/dist/index.html', import.meta.url));
    const shellIndex = await readFile(shellIndexFile, 'utf8');
    const servedBefore = await (await fetch(product.url)).text();
    await page.goto(`${product.url}/MDL-DEMO-REX`);
    await expect(page.getByText('Aidez-le à rentrer chez lui')).toBeVisible();

    await redeployScan(join(copy, 'dist'));
    await page.reload();
    await expect(page.getByText('Nouvelle version : aidez-le à rentrer')).toBeVisible();
    // The shell that served this page is the same build as before.
    expect(await readFile(shellIndexFile, 'utf8')).toBe(shellIndex);
    expect(await (await fetch(product.url)).text()).toBe(servedBefore);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});
