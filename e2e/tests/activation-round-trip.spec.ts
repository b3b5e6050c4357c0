import { newMedalCode } from '@medaille/domain';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newCode, newOwner } from '../support/owners.ts';
import { closeActivationSignIn, openEmailLink, PHONE, photoFile, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A new owner's round trip on a phone: the form and photos chosen before sign-up reach the animal through
// the confirmation link, whichever browser opens it, and the code is read as the landing page reads it.

test.use(PHONE);

const toastText = (page: Page, text: string) => page.locator('.md-toast-description', { hasText: text });

/**
 * Signed out on /activer: a validated code, the animal's name and breed, two photos, then 'Activer la
 * médaille' and a sign-up in the dialog. Answers the confirmation link.
 */
async function signUpWithPhotos(page: Page, name: string): Promise<{ code: string; email: string; link: string }> {
  const code = await newCode(product);
  const email = `aller-retour-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill(name);
  await page.getByLabel('Race').fill('Chartreux');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'sienna'), await photoFile(page, 'olive')]);
  await page.getByRole('button', { name: 'Activer la médaille' }).tap();

  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Inscription' }).tap();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-aller-1');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).tap();
  await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();
  const [link] = (await product.lastMail(email)).links;
  return { code, email, link: link as string };
}

/** The public page of a code: its name, its breed and how many photos it shows. */
async function expectPublicPage(page: Page, code: string, name: string, photos: number) {
  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText('Chartreux')).toBeVisible();
  await expect(page.getByRole('button', { name: /Afficher la photo/ })).toHaveCount(photos);
}

test('the confirmation link opened in a new tab, the form still open in the first, keeps the photos', async ({
  page,
  context,
}) => {
  const { code, link } = await signUpWithPhotos(page, 'Caramel');
  const mailTab = await context.newPage();
  await openEmailLink(mailTab, link);
  await expect(toastTitle(mailTab, 'Médaille activée !')).toBeVisible();
  await expect(mailTab).toHaveURL(`${product.url}/mon-compte`);
  await expect(mailTab.getByRole('heading', { name: 'Caramel' })).toBeVisible();
  await expectPublicPage(mailTab, code, 'Caramel', 2);
});

test('where IndexedDB refuses Blobs (WebKit in a private or ephemeral session), the photos are kept all the same', async ({
  page,
}) => {
  // WebKit refuses a Blob or File put into IndexedDB whenever it cannot write the Blob's own file ('Error
  // preparing Blob/File data to be stored in object store'), as in Safari's private browsing.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    const holdsBlob = (value: unknown): boolean =>
      value instanceof Blob ||
      (Array.isArray(value) && value.some(holdsBlob)) ||
      (value !== null &&
        typeof value === 'object' &&
        !ArrayBuffer.isView(value) &&
        Object.values(value).some(holdsBlob));
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (holdsBlob(value)) {
        throw new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
      }
      return put.call(this, value, key);
    };
  });
  const { code, link } = await signUpWithPhotos(page, 'Réglisse');
  await openEmailLink(page, link);
  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Réglisse' })).toBeVisible();
  await expectPublicPage(page, code, 'Réglisse', 2);
});

test('where the browser keeps no photo at all, the owner is told after activation, on the animal’s page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('IndexedDB is not available here', 'InvalidStateError');
    };
  });
  const { code, link } = await signUpWithPhotos(page, 'Pollen');
  await openEmailLink(page, link);
  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await expect(
    toastText(page, "2 photos n'ont pas pu être enregistrées : ajoutez-les ici, dans « Photos de l'animal »."),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le profil de Pollen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Photos de l'animal" })).toBeVisible();
  await expectAccessible(page);
  await expectPublicPage(page, code, 'Pollen', 0);
});

/** A browser of its own, as a mail app's: nothing the first one kept is there. */
async function otherBrowser(browser: Browser) {
  return browser.newContext({ ...PHONE, locale: 'fr-FR' });
}

test('the confirmation link opened in another browser ends on the animal’s page and says the photos stayed behind, which the first browser then adds', async ({
  page,
  browser,
}) => {
  const { code, email, link } = await signUpWithPhotos(page, 'Moka');
  const mailApp = await otherBrowser(browser);
  try {
    const other = await mailApp.newPage();
    await openEmailLink(other, link);
    await expect(toastTitle(other, 'Médaille activée !')).toBeVisible();
    await expect(
      toastText(
        other,
        "Les 2 photos choisies avant l'inscription sont restées dans l'autre navigateur : ajoutez-les ici, dans « Photos de l'animal ».",
      ),
    ).toBeVisible();
    await expect(other.getByRole('heading', { level: 1, name: 'Modifier le profil de Moka' })).toBeVisible();
    await expect(toastTitle(other, 'Session expirée')).toHaveCount(0);
    await expectAccessible(other);
    await expectPublicPage(other, code, 'Moka', 0);
  } finally {
    await mailApp.close();
  }

  // Back in the first browser, still signed out: signing in there brings its photos to the animal.
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('button', { name: 'Fermer' }).tap();
  await page.getByRole('button', { name: 'Activer la médaille' }).tap();
  await dialog.getByRole('tab', { name: 'Connexion' }).tap();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-aller-1');
  await dialog.getByRole('button', { name: 'Se connecter' }).tap();
  await expect(toastTitle(page, 'Médaille déjà activée')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le profil de Moka' })).toBeVisible();
  await expectPublicPage(page, code, 'Moka', 2);
});

test('the confirmation link of a sign-up made before the form was filled brings the code to another browser', async ({
  page,
  browser,
}) => {
  const code = await newCode(product);
  const email = `arrivee-ailleurs-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/activer?code=${code}`);
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await expect(dialog.getByRole('tab', { name: 'Inscription' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-arrivee-2');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).tap();
  await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();
  const [link] = (await product.lastMail(email)).links;

  const mailApp = await otherBrowser(browser);
  try {
    const other = await mailApp.newPage();
    await openEmailLink(other, link as string);
    await expect(other).toHaveURL(`${product.url}/activer?code=${code}`);
    await expect(toastText(other, "Décrivez votre animal pour terminer l'activation de la médaille.")).toBeVisible();
    await expect(other.getByRole('button', { name: 'Validé' })).toBeVisible();
    await expect(other.getByLabel('Nom *')).toBeEnabled();
  } finally {
    await mailApp.close();
  }
});

test('/activer reads the code as the landing page does, and a validated code can be changed', async ({ page }) => {
  // Minted codes whose first symbol is 1 and fifth 0, which a person may type as l and O.
  const minted = () =>
    newMedalCode((length) => {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      bytes[0] = 1;
      bytes[4] = 0;
      return bytes;
    });
  const first = await newCode(product, minted());
  const second = await newCode(product, minted());
  const owner = await newOwner(product, 'code-souple');
  await signIn(page, product, owner, '/activer');
  const field = page.getByLabel('Code (MDL-...)');

  // 'mdl lxxx oxxx xx': lower case, spaces for hyphens, l for 1 and o for 0.
  const spoken = first.toLowerCase().replaceAll('-', ' ').replace(/1/, 'l').replace(/0/, 'o');
  await field.fill(spoken);
  await page.getByRole('button', { name: 'Vérifier' }).tap();
  await expect(page.getByRole('button', { name: 'Validé' })).toBeDisabled();
  await expect(field).toHaveValue(first);
  await expect(page).toHaveURL(`${product.url}/activer?code=${first}`);

  await page.getByRole('button', { name: 'Modifier le code' }).tap();
  await expect(field).toBeFocused();
  await expect(field).toBeEditable();
  await expect(page.getByLabel('Nom *')).toBeDisabled();
  // Without MDL nor separators, as read off the medal.
  await field.fill(second.slice(4).replaceAll('-', '').toLowerCase());
  await page.getByRole('button', { name: 'Vérifier' }).tap();
  await expect(field).toHaveValue(second);
  await expect(page).toHaveURL(`${product.url}/activer?code=${second}`);
  await expectAccessible(page);

  await page.getByLabel('Nom *').fill('Souple');
  await page.getByRole('button', { name: 'Activer la médaille' }).tap();
  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await page.goto(`${product.url}/${second}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Souple' })).toBeVisible();
  const { data } = await owner.client.rpc('code_status', { p_code: first });
  expect(data).toBe('free');
});

test('an activation link that brings nothing of an activation, in a browser that kept none, says so in the product’s words and opens /activer', async ({
  page,
}) => {
  const owner = await newOwner(product, 'rien');
  await signIn(page, product, owner);
  await page.goto(`${product.url}/auth/callback?activation=true`);
  await expect(toastTitle(page, 'Session expirée')).toBeVisible();
  await expect(toastText(page, "Les données d'activation ont expiré. Veuillez recommencer.")).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/activer`);
});
