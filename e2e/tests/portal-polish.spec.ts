import type { Locator } from '@playwright/test';
import { animalOnNewCode, newCode, newOwner } from '../support/owners.ts';
import { PHONE, photoFile, signIn, toastTitle, watchRequests } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// What a real person trips on in the owner portal, on a touch phone and on a desktop.

/** How opaque an element really is: its own opacity times its ancestors'. */
const effectiveOpacity = (locator: Locator) =>
  locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });

test.describe('on a touch phone', () => {
  test.use(PHONE);

  test('the gallery shows its controls as 44 px targets, and a delete asks first; Annuler keeps the photo', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'tactile');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Tactile' }, 2);
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
    const gallery = page.getByRole('region', { name: "Photos de l'animal" });
    await expect(gallery.getByRole('img')).toHaveCount(2);

    for (const name of [
      'Choisir comme couverture (Photo 2)',
      'Supprimer la photo (Photo 2)',
      'Déplacer la photo (Photo 2)',
    ]) {
      const button = gallery.getByRole('button', { name });
      await expect.poll(() => effectiveOpacity(button)).toBe(1);
      const box = await button.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }

    const rows = async () =>
      (await owner.client.from('animal_photos').select('id').eq('animal_id', animalId)).data?.length;
    await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 2)' }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette photo ?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Annuler' }).tap();
    await expect(confirm).toBeHidden();
    await expect(gallery.getByRole('img')).toHaveCount(2);
    expect(await rows()).toBe(2);

    await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 2)' }).tap();
    await confirm.getByRole('button', { name: 'Supprimer la photo' }).tap();
    await expect(gallery.getByRole('img')).toHaveCount(1);
    expect(await rows()).toBe(1);
  });
});

test('a double click on the code check, the activation, Enregistrer and the deletion sends one request each', async ({
  page,
}) => {
  const owner = await newOwner(product, 'double-activation');
  await signIn(page, product, owner);
  const code = await newCode(product);
  const checks = await watchRequests(page, 'POST', /\/rest\/v1\/rpc\/code_status$/);
  const activations = await watchRequests(page, 'POST', /\/rest\/v1\/rpc\/register_animal_with_code$/);
  await page.goto(`${product.url}/activer`);
  await page.getByLabel('Code (MDL-...)').fill(code);
  await page.getByRole('button', { name: 'Vérifier' }).dblclick();
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  expect(checks.count()).toBe(1);
  await page.getByLabel('Nom *').fill('Doublon');
  await page.getByRole('button', { name: 'Activer la médaille' }).dblclick();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  expect(activations.count()).toBe(1);

  const saves = await watchRequests(page, 'PATCH', /\/rest\/v1\/animals$/);
  await page.getByRole('link', { name: 'Modifier' }).click();
  await page.getByLabel('Nom *').fill('Doublon II');
  await page.getByRole('button', { name: 'Enregistrer' }).dblclick();
  await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();
  expect(saves.count()).toBe(1);

  const deletions = await watchRequests(page, 'POST', /\/functions\/v1\/delete-animal$/);
  await page.getByRole('link', { name: 'Modifier' }).click();
  await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer définitivement' }).dblclick();
  await expect(toastTitle(page, 'Profil supprimé')).toBeVisible();
  expect(deletions.count()).toBe(1);
});

test('the first photo is the cover at once, and a new cover shows in the preview before Enregistrer', async ({
  page,
}) => {
  const owner = await newOwner(product, 'couverture');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Biscotte' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  const preview = page.getByRole('region', { name: 'Aperçu', exact: true }).getByRole('img', {
    name: 'Photo de Biscotte',
  });
  await expect(preview).toHaveCount(0);
  await gallery
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'gold'), await photoFile(page, 'navy')]);
  await expect(gallery.getByRole('img')).toHaveCount(2);
  const paths = (
    await owner.client.from('animal_photos').select('path').eq('animal_id', animalId).order('position')
  ).data?.map((photo) => photo.path);
  await expect(gallery.getByRole('listitem', { name: 'Photo 1' }).getByText('Couverture')).toBeVisible();
  await expect(gallery.getByText('Couverture')).toHaveCount(1);
  await expect(preview).toHaveAttribute('src', new RegExp(`${paths?.[0]}$`));

  await gallery.getByRole('button', { name: 'Choisir comme couverture (Photo 2)' }).click();
  await expect(gallery.getByRole('listitem', { name: 'Photo 2' }).getByText('Couverture')).toBeVisible();
  await expect(preview).toHaveAttribute('src', new RegExp(`${paths?.[1]}$`));
});

/** How many chosen photos the activation draft holds in this browser's IndexedDB (0 while none is written). */
async function keptPhotoCount(): Promise<number> {
  // Opened only once the page made it: opening a database that does not exist would create it empty.
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === 'medaille')) return 0;
  return new Promise((resolve) => {
    const open = indexedDB.open('medaille');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      const read = db.transaction('pending_photos').objectStore('pending_photos').get('files');
      read.onsuccess = () => resolve(Array.isArray(read.result) ? read.result.length : 0);
      read.onerror = () => resolve(0);
      db.close();
    };
  });
}

test('a reload of /activer keeps what was typed and the photos chosen, until the medal is activated', async ({
  page,
}) => {
  const owner = await newOwner(product, 'brouillon');
  const code = await newCode(product);
  await signIn(page, product, owner, `/activer?code=${code}`);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Moka');
  await page.getByLabel('Espèce').selectOption('cat');
  await page.getByLabel('Race').fill('Chartreux');
  await page.getByLabel('Allergies').fill('Poisson');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'orange'), await photoFile(page, 'teal')]);
  await expect(page.getByRole('button', { name: 'Retirer teal.png' })).toBeVisible();
  // The browser keeps the chosen photos a few milliseconds after they show (their bytes are written to
  // IndexedDB); a person's reload comes later than that, this test's would not without waiting for it.
  await expect.poll(() => page.evaluate(keptPhotoCount)).toBe(2);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await expect(page.getByLabel('Nom *')).toHaveValue('Moka');
  await expect(page.getByLabel('Espèce')).toHaveValue('cat');
  await expect(page.getByLabel('Race')).toHaveValue('Chartreux');
  await expect(page.getByLabel('Allergies')).toHaveValue('Poisson');
  await expect(page.getByRole('button', { name: 'Retirer orange.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retirer teal.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Moka' })).toBeVisible();
  const { data: animal } = await owner.client
    .from('animals')
    .select('id, animal_photos!animal_photos_animal_id_fkey(id)')
    .single();
  expect(animal?.animal_photos).toHaveLength(2);

  await page.goto(`${product.url}/activer`);
  await expect(page.getByLabel('Code (MDL-...)')).toHaveValue('');
  await expect(page.getByLabel('Nom *')).toHaveValue('');
  await expect(page.getByRole('button', { name: /^Retirer / })).toHaveCount(0);
});

test("going back to a deleted animal's edit page says it cannot be loaded, not 'Accès refusé'", async ({ page }) => {
  const owner = await newOwner(product, 'retour');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Parti' });
  await signIn(page, product, owner);
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${animalId}`);
  await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(toastTitle(page, 'Profil supprimé')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);

  await page.goBack();
  await expect(page.locator('.md-toast', { hasText: "Impossible de charger les données de l'animal." })).toBeVisible();
  await expect(toastTitle(page, 'Accès refusé')).toHaveCount(0);
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
});

test.describe('focus comes back to what opened a dialog', () => {
  test('on the edit page: the profile deletion and a photo deletion, closed with Escape, Annuler or done', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'focus');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Focus' }, 2);
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
    const gallery = page.getByRole('region', { name: "Photos de l'animal" });
    await expect(gallery.getByRole('img')).toHaveCount(2);

    const deleteProfile = page.getByRole('button', { name: "Supprimer le profil de l'animal" });
    const profileDialog = page.getByRole('alertdialog', { name: 'Êtes-vous sûr ?' });
    await deleteProfile.click();
    await page.keyboard.press('Escape');
    await expect(profileDialog).toBeHidden();
    await expect(deleteProfile).toBeFocused();
    await deleteProfile.click();
    await profileDialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(deleteProfile).toBeFocused();

    const deletePhoto = gallery.getByRole('button', { name: 'Supprimer la photo (Photo 1)' });
    const photoDialog = page.getByRole('alertdialog', { name: 'Supprimer cette photo ?' });
    await deletePhoto.click();
    await page.keyboard.press('Escape');
    await expect(photoDialog).toBeHidden();
    await expect(deletePhoto).toBeFocused();
    await deletePhoto.click();
    await photoDialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(deletePhoto).toBeFocused();
    // Done: the photo is gone, and focus goes to the one that took its place.
    await deletePhoto.click();
    await photoDialog.getByRole('button', { name: 'Supprimer la photo' }).click();
    await expect(gallery.getByRole('img')).toHaveCount(1);
    await expect(gallery.getByRole('button', { name: 'Supprimer la photo (Photo 1)' })).toBeFocused();
  });

  test("on /activer: the sign-in dialog, on arrival and after 'Activer la médaille'", async ({ page }) => {
    const code = await newCode(product);
    await page.goto(`${product.url}/activer?code=${code}`);
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Code (MDL-...)')).toBeFocused();

    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Focus');
    const activate = page.getByRole('button', { name: 'Activer la médaille' });
    await activate.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(activate).toBeFocused();
    await activate.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(activate).toBeFocused();
  });
});

test('a text area counts near its limit and says when pasted text was cut', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await newOwner(product, 'texte');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Bavard' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);

  const temperament = page.getByLabel('Caractère');
  await temperament.fill('a'.repeat(1000));
  await expect(page.getByText(/caractères sur 2/)).toHaveCount(0);
  await temperament.fill('a'.repeat(1700));
  await expect(page.getByText('1 700 caractères sur 2 000')).toBeVisible();

  const allergies = page.getByLabel('Allergies');
  await page.evaluate((text) => navigator.clipboard.writeText(text), 'b'.repeat(5000));
  await allergies.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(allergies).toHaveValue('b'.repeat(2000));
  await expect(page.getByRole('alert').filter({ hasText: 'Le texte collé a été coupé' })).toHaveText(
    'Le texte collé a été coupé à 2 000 caractères : relisez la fin.',
  );
  await allergies.press('Backspace');
  await expect(page.getByText('Le texte collé a été coupé')).toHaveCount(0);
  await expect(page.getByText('1 999 caractères sur 2 000')).toBeVisible();
});

test.describe('/activer on a phone', () => {
  test.use(PHONE);

  test('spaced fields, and photos chosen as in the gallery, with the first in the preview', async ({ page }) => {
    const owner = await newOwner(product, 'photos-activation');
    const code = await newCode(product);
    await signIn(page, product, owner, `/activer?code=${code}`);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();

    const email = await page.getByLabel('Votre email (privé)').boundingBox();
    const phoneLabel = await page.getByText('Votre téléphone (privé)').boundingBox();
    expect((phoneLabel?.y ?? 0) - ((email?.y ?? 0) + (email?.height ?? 0))).toBeGreaterThanOrEqual(8);

    await expect(page.getByText('Cliquez ou déposez vos photos ici')).toBeVisible();
    await page.getByLabel('Nom *').fill('Vignette');
    await page
      .locator('input[type="file"]')
      .setInputFiles([await photoFile(page, 'orange'), await photoFile(page, 'teal')]);
    const chosen = page.getByRole('list', { name: 'Photos choisies' });
    await expect(chosen.getByRole('img')).toHaveCount(2);
    const remove = chosen.getByRole('button', { name: 'Retirer orange.png' });
    expect((await remove.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const preview = page.getByRole('region', { name: 'Aperçu', exact: true });
    await expect(preview.getByRole('img', { name: 'Photo de Vignette' })).toHaveAttribute('src', /^blob:/);
    await remove.tap();
    await expect(chosen.getByRole('img')).toHaveCount(1);
    await expect(preview.getByRole('img', { name: 'Photo de Vignette' })).toBeVisible();
  });
});

test.describe('the edit page on a phone', () => {
  test.use(PHONE);

  test('keeps Enregistrer and Annuler in reach wherever the owner is on the page', async ({ page }) => {
    const owner = await newOwner(product, 'barre');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Collant' }, 1);
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
    const save = page.getByRole('button', { name: 'Enregistrer' });
    const cancel = page.getByRole('button', { name: 'Annuler' });
    await expect(save).toBeInViewport();
    await expect(cancel).toBeInViewport();
    await page.getByLabel('Allergies').scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await page.getByLabel('Allergies').fill('Pollen');
    await save.tap();
    await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();
  });
});

test('each photo being stored shows its own bar and percentage', async ({ page }) => {
  const owner = await newOwner(product, 'progression');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Lent' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  await expect(gallery.getByText('Aucune photo ajoutée pour le moment')).toBeVisible();

  // A photo of noise stays about 480 KB as PNG; sent at 80 KB/s it takes a few seconds.
  const noise = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const pixels = context.createImageData(400, 300);
    for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = Math.floor(Math.random() * 256);
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png');
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 80_000,
  });
  await gallery
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'bruit.png', mimeType: 'image/png', buffer: Buffer.from(noise.split(',')[1] as string, 'base64') },
      await photoFile(page, 'olive'),
    ]);
  const uploads = gallery.getByRole('list', { name: 'Envoi des photos' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(2);
  await expect(uploads.getByRole('listitem').nth(1)).toContainText('En attente');
  const bar = uploads.getByRole('progressbar', { name: 'Envoi de bruit.png' });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [100] })
    .toBeGreaterThan(0);
  const percent = Number(await bar.getAttribute('aria-valuenow'));
  expect(percent).toBeLessThan(100);
  await expect(uploads.getByRole('listitem').first()).toContainText(/\d+ %/);
  await expect(page.locator('.md-toast', { hasText: 'Upload réussi' })).toContainText('2 photo(s) ajoutée(s)', {
    timeout: 30_000,
  });
  await expect(uploads).toHaveCount(0);
  await expect(gallery.getByRole('img')).toHaveCount(2);
});
