// A finder on a page with no owner to reach (a code not found, a medal not activated, suspended or retired)
// always has a way forward on a phone: the code typed again as they read it on the medal, with or without
// JavaScript, and what to do in France.
import { newMedalCode } from '@medaille/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newCode, newOwner } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

test.use(PHONE);

let filou: string; // a claimed medal's code
let blank: string; // a medal not activated yet

test.beforeAll(async () => {
  const owner = await newOwner(product, 'dead-ends');
  // A code as minted and printed on a medal, which a finder reads and types.
  filou = await newCode(product, newMedalCode());
  const { data, error } = await owner.client.rpc('register_animal_with_code', {
    p_code: filou,
    p_animal: { nom: 'Filou', espece: 'cat' },
  });
  if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
  blank = await newCode(product);
});

/** The code as a person types it from the medal: in lower case, with spaces for the hyphens. */
const asTyped = (code: string) => code.toLowerCase().replaceAll('-', ' ');

async function typeAgain(page: Page, code: string) {
  await page.getByLabel('Code de la médaille').fill(code);
  await page.getByRole('button', { name: 'Voir sa fiche' }).click();
}

test('a code not found: typed again as read on the medal, it leads to the animal; the guide starts at the vet', async ({
  page,
}) => {
  await page.goto(`${product.url}/MDL-NOPE-NOPE`);
  await expect(page.getByRole('heading', { level: 1, name: 'Code introuvable' })).toBeVisible();

  // What to do in France, without the owner's step: there is no owner to call from here.
  await page.getByText('Animal trouvé : que faire en France ?').tap();
  await expect(
    page.getByText(
      "N'importe quel vétérinaire peut lire gratuitement sa puce ou son tatouage et retrouver son propriétaire.",
    ),
  ).toBeVisible();
  await expect(page.getByText('Appelez ou écrivez à son propriétaire')).toHaveCount(0);
  await expectAccessible(page);

  // Nothing typed: the field says so, and the finder stays here.
  await typeAgain(page, '');
  expect(
    await page.getByLabel('Code de la médaille').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true);
  await expect(page).toHaveURL(`${product.url}/MDL-NOPE-NOPE`);

  await typeAgain(page, asTyped(filou));
  await expect(page).toHaveURL(`${product.url}/${filou}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Filou' })).toBeVisible();
});

test('a medal not activated, without JavaScript: the form leads to the typed code’s page all the same', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${product.url}/${blank}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Médaille non activée' })).toBeVisible();
  await typeAgain(page, asTyped(filou));
  await expect(page).toHaveURL(`${product.url}/${filou}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Filou' })).toBeVisible();
  await context.close();
});
