import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { startProduct, type TestProduct } from '../support/product.ts';

// The product deployed on Supabase's Free plan, which has no image transformations: config.js leaves
// `imageTransformations` unset, and the scan page must stay whole with the photos as uploaded.
let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct({ imageTransformations: false });
});
test.afterAll(async () => {
  await product?.close();
});

test.describe('without image transformations (Free plan)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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
});
