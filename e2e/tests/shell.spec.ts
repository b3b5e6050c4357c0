import { expect, test } from '@playwright/test';
import { startProduct, type TestProduct } from '../support/product.ts';

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

test('the landing page shows the spec’s texts and leads to register and login', async ({ page }) => {
  await page.goto(product.url);
  await expect(
    page.getByRole('heading', { name: 'Activez votre médaille et protégez votre compagnon en quelques minutes.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'En 3 minutes, votre compagnon est protégé !' })).toBeVisible();
  await expect(page.getByText('Made with love in France, 2025')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Activer votre médaille' }).click();
  await expect(page).toHaveURL(`${product.url}/auth/register`);
  await page.goto(product.url);
  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${product.url}/auth/login`);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto(`${product.url}/une/page/inconnue`);
  await expect(page.getByRole('heading', { name: 'Oops! Page introuvable' })).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil", exact: true }).click();
  await expect(page).toHaveURL(`${product.url}/`);
});

test('a medal code renders the scan remote, without the portal or the auth client', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto(`${product.url}/MDL-DEMO-REX`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
  expect(loaded.some((url) => url.startsWith(product.sites.scan.url))).toBe(true);
  expect(loaded.some((url) => url.startsWith(product.sites.portal.url))).toBe(false);
  expect(loaded.some((url) => url.includes('/auth/v1/'))).toBe(false);
});

test('signing in changes the header, the landing page then redirects, and signing out restores both', async ({
  page,
}) => {
  await page.goto(`${product.url}/auth/login`);
  await page.getByLabel('Email').fill('demo@medaille.test');
  await page.getByLabel('Mot de passe').fill('medaille-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.locator('.md-toast-title', { hasText: 'Connexion réussie' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rex' })).toBeVisible();

  await page.goto(product.url);
  await expect(page).toHaveURL(`${product.url}/mon-compte`);

  // The scan page knows the visitor is signed in without loading the auth client.
  await page.goto(`${product.url}/MDL-DEMO-MIMI`);
  await expect(header.getByRole('link', { name: 'Mon compte' })).toBeVisible();

  await header.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(`${product.url}/`);
  await expect(header.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByText('Made with love in France, 2025')).toBeVisible();
});
