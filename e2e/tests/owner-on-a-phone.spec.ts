import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { readmeScreenshot } from '../support/readme-screenshots.ts';
import { expect, product, test } from '../support/test.ts';

// What a new owner types on a phone is kept as typed, and every control of the sign-in dialog can be reached.

/** The public page's value for a label of 'Caractéristiques' (a dt and its dd). */
const row = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('on a touch phone', () => {
  test.use(PHONE);

  test('a weight typed with the French comma is kept: 4,5 is published as 4,5 kg, shown back as 4,5, and text is refused', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'virgule');
    const code = await newCode(product);
    await signIn(page, product, owner, `/activer?code=${code}`);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Plume');
    // Typed key by key, as on the phone's keypad.
    await page.getByLabel('Poids (kg)').pressSequentially('4,5');
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);

    await page.goto(`${product.url}/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Plume' })).toBeVisible();
    await expect(row(page, 'Poids \\(kg\\)')).toHaveText('4,5');

    await page.goto(`${product.url}/mon-compte`);
    await page.getByRole('link', { name: 'Modifier' }).click();
    const weight = page.getByLabel('Poids (kg)');
    await expect(weight).toHaveValue('4,5');
    await weight.fill('');
    await weight.pressSequentially('quatre');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Saisissez le poids en kilos, par exemple 4,5')).toBeVisible();
    await weight.fill('');
    await weight.pressSequentially('1,2');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);

    await page.goto(`${product.url}/${code}`);
    await expect(row(page, 'Poids \\(kg\\)')).toHaveText('1,2');
  });
});

test.describe('contacts on a touch phone', () => {
  test.use(PHONE);

  test('the private e-mail and phone given at activation are shown again and can be changed; a phone that is not a number is refused, never previewed as a call link', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'coordonnees');
    const code = await newCode(product);
    await signIn(page, product, owner, `/activer?code=${code}`);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Praline');
    await page.getByLabel('Votre téléphone (privé)').fill('abc');
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await expect(page.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible();
    await page.getByLabel('Votre téléphone (privé)').fill('06 11 22 33 44');
    await page.getByLabel('Votre email (privé)').fill('praline-maison@exemple.fr');
    await page.evaluate(() => window.scrollTo(0, 0));
    await readmeScreenshot(page, 'activation');
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
    // The account opens at its top, not where the long form had been scrolled to.
    await expect(page.getByRole('heading', { name: 'Praline' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await readmeScreenshot(page, 'my-animals');

    await page.getByRole('link', { name: 'Modifier' }).click();
    const privateContacts = page.getByRole('region', { name: 'Vos coordonnées privées' });
    await expect(privateContacts.getByLabel('Votre email (privé)')).toHaveValue('praline-maison@exemple.fr');
    await expect(privateContacts.getByLabel('Votre téléphone (privé)')).toHaveValue('06 11 22 33 44');
    await expect(privateContacts).toContainText('jamais affichées sur la fiche publique');
    await readmeScreenshot(page, 'edit-animal');
    await privateContacts.getByLabel('Votre téléphone (privé)').fill('+33 6 99 88 77 66');

    const publicContacts = page.getByRole('region', { name: 'Coordonnées publiques' });
    const publicPhone = publicContacts.getByLabel('Téléphone');
    const showPhone = publicContacts.getByRole('switch').first();
    await showPhone.click();
    await expect(showPhone).toBeChecked();
    await publicPhone.fill('abc');
    const preview = page.getByRole('region', { name: 'Aperçu de la fiche publique' });
    await expect(preview.getByRole('link', { name: 'abc' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(publicContacts.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible();
    await expect(page).toHaveURL(/\/mon-compte\/animal\//);
    await publicPhone.fill('07 12 34 56 78');
    await expect(preview.getByRole('link', { name: '07 12 34 56 78' })).toHaveAttribute('href', 'tel:+33712345678');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);

    await page.getByRole('link', { name: 'Modifier' }).click();
    // Saved in E.164, shown back as the French write a French number.
    await expect(page.getByLabel('Votre téléphone (privé)')).toHaveValue('06 99 88 77 66');
    // The finder sees the public phone, never the private contacts.
    await page.goto(`${product.url}/${code}`);
    await expect(page.getByRole('link', { name: /Appeler/ }).first()).toHaveAttribute('href', 'tel:+33712345678');
    await expect(page.locator('body')).not.toContainText('99 88 77 66');
    await expect(page.locator('body')).not.toContainText('praline-maison');
  });
});

test.describe('editing an animal on a touch phone', () => {
  test.use(PHONE);

  test('the switches say without hover who will see a contact; a cover choice or a typed change is not lost by leaving unawares', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'modifications');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Brindille' }, 2);
    await signIn(page, product, owner);
    const editPage = `${product.url}/mon-compte/animal/${animalId}`;
    await page.goto(editPage);
    const contacts = page.getByRole('region', { name: 'Coordonnées publiques' });
    const switches = contacts.getByRole('switch');
    await expect(switches).toHaveCount(3);
    for (const toggle of await switches.all()) {
      await expect(toggle).toHaveAccessibleDescription(
        'Toute personne qui scanne la médaille verra cette information.',
      );
    }
    // Written out, not in a tooltip: a phone has no hover.
    const warnings = contacts.getByText('Toute personne qui scanne la médaille verra cette information.');
    await expect(warnings).toHaveCount(3);
    for (const warning of await warnings.all()) await expect(warning).toBeVisible();

    // The cover waits for Enregistrer, and says so.
    const gallery = page.getByRole('region', { name: "Photos de l'animal" });
    await gallery.getByRole('button', { name: 'Choisir comme couverture (Photo 2)' }).tap();
    await expect(toastTitle(page, 'Photo de couverture choisie')).toBeVisible();
    await expect(page.locator('.md-toast', { hasText: 'Photo de couverture choisie' })).toContainText(
      "Enregistrez pour qu'elle s'affiche en premier sur la fiche publique.",
    );

    // Leaving by a link asks first; staying keeps everything as it was typed.
    await page.getByLabel('Nom *').fill('Brindille la grise');
    await page.getByRole('link', { name: 'Retour à mon compte' }).tap();
    const ask = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await expect(ask).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await ask.getByRole('button', { name: 'Annuler' }).tap();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(editPage);
    await expect(page.getByLabel('Nom *')).toHaveValue('Brindille la grise');

    // Annuler of the form asks too; leaving then goes, and nothing was saved.
    await page.getByRole('button', { name: 'Annuler', exact: true }).tap();
    await ask.getByRole('button', { name: 'Quitter sans enregistrer' }).tap();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await expect(page.getByRole('heading', { name: 'Brindille', exact: true })).toBeVisible();

    // Saved, the same page leaves without a question.
    await page.goto(editPage);
    await page.getByLabel('Nom *').fill('Brindille la grise');
    await page.getByRole('button', { name: 'Enregistrer' }).tap();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await expect(page.getByRole('heading', { name: 'Brindille la grise' })).toBeVisible();
  });
});

test.describe('the back gesture on a touch phone', () => {
  test.use(PHONE);

  test('going back from the edit page with unsaved changes asks first, as a link does; saved, it goes back at once', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'retour');
    await animalOnNewCode(product, owner, { nom: 'Caramel' }, 0);
    await signIn(page, product, owner);
    await page.getByRole('link', { name: 'Modifier' }).tap();
    await expect(page).toHaveURL(/\/mon-compte\/animal\//);
    const editPage = page.url();

    await page.getByLabel('Nom *').fill('Caramel mou');
    await page.goBack();
    const ask = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await expect(ask).toBeVisible();
    await expect(page).toHaveURL(editPage);
    await ask.getByRole('button', { name: 'Annuler' }).tap();
    await expect(page.getByLabel('Nom *')).toHaveValue('Caramel mou');

    // Asked again at the next gesture; leaving then goes back where the owner came from, nothing saved.
    await page.goBack();
    await ask.getByRole('button', { name: 'Quitter sans enregistrer' }).tap();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await expect(page.getByRole('heading', { name: 'Caramel', exact: true })).toBeVisible();

    // Saved: Enregistrer goes to the account, and back from there is the edit page, then the account again.
    await page.getByRole('link', { name: 'Modifier' }).tap();
    await page.getByLabel('Nom *').fill('Caramel mou');
    await page.getByRole('button', { name: 'Enregistrer' }).tap();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await page.goBack();
    await expect(page).toHaveURL(editPage);
    await expect(page.getByLabel('Nom *')).toHaveValue('Caramel mou');
    await page.goBack();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await expect(ask).toHaveCount(0);
  });
});

/**
 * Whether a person can bring `control` wholly on screen: as it is, or by scrolling with the wheel or a
 * finger (what the page lets them scroll, never a script's scrollIntoView, which moves even what cannot
 * scroll). Nothing may stick out sideways.
 */
async function expectReachable(page: Page, control: Locator, name: string) {
  const { width, height } = page.viewportSize() as { width: number; height: number };
  for (let step = 0; step < 30; step += 1) {
    const box = await control.boundingBox();
    if (!box) throw new Error(`${name}: not rendered`);
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
    if (box.y >= 0 && box.y + box.height <= height) return;
    await page.mouse.move(width / 2, height / 2);
    await page.mouse.wheel(0, box.y < 0 ? -120 : 120);
    // The wheel scrolls smoothly: let it land before measuring again.
    await page.waitForTimeout(100);
  }
  throw new Error(`${name} cannot be scrolled into view`);
}

for (const viewport of [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.width} px phone`, () => {
    test.use({ ...PHONE, viewport });

    test('the activation sign-in dialog fits: every control of each tab, Fermer included, is on screen or reachable by scrolling', async ({
      page,
    }) => {
      await page.goto(`${product.url}/activer`);
      const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
      await expect(dialog).toBeVisible();
      // The panel itself keeps within the screen's width, its edges and shadow included.
      const panel = (await dialog.boundingBox()) as { x: number; width: number };
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
      for (const tabName of ['Connexion', 'Inscription', 'Lien magique']) {
        const tab = dialog.getByRole('tab', { name: tabName });
        await expectReachable(page, tab, `tab ${tabName}`);
        await tab.tap();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        // From the top: the title first, then every control in the order a person meets them.
        await expectReachable(
          page,
          dialog.getByRole('heading', { name: 'Connectez-vous pour activer la médaille' }),
          'title',
        );
        for (const [index, other] of (await dialog.getByRole('tab').all()).entries()) {
          await expectReachable(page, other, `tab ${index + 1}`);
        }
        const panel = dialog.getByRole('tabpanel');
        const controls = await panel.locator('input, button, select, textarea, a').all();
        expect(controls.length).toBeGreaterThanOrEqual(2);
        for (const [index, control] of controls.entries()) {
          await expectReachable(page, control, `${tabName}: control ${index + 1}`);
        }
        await expectReachable(page, dialog.getByRole('button', { name: 'Fermer' }), `${tabName}: Fermer`);
        await expectAccessible(page, '[role="dialog"]');
      }
      await dialog.getByRole('button', { name: 'Fermer' }).tap();
      await expect(dialog).toBeHidden();
    });
  });
}
