import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE, signIn } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';

// What a person on a 390 px touch phone meets: red buttons that can be read, controls a thumb can hit.

let product: TestProduct;
let owner: TestOwner;
let rex: { code: string; animalId: string };

test.beforeAll(async () => {
  product = await startProduct();
  owner = await newOwner(product, 'tactile');
  rex = await animalOnNewCode(product, owner, { nom: 'Rex', espece: 'dog', sexe: 'M' }, 3);
});
test.afterAll(async () => {
  await product?.close();
});

test.use(PHONE);

/**
 * The portal's controls a finger aims at that are smaller than asked: `min` px high (and wide, for
 * `square`). The site's header and the toasts are the shell's and the toasts' own.
 */
async function tooSmall(page: Page, selector: string, min: number, square = false): Promise<string[]> {
  return page.locator(selector).evaluateAll(
    (elements, [min, square]) =>
      elements.flatMap((element) => {
        if (!element.closest('.radix-themes') || element.closest('.md-toast-viewport')) return [];
        const box = element.getBoundingClientRect();
        // Not shown, or a visually hidden input whose visible control is its label.
        if (box.width <= 1 || box.height <= 1) return [];
        if (box.height >= (min as number) && (!square || box.width >= (min as number))) return [];
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return [`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`];
      }),
    [min, square] as const,
  );
}

const FORM_CONTROLS =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), select, button:not([role="checkbox"]):not([role="switch"]), [role="combobox"], [role="tab"]';
const TICKS = 'input[type="checkbox"], [role="checkbox"], [role="switch"]';

async function expectTouchSized(page: Page) {
  expect(await tooSmall(page, FORM_CONTROLS, 44)).toEqual([]);
  expect(await tooSmall(page, TICKS, 24, true)).toEqual([]);
}

test.describe('the portal on a touch phone', () => {
  test('a red confirmation button reads at 4.5:1 at least: deleting an animal', async ({ page }) => {
    await signIn(page, product, owner);
    await page.goto(`${product.url}/mon-compte/animal/${rex.animalId}`);
    await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Êtes-vous sûr ?' });
    await expect(dialog.getByRole('button', { name: 'Supprimer définitivement' })).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });

  test('text fields, selects and buttons are 44 px high; checkboxes and switches 24 px, ticked from their label too', async ({
    page,
  }) => {
    await page.goto(`${product.url}/auth/login`);
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expectTouchSized(page);

    await signIn(page, product, owner);
    await expect(page.getByText('Rex', { exact: true }).first()).toBeVisible();
    await expectTouchSized(page);

    await page.goto(`${product.url}/mon-compte/animal/${rex.animalId}`);
    const sterilized = page.getByRole('checkbox', { name: 'Stérilisé(e)' });
    await expect(sterilized).not.toBeChecked();
    await expectTouchSized(page);
    // The label's text is part of the target.
    await page.getByText('Stérilisé(e)', { exact: true }).tap();
    await expect(sterilized).toBeChecked();
  });
});
