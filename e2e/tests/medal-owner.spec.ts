import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expectAccessible, runInPage } from '../support/accessibility.ts';
import { animalOnNewCode, newCode, newOwner, serviceClient } from '../support/owners.ts';
import { signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The owner's side of medals: a suspended code on /activer, suspending and resuming one's own
// medal from the edit page, and its QR code to download.

/** What the operator's tool does (`pnpm medals suspend CODE`): set_medal_suspended with the service role. */
async function operatorSuspends(code: string, suspended = true) {
  const { error } = await serviceClient(product).rpc('set_medal_suspended', { p_code: code, p_suspended: suspended });
  if (error) throw error;
}

test.describe('/activer and a suspended medal', () => {
  test('the code check says the medal is suspended, not that it is taken', async ({ page }) => {
    const owner = await newOwner(product, 'suspendu-verif');
    await signIn(page, product, owner);
    const code = await newCode(product);
    await operatorSuspends(code);
    await page.goto(`${product.url}/activer?code=${code}`);
    await expect(page.getByRole('status').filter({ hasText: 'Cette médaille est suspendue' })).toHaveText(
      'Cette médaille est suspendue. Contactez le support.',
    );
    await expect(page.getByText('Code déjà activé')).toHaveCount(0);
    await expect(page.getByLabel('Nom *')).toBeDisabled();
  });

  test("the activation shows the database's own refusal", async ({ page }) => {
    const owner = await newOwner(product, 'suspendu-activation');
    const code = await newCode(product);
    await signIn(page, product, owner, `/activer?code=${code}`);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Trop tard');
    await operatorSuspends(code);
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await expect(page.locator('.md-toast', { hasText: "Impossible de créer l'animal" })).toContainText(
      'Cette médaille est suspendue. Contactez le support.',
    );
    await expect(page).toHaveURL(/\/activer/);
    await expect(page.getByLabel('Nom *')).toHaveValue('Trop tard');
  });
});

test.describe("the edit page's medal", () => {
  test('suspended after a confirmation, its finder sees "Médaille suspendue"; resumed, the profile is back', async ({
    page,
    context,
  }) => {
    const owner = await newOwner(product, 'suspension');
    const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Pistou' });
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
    const medal = page.getByRole('region', { name: 'Médaille', exact: true });
    await expect(medal).toContainText(code);
    await expect(medal.getByText('Active', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await medal.getByRole('button', { name: 'Suspendre la médaille' }).click();
    const suspend = page.getByRole('alertdialog', { name: 'Suspendre la médaille ?' });
    await expect(suspend).toContainText('« Médaille suspendue »');
    await expect(suspend).toContainText('rien de Pistou');
    await expectAccessible(page, '[role="alertdialog"]');
    await suspend.getByRole('button', { name: 'Suspendre la médaille' }).click();
    await expect(toastTitle(page, 'Médaille suspendue')).toBeVisible();
    await expect(medal.getByText('Suspendue', { exact: true })).toBeVisible();
    const resume = medal.getByRole('button', { name: 'Réactiver la médaille' });
    await expect(resume).toBeFocused();

    const finder = await context.newPage();
    await finder.goto(`${product.url}/${code}`);
    await expect(finder.getByRole('heading', { name: 'Médaille suspendue' })).toBeVisible();
    await expect(finder.getByText('Pistou')).toHaveCount(0);
    await expect(finder.getByText(code, { exact: true })).toBeVisible();
    await expectAccessible(finder);

    const cards = await context.newPage();
    await cards.goto(`${product.url}/mon-compte`);
    await expect(
      cards.locator('.rt-Card').filter({ has: cards.getByRole('heading', { name: 'Pistou' }) }),
    ).toContainText('Médaille suspendue : qui la scanne ne voit pas la fiche. Réactivez-la depuis « Modifier ».');
    await cards.close();

    await resume.click();
    const confirmResume = page.getByRole('alertdialog', { name: 'Réactiver la médaille ?' });
    await expect(confirmResume).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await confirmResume.getByRole('button', { name: 'Réactiver la médaille' }).click();
    await expect(toastTitle(page, 'Médaille réactivée')).toBeVisible();
    await expect(medal.getByText('Active', { exact: true })).toBeVisible();
    await finder.reload();
    await expect(finder.getByRole('heading', { level: 1, name: 'Pistou' })).toBeVisible();
    await expect(finder.locator('footer').getByText(code, { exact: true })).toBeVisible();
  });

  test('suspended by the operator, its card and its edit page say so and whom to write to, with no button that would fail', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'support');
    const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Bloqué' });
    await operatorSuspends(code);
    await signIn(page, product, owner);
    const card = page.locator('.rt-Card').filter({ has: page.getByRole('heading', { name: 'Bloqué' }) });
    await expect(card).toContainText(
      'Médaille suspendue par le support de Médaille : qui la scanne ne voit pas la fiche. Pour la faire réactiver, écrivez-nous : contact@medaille.fr',
    );
    await expect(card.getByRole('link', { name: 'contact@medaille.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@medaille.fr',
    );

    await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
    const medal = page.getByRole('region', { name: 'Médaille', exact: true });
    await expect(medal.getByText('Suspendue par le support', { exact: true })).toBeVisible();
    await expect(medal).toContainText('Le support de Médaille a suspendu cette médaille');
    await expect(medal).toContainText('Vous ne pouvez pas la réactiver vous-même');
    await expect(medal.getByRole('link', { name: 'contact@medaille.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@medaille.fr',
    );
    await expect(medal.getByRole('button', { name: 'Réactiver la médaille' })).toHaveCount(0);
    await expect(medal.getByRole('button', { name: 'Suspendre la médaille' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

/** Reads a QR code in the page: the image drawn on a canvas, its pixels given to jsQR. */
async function readQr(page: Page, imageUrl: string): Promise<string | null> {
  await runInPage(page, await readFile(createRequire(import.meta.url).resolve('jsqr'), 'utf8'));
  return page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const jsQR = (
      window as unknown as { jsQR: (data: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
  }, imageUrl);
}

test("the medal's QR code downloads as PNG and SVG, each read as the medal's address, its code under it", async ({
  page,
}) => {
  const owner = await newOwner(product, 'qr');
  const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Carré' });
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  await signIn(page, product, owner);
  expect(chunks.filter((url) => /\/qrcode\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  const medal = page.getByRole('region', { name: 'Médaille', exact: true });
  await expect(medal.getByRole('img', { name: `QR code de la médaille ${code}` })).toBeVisible();
  // The qrcode package comes in a chunk of its own, after the page.
  expect(chunks.filter((url) => /\/qrcode\.[0-9a-f]+\.js$/.test(url))).toHaveLength(1);
  const medalUrl = `${product.url}/${code}`;

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    medal.getByRole('link', { name: 'Télécharger en PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`${code}.png`);
  const pngBytes = await readFile(await png.path());
  expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(await readQr(page, `data:image/png;base64,${pngBytes.toString('base64')}`)).toBe(medalUrl);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    medal.getByRole('link', { name: 'Télécharger en SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe(`${code}.svg`);
  const svgText = await readFile(await svg.path(), 'utf8');
  const parsed = await page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, 'image/svg+xml');
    return {
      root: document.documentElement.nodeName,
      errors: document.getElementsByTagName('parsererror').length,
      text: document.querySelector('text')?.textContent,
    };
  }, svgText);
  expect(parsed).toEqual({ root: 'svg', errors: 0, text: code });
  expect(await readQr(page, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`)).toBe(medalUrl);
});
