import { expectAccessible } from '../support/accessibility.ts';
import { PHONE } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';
import { expect, test } from '../support/test.ts';

// The product as a project created today on Supabase's Free plan: no image transformations (config.js
// leaves `imageTransformations` unset, so the photos come as uploaded) and a publishable key, which is no
// JWT, in place of the anon key.
let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct({ imageTransformations: false, apiKey: 'publishable' });
});
test.afterAll(async () => {
  await product?.close();
});

test.describe('a new Free-plan project: publishable key, no image transformations', () => {
  test.use(PHONE);

  test('the scan page shows the profile and its photo as uploaded, and asks Storage for no resizing', async ({
    page,
  }) => {
    const resized: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/storage/v1/render/image/')) resized.push(request.url());
    });
    const photoResponse = page.waitForResponse((response) => response.url().includes('/demo-1.png'));
    await page.goto(`${product.url}/MDL-DEMO-REX`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
    const response = await photoResponse;
    expect(response.url()).toContain('/storage/v1/object/public/animal-photos/');
    expect(response.status()).toBe(200);
    const photo = page.locator('img[src*="demo-1.png"]').first();
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    expect(resized).toEqual([]);
    await expectAccessible(page);
  });

  test('an owner signs in and finds their animals with the publishable key', async ({ page }) => {
    await page.goto(`${product.url}/auth/login`);
    await page.getByLabel('Email').fill('demo@medaille.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill('medaille-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { name: 'Mes animaux' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rex' })).toBeVisible();
  });
});
