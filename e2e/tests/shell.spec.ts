import { newMedalCode } from '@medaille/domain';
import { PORTAL_ROUTES } from '@medaille/routing';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newCode } from '../support/owners.ts';
import { signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

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
  await expectAccessible(page);
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

/** What a page load asked for: the finder's profile requests (with their codes) and the scan remote's files. */
function watchScanWork(page: Page) {
  const profileCodes: string[] = [];
  const scanFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/get_public_profile')) {
      profileCodes.push((request.postDataJSON() as { code: string }).code);
    }
    if (request.url().startsWith(product.sites.scan.url)) scanFiles.push(request.url());
  });
  return { profileCodes, scanFiles };
}

test("one path rule everywhere: owner routes and other pages start no scan work, a code's page comes with its profile", async ({
  page,
}) => {
  const scanPreload = `link[rel=preload][href^="${product.sites.scan.url}"]`;
  const ownerPaths = PORTAL_ROUTES.map((route) => route.replace(':id', '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69'));
  for (const path of [...ownerPaths, '/', '/auth', '/une/page/inconnue']) {
    const work = watchScanWork(page);
    // The launcher's HTML (what a host serves), the HTML's early request, and the shell's router.
    const html = await (await fetch(`${product.url}${path}`)).text();
    expect(html, path).not.toContain(`href="${product.sites.scan.url}`);
    await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
    expect(work, path).toEqual({ profileCodes: [], scanFiles: [] });
    expect(await page.locator(scanPreload).count(), path).toBe(0);
    page.removeAllListeners('request');
  }
  for (const [path, code] of [
    ['/MDL-DEMO-REX', 'MDL-DEMO-REX'],
    ['/MDL-DEMO-REX/', 'MDL-DEMO-REX'],
    ['/MDL%2DDEMO-MIMI', 'MDL-DEMO-MIMI'],
  ] as const) {
    const work = watchScanWork(page);
    // The host renders a code's page with its profile: the browser asks for none, the early
    // request included, and the scan remote's files hydrate it.
    const html = await (await fetch(`${product.url}${path}`)).text();
    expect(html, path).toContain('<script type="application/json" id="medaille-scan-data">');
    await page.goto(`${product.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(code === 'MDL-DEMO-REX' ? 'Rex' : 'Mimi');
    expect(work.profileCodes, path).toEqual([]);
    expect(work.scanFiles.length, path).toBeGreaterThan(0);
    expect(await page.locator(scanPreload).count(), path).toBeGreaterThan(0);
    page.removeAllListeners('request');
  }
});

test('a finder who cannot scan types the code from the landing page, as they read it', async ({ page }) => {
  const minted = await newCode(product, newMedalCode());
  const field = () => page.getByRole('textbox', { name: 'Code de la médaille' });
  await page.goto(product.url);
  await expect(page.getByRole('heading', { name: 'Vous avez trouvé un animal ?' })).toBeVisible();

  // Nothing typed: said at once, no page changes.
  await page.getByRole('button', { name: 'Voir sa fiche' }).click();
  await expect(page.getByRole('alert')).toHaveText('Saisissez le code imprimé sur la médaille.');
  await expect(page).toHaveURL(`${product.url}/`);
  await expectAccessible(page);

  // Lower case, spaces instead of hyphens, no MDL, O for 0 and l for 1: the printed code all the same.
  const typed = minted.slice(4).toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l');
  await field().fill(typed);
  await page.getByRole('button', { name: 'Voir sa fiche' }).click();
  await expect(page).toHaveURL(`${product.url}/${minted}`);
  await expect(page.getByRole('heading', { name: 'Médaille non activée' })).toBeVisible();

  await page.goto(product.url);
  await field().fill('mdl demo rex');
  await field().press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();

  await page.goto(product.url);
  await field().fill('pas-un-code');
  await field().press('Enter');
  await expect(page.getByRole('heading', { name: 'Code introuvable' })).toBeVisible();
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

test("a signed-in owner's header is drawn once as the page loads: never the signed-out link, never replaced", async ({
  page,
}) => {
  await signIn(page, product, { email: 'demo@medaille.test', password: 'medaille-demo' });

  // From the first script on, every text the header's links showed and every header element taken out of the
  // page: one taken out loses a keyboard's focus, and a changed link is a flash a person sees.
  await page.addInitScript(() => {
    const seen = { navTexts: [] as string[], removed: 0 };
    Object.assign(window, { headerSeen: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (
            node instanceof Element &&
            (node.matches('.site-header, .site-header *') || node.querySelector('.site-logo'))
          ) {
            seen.removed += 1;
          }
        }
      }
      const text = document.querySelector('.site-nav')?.textContent ?? null;
      if (text !== null && seen.navTexts.at(-1) !== text) seen.navTexts.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rex' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { headerSeen: unknown }).headerSeen)).toEqual({
    navTexts: ['Mon compteSe déconnecter'],
    removed: 0,
  });
});
