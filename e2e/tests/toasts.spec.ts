import type { Locator } from '@playwright/test';
import { animalOnNewCode, newCode, newOwner } from '../support/owners.ts';
import { closeActivationSignIn, PHONE, photoFile, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// What the toasts tell an owner on a phone: only what is still true, never over the page's own buttons, and
// what a screen reader hears while photos are reordered.

test.use(PHONE);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test('a right password after a wrong one leaves the success alone, without the stale error', async ({ page }) => {
  const owner = await newOwner(product, 'seconde-chance');
  // The page's clock stands still from the first toast on, so that no toast goes away by its own timer.
  await page.clock.install();
  await page.goto(`${product.url}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe').fill('pas-le-bon-1');
  await page.getByRole('button', { name: 'Se connecter' }).tap();
  const wrong = page.locator('.md-toast', { hasText: 'Email ou mot de passe incorrect' });
  await expect(wrong).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  await page.getByLabel('Mot de passe').fill(owner.password);
  await page.getByRole('button', { name: 'Se connecter' }).tap();
  await expect(toastTitle(page, 'Connexion réussie')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(wrong).toHaveCount(0);
});

test.describe('an address that already has an account', () => {
  test('on the register page, Se connecter opens the login page with the address filled in', async ({ page }) => {
    const owner = await newOwner(product, 'deja-inscrit');
    await page.goto(`${product.url}/auth/register`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('autre-mot-de-passe-2');
    await page.getByRole('button', { name: 'Créer mon compte' }).tap();
    const question = page.getByRole('alert').filter({ hasText: 'Compte existant' });
    await expect(question).toContainText('Un compte existe déjà avec cet email. Voulez-vous vous connecter ?');

    await question.getByRole('button', { name: 'Se connecter' }).tap();
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);
  });

  test("in the activation's dialog, Se connecter switches to its login tab with the address kept", async ({ page }) => {
    const owner = await newOwner(product, 'deja-inscrit-dialogue');
    const code = await newCode(product);
    await page.goto(`${product.url}/activer?code=${code}`);
    await closeActivationSignIn(page);
    await page.getByLabel('Nom *').fill('Câline');
    await page.getByRole('button', { name: 'Activer la médaille' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
    await dialog.getByRole('tab', { name: 'Inscription' }).tap();
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByLabel('Mot de passe').fill('autre-mot-de-passe-2');
    await dialog.getByRole('button', { name: 'Créer mon compte' }).tap();
    const question = dialog.getByRole('alert').filter({ hasText: 'Compte existant' });
    await expect(question).toContainText('Un compte existe déjà avec cet email. Voulez-vous vous connecter ?');
    await expect(toastTitle(page, 'Inscription réussie')).toHaveCount(0);

    await question.getByRole('button', { name: 'Se connecter' }).tap();
    await expect(dialog.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Email')).toHaveValue(owner.email);
    await expect(dialog.getByLabel('Mot de passe')).toBeFocused();
    await dialog.getByLabel('Mot de passe').fill(owner.password);
    await dialog.getByRole('button', { name: 'Se connecter' }).tap();
    await expect(toastTitle(page, 'Connexion réussie')).toBeVisible();
  });
});

/** Whether two boxes share any pixel. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not displayed');
  return found;
};

test("stacked toasts leave the edit page's Enregistrer bar uncovered, and each closes with a 44 px Fermer", async ({
  page,
}) => {
  const owner = await newOwner(product, 'barre');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pistache' }, 2);
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  await gallery.locator('input[type="file"]').setInputFiles([await photoFile(page, 'teal')]);
  await expect(toastTitle(page, 'Upload réussi')).toBeVisible();
  await gallery.getByRole('button', { name: 'Choisir comme couverture (Photo 2)' }).tap();
  await expect(toastTitle(page, 'Photo de couverture choisie')).toBeVisible();

  const toasts = page.locator('.md-toast');
  await expect(toasts).toHaveCount(2);
  const bar = page.locator('.portal-save-bar');
  await expect(bar.getByRole('button', { name: 'Enregistrer' })).toBeInViewport();
  const barBox = await box(bar);
  for (const shown of await toasts.all()) {
    expect(overlap(await box(shown), barBox)).toBe(false);
    const close = await box(shown.getByRole('button', { name: 'Fermer' }));
    expect(close.width).toBeGreaterThanOrEqual(44);
    expect(close.height).toBeGreaterThanOrEqual(44);
  }
  await toasts.first().getByRole('button', { name: 'Fermer' }).tap();
  await expect(toasts).toHaveCount(1);
});

test('reordering photos with the keyboard is told in French by position, never by id', async ({ page }) => {
  const owner = await newOwner(product, 'annonces');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Noisette' }, 4);
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const handle = (n: number) => page.getByRole('button', { name: `Déplacer la photo (Photo ${n})` });
  await expect(handle(1)).toHaveAccessibleDescription(
    'Pour déplacer une photo, appuyez sur Espace ou Entrée, puis utilisez les flèches. Appuyez de nouveau sur Espace ou Entrée pour la déposer, ou sur Échap pour annuler.',
  );
  await expect(handle(1)).toHaveAttribute('aria-roledescription', 'poignée de déplacement');
  const announced = page.locator('[id^="DndLiveRegion"]');
  const said = async (text: string) => {
    await expect(announced).toHaveText(text);
    expect(await announced.textContent()).not.toMatch(UUID);
  };
  // dnd-kit measures the photos' places just after the pick-up, and an arrow pressed before that goes nowhere:
  // pressed again until the photo moves (on a phone's two columns, nothing lies further right).
  const moveRight = (text: string) =>
    expect(async () => {
      await page.keyboard.press('ArrowRight');
      await expect(announced).toHaveText(text, { timeout: 1000 });
    }).toPass();

  /** Picks a photo up by its handle, moves it one place right, and drops it or cancels, hearing each step. */
  const drag = async (photo: number, pickKey: string, endKey: string, heard: [string, string, string]) => {
    await handle(photo).focus();
    await page.keyboard.press(pickKey);
    await said(heard[0]);
    await moveRight(heard[1]);
    await page.keyboard.press(endKey);
    await said(heard[2]);
  };

  await drag(3, 'Enter', 'Escape', [
    'Photo 3 sur 4 saisie.',
    'Photo 3 déplacée en position 4 sur 4.',
    'Déplacement annulé. La photo reste en position 3 sur 4.',
  ]);
  // Afresh, as the owner who comes back to it: the cancelled photo no longer slides back into place.
  await page.reload();
  await drag(1, 'Space', 'Space', [
    'Photo 1 sur 4 saisie.',
    'Photo 1 déplacée en position 2 sur 4.',
    'Photo déposée en position 2 sur 4.',
  ]);
});
