import { expect, type Locator, test } from '@playwright/test';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { signIn } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';

// Issue 14: what a real person trips on in the owner portal, on a touch phone and on a desktop.

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** How opaque an element really is: its own opacity times its ancestors'. */
const effectiveOpacity = (locator: Locator) =>
  locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });

test.describe('on a touch phone', () => {
  test.use(phone);

  test('the gallery shows its controls as 44 px targets, and a delete asks first; Annuler keeps the photo', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'tactile');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Tactile' }, 2);
    await signIn(page, product, owner);
    await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
    const gallery = page.getByRole('region', { name: "Photos de l'animal" });
    await expect(gallery.getByRole('img')).toHaveCount(2);

    for (const name of [
      'Choisir comme couverture (Photo 2)',
      'Supprimer la photo (Photo 2)',
      'Déplacer la photo (Photo 2)',
    ]) {
      const button = gallery.getByRole('button', { name });
      await expect.poll(() => effectiveOpacity(button)).toBe(1);
      const box = await button.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }

    const rows = async () =>
      (await owner.client.from('animal_photos').select('id').eq('animal_id', animalId)).data?.length;
    await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 2)' }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette photo ?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Annuler' }).tap();
    await expect(confirm).toBeHidden();
    await expect(gallery.getByRole('img')).toHaveCount(2);
    expect(await rows()).toBe(2);

    await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 2)' }).tap();
    await confirm.getByRole('button', { name: 'Supprimer la photo' }).tap();
    await expect(gallery.getByRole('img')).toHaveCount(1);
    expect(await rows()).toBe(1);
  });
});

