import type { Locator, Page } from '@playwright/test';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The portal's small faults on a phone, fixed: a name without spaces wraps on every page instead of widening it,
// toasts leave the header and the title alone, and 'Animal perdu' is one switch wherever it is.

test.use(PHONE);

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not displayed');
  return found;
};
type Box = Awaited<ReturnType<typeof box>>;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a 100-character name without spaces wraps on every page of the portal at 390 and 320 px, its dialogs within the screen', async ({
  page,
}) => {
  const owner = await newOwner(product, 'long-nom');
  const nom = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 100);
  const { animalId } = await animalOnNewCode(product, owner, { nom, espece: 'dog', race: 'B'.repeat(100) }, 1);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of [
      '/mon-compte',
      `/mon-compte/animal/${animalId}`,
      `/mon-compte/animal/${animalId}/carnet`,
      `/mon-compte/animal/${animalId}/historique`,
    ]) {
      await signIn(page, product, owner, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await pageWidth(page), `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }

  // The edit page's line under its title keeps its words whole, and leaving it asks within the screen.
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  const meta = page.getByText(/^Médaille MDL-/);
  // Its height in pixels, a few lines at most: stacked one letter a line, it stood over a thousand.
  expect((await box(meta)).height).toBeLessThan(100);
  await page.getByLabel('Couleur').fill('Roux');
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
  await expect(leave.getByRole('heading', { name: 'Quitter sans enregistrer ?' })).toBeInViewport({ ratio: 1 });
  await expect(leave.getByRole('button', { name: 'Quitter sans enregistrer' })).toBeInViewport({ ratio: 1 });
});

test("on a phone, a toast leaves the header and the page's title uncovered", async ({ page }) => {
  const owner = await newOwner(product, 'toast-haut');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog', sexe: 'M' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  // The page's clock stands still: the toast stays until it is measured.
  await page.clock.install();
  await page.getByRole('switch', { name: 'Animal perdu' }).click();
  const shown = page.locator('.md-toast', { has: toastTitle(page, 'Statut mis à jour') });
  await expect(shown).toBeVisible();
  const toast = await box(shown);
  expect(overlap(toast, await box(page.locator('.site-header')))).toBe(false);
  expect(overlap(toast, await box(page.getByRole('heading', { level: 1, name: 'Modifier le profil de Filou' })))).toBe(
    false,
  );
  expect(overlap(toast, await box(page.locator('.portal-save-bar')))).toBe(false);
  expect(toast.y + toast.height).toBeLessThanOrEqual(844);
});

test("'Animal perdu' is the same switch on 'Mes animaux' as on the animal's page", async ({ page }) => {
  const owner = await newOwner(product, 'interrupteur');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog', sexe: 'M' });
  await signIn(page, product, owner, '/mon-compte');
  const lost = page.getByRole('switch', { name: 'Animal perdu' });
  await lost.click();
  await expect(toastTitle(page, 'Statut mis à jour')).toBeVisible();
  await expect(lost).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Animal perdu' })).toHaveCount(0);
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await expect(page.getByRole('switch', { name: 'Animal perdu' })).toBeChecked();
});
