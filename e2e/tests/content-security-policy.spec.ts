// The Content-Security-Policy in Chromium: the main journeys walked with it, and nothing refused. Every journey
// of every file fails on a refusal too (support/test.ts); these walk the policy's edges on purpose: the scan
// page's inline scripts with and without JavaScript, the message form, the conversation page, the portal's
// sign-in, 'Mes animaux' with its early-data script, and an edit page with photos from Storage and a preview.
import type { Page, Response } from '@playwright/test';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, photoFile } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

test.use(PHONE);

/** A page's answer as the browser got it: framing refused, a policy that holds scripts to their hashes. */
function expectGuarded(response: Response | null) {
  const headers = response?.headers() ?? {};
  expect(headers['x-frame-options']).toBe('DENY');
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/(^|; )script-src 'self' [^;]*'sha256-/);
  expect(policy).not.toMatch(/script-src [^;]*'unsafe-(inline|eval)'/);
}

/** Waits until the page's scripts ran: the shell renders into its root. */
const hydrated = (page: Page) => expect(page.locator('#root > *').first()).toBeAttached();

test('the detector: an inline script the policy does not name is refused and reported', async ({
  page,
  cspViolations,
}) => {
  expectGuarded(await page.goto(`${product.url}/`));
  await hydrated(page);
  expect(cspViolations).toEqual([]);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__INJECTED__ = true;';
    document.head.append(script);
  });
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toContain("script-src 'self'");
  expect(await page.evaluate(() => 'window.__INJECTED__' in window)).toBe(false);
  // Not this journey's failure: it was the point.
  cspViolations.length = 0;
});

test('a finder with JavaScript: the scan page, its photo, its message dialog, and the conversation page', async ({
  page,
}) => {
  const owner = await newOwner(product, 'csp-finder');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M', is_lost: true }, 1);
  expectGuarded(await page.goto(`${product.url}/${rex.code}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1 de Rex' })).toBeVisible();
  await expect(page.locator('button', { hasText: 'Partager ma position' })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer un message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' });
  await dialog.getByLabel('Votre message').fill('Il est avec moi.');
  await dialog.getByLabel('Photo de l’animal (facultatif)').setInputFiles(await photoFile(page, 'teal'));
  await dialog.getByLabel(/Votre e-mail/).fill(`trouveur-${crypto.randomUUID()}@example.org`);
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  const followUp = page.getByRole('dialog', { name: 'Suivez la conversation' });
  await followUp.getByRole('link', { name: 'Ouvrir la conversation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation au sujet de Rex' })).toBeVisible();
  expectGuarded(await page.reload());
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation au sujet de Rex' })).toBeVisible();
});

test('a finder without JavaScript: the scan page, the message form sent through the host, and the conversation page', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'csp-scriptless');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M' }, 1);
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  expectGuarded(await page.goto(`${product.url}/${rex.code}`));
  await expect(page.getByRole('img', { name: 'Photo 1 de Rex' })).toBeVisible();
  await page.getByText('Envoyer un message', { exact: true }).click();
  await page.getByLabel('Votre message').fill('Il est avec moi, sans JavaScript.');
  await page.getByLabel(/Votre e-mail/).fill(`trouveur-${crypto.randomUUID()}@example.org`);
  const sent = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  expectGuarded(await sent);
  await expect(page.getByText('Message transmis au propriétaire')).toBeVisible();
  await page.getByRole('link', { name: 'Ouvrir la conversation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation au sujet de Rex' })).toBeVisible();
  await context.close();
});

test("an owner: the sign-in, 'Mes animaux', and an edit page with its photos and a new one's preview", async ({
  page,
}) => {
  const owner = await newOwner(product, 'csp-owner');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Papillon' }, 2);
  expectGuarded(await page.goto(`${product.url}/auth/login`));
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe').fill(owner.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Papillon')).toBeVisible();
  // Opened afresh: the page's HTML asks for its data itself (its early-data script), with the stored session.
  expectGuarded(await page.reload());
  await expect(page.getByText('Papillon')).toBeVisible();
  expectGuarded(await page.goto(`${product.url}/mon-compte/animal/${animalId}`));
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  await expect(gallery.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  await gallery.locator('input[type="file"]').setInputFiles(await photoFile(page, 'gold'));
  await expect(page.locator('.md-toast', { hasText: 'Upload réussi' })).toBeVisible();
  await expect(gallery.getByRole('img', { name: 'Photo 3' })).toBeVisible();
});
