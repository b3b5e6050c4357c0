import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newCode, newOwner } from '../support/owners.ts';
import { closeActivationSignIn, photoFile, signIn, toastTitle } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

test('a code is checked before the form opens: required, unknown, taken, then validated', async ({ page }) => {
  await page.goto(`${product.url}/activer`);
  await closeActivationSignIn(page);
  const check = page.getByRole('button', { name: 'Vérifier' });
  await expect(page.getByLabel('Nom *')).toBeDisabled();
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code requis' })).toBeVisible();
  await page.getByLabel('Code (MDL-...)').fill('MDL-INCONNU');
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code introuvable' })).toBeVisible();
  await page.getByLabel('Code (MDL-...)').fill('mdl-demo-rex');
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code déjà activé' })).toBeVisible();
  const code = await newCode(product);
  await page.getByLabel('Code (MDL-...)').fill(code.toLowerCase());
  await check.click();
  await expect(page.getByRole('button', { name: 'Validé' })).toBeDisabled();
  await expect(page).toHaveURL(`${product.url}/activer?code=${code}`);
  await expect(page.getByLabel('Nom *')).toBeEnabled();
  await expectAccessible(page);
});

test('a signed-in owner activates a code with two photos, and the medal shows them', async ({ page }) => {
  const owner = await newOwner(product, 'activation');
  await signIn(page, product, owner);
  const code = await newCode(product);
  await page.goto(`${product.url}/activer?code=${code}`);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();

  await page.getByLabel('Espèce').selectOption('other');
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  await expect(page.getByText("Le nom de l'animal est requis")).toBeVisible();
  await expect(page.getByText("Veuillez préciser l'espèce")).toBeVisible();
  await page.getByLabel('Nom *').fill('Pistache');
  await page.getByLabel("Préciser l'espèce").fill('Tortue');
  await expect(page.getByRole('region', { name: 'Aperçu' }).getByText('Pistache')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'orange'), await photoFile(page, 'teal')]);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();

  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Pistache' })).toBeVisible();

  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pistache' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText('Tortue')).toBeVisible();
  await expect(page.getByRole('button', { name: /Afficher la photo/ })).toHaveCount(2);
});

test('starting signed out, the form and photos survive sign-up and e-mail confirmation', async ({ page }) => {
  const code = await newCode(product);
  const email = `attente-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Caramel');
  await page.getByLabel('Espèce').selectOption('rabbit');
  await page.getByLabel('Race').fill('Bélier');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'sienna'), await photoFile(page, 'olive')]);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();

  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Inscription' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-caramel-1');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();

  const [link] = (await product.lastMail(email)).links;
  await page.goto(link as string);
  await expect(toastTitle(page, '🎉 Médaille activée !')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Caramel' })).toBeVisible();

  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Caramel' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText('Bélier')).toBeVisible();
  await expect(page.getByRole('button', { name: /Afficher la photo/ })).toHaveCount(2);
});

test('a magic link from the activation dialog signs the owner in and finishes the activation', async ({ page }) => {
  const owner = await newOwner(product, 'magique');
  const code = await newCode(product);
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Lumière');
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Lien magique' }).click();
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByRole('button', { name: 'Recevoir un lien' }).click();
  await expect(toastTitle(page, 'Lien magique envoyé')).toBeVisible();

  const mail = await product.lastMail(owner.email);
  expect(mail.subject).toBe('Votre lien de connexion à Médaille');
  await page.goto(mail.links[0] as string);
  await expect(toastTitle(page, '🎉 Médaille activée !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lumière' })).toBeVisible();
});

test('when someone else activates the code first, the spec’s "Code invalide" message shows', async ({ page }) => {
  const owner = await newOwner(product, 'lent');
  const rival = await newOwner(product, 'rapide');
  await signIn(page, product, owner);
  const code = await newCode(product);
  await page.goto(`${product.url}/activer?code=${code}`);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Trop tard');
  const won = await rival.client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'Premier' } });
  expect(won.data.success).toBe(true);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Code invalide' })).toContainText('Code invalide ou déjà utilisé');
  await expect(page).toHaveURL(/\/activer/);
  await expect(page.getByLabel('Nom *')).toHaveValue('Trop tard');
});
