import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { photoFile, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

test('marking an animal lost saves at once and shows the banner on its medal', async ({ page }) => {
  const owner = await newOwner(product, 'perdu');
  const { code } = await animalOnNewCode(product, owner, { nom: 'Noisette' }, 1);
  await signIn(page, product, owner);
  await expect(page.getByRole('img', { name: 'Photo de Noisette' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Animal perdu').check();
  await expect(page.locator('.md-toast', { hasText: 'Statut mis à jour' })).toContainText(
    'Noisette est signalé comme perdu.',
  );
  await page.goto(`${product.url}/${code}`);
  await expect(page.getByText('Animal signalé comme perdu')).toBeVisible();

  await page.goto(`${product.url}/mon-compte`);
  await expect(page.getByLabel('Animal perdu')).toBeChecked();
  await page.getByLabel('Animal perdu').uncheck();
  await expect(page.locator('.md-toast', { hasText: 'Statut mis à jour' }).last()).toContainText(
    "Noisette n'est plus signalé comme perdu.",
  );
  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Noisette' })).toBeVisible();
  await expect(page.getByText('Animal signalé comme perdu')).toHaveCount(0);
});

test('editing the animal and its public contacts: the scan page shows exactly the visible ones', async ({ page }) => {
  const owner = await newOwner(product, 'edition');
  const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Rex', espece: 'Tortue' });
  await signIn(page, product, owner);
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${animalId}`);
  await expect(page.getByRole('heading', { name: 'Modifier le profil de Rex' })).toBeVisible();
  // An unknown stored species shows as 'Autre' with its text.
  await expect(page.getByLabel('Espèce', { exact: true })).toHaveValue('other');
  await expect(page.getByLabel("Préciser l'espèce")).toHaveValue('Tortue');

  await page.getByLabel('Nom *').fill('Rex II');
  await page.getByLabel('Année de naissance').fill('1899');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText(`L'année de naissance doit être comprise entre 1900 et ${new Date().getFullYear()}`),
  ).toBeVisible();
  await expect(page.getByLabel('Nom *')).toHaveValue('Rex II');
  await page.getByLabel('Année de naissance').fill('2020');

  const preview = page.getByRole('region', { name: 'Aperçu de la fiche publique' });
  await expect(preview).toContainText("Aucune information de contact n'est actuellement visible publiquement.");
  await page.getByLabel('Téléphone', { exact: true }).fill('0611223344');
  await page.getByLabel('Email (facultatif)').fill('cache-moi@example.fr');
  await page.getByLabel('Adresse (rue)').fill('8 place Bellecour');
  await page.getByLabel('Ville').fill('Lyon');
  const switches = page.getByRole('region', { name: 'Coordonnées publiques' }).getByRole('switch');
  await switches.nth(0).click(); // phone
  await switches.nth(2).click(); // address
  await expect(preview.getByRole('link', { name: '06 11 22 33 44' })).toHaveAttribute('href', 'tel:+33611223344');
  await expect(preview.getByRole('link', { name: '8 place Bellecour, Lyon' })).toHaveAttribute('target', '_blank');
  await expect(preview.getByText('cache-moi@example.fr')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);

  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rex II' })).toBeVisible();
  const contact = page.getByRole('region', { name: 'CONTACT' });
  // The public phone (called, texted from the finder's buttons) and the address; never the hidden e-mail.
  await expect(contact.getByRole('link')).toHaveCount(2);
  await expect(contact.getByRole('link', { name: '06 11 22 33 44' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Envoyer un SMS' })).toBeVisible();
  await expect(contact.getByRole('link', { name: '8 place Bellecour, Lyon' })).toBeVisible();
  await expect(page.getByText('cache-moi@example.fr')).toHaveCount(0);
});

test('another owner opening the edit page is refused and sent back', async ({ page }) => {
  const owner = await newOwner(product, 'proprio');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Secret' });
  const intruder = await newOwner(product, 'intrus');
  await signIn(page, product, intruder);
  // Not through signIn's own path, whose address it checks: the refused page may send the intruder back first.
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await expect(page.locator('.md-toast', { hasText: 'Accès refusé' })).toContainText(
    "Vous n'avez pas le droit de modifier cet animal.",
  );
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Secret')).toHaveCount(0);
});

test('deleting the profile removes the animal, its photos and files; its medal is retired', async ({ page }) => {
  const owner = await newOwner(product, 'suppression');
  const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Éphémère' }, 2);
  const photoUrl = `${product.stack.url}/storage/v1/object/public/animal-photos/${animalId}/0.png`;
  expect((await fetch(photoUrl)).status).toBe(200);
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Êtes-vous sûr ?' });
  await expect(dialog).toContainText('irréversible');
  await expectAccessible(page, '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(toastTitle(page, 'Profil supprimé')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Aucun animal trouvé.')).toBeVisible();

  expect((await fetch(photoUrl)).status).toBe(400);
  // The medal is retired: a finder is told so, and offered no activation.
  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { name: 'Médaille retirée' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Activer ma médaille' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the gallery adds, reorders with the keyboard, sets the cover and deletes photos', async ({ page }) => {
  const owner = await newOwner(product, 'galerie');
  const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Papillon' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  await expect(gallery.getByText('Aucune photo ajoutée pour le moment')).toBeVisible();

  await gallery
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'gold'), await photoFile(page, 'navy')]);
  await expect(page.locator('.md-toast', { hasText: 'Upload réussi' })).toContainText('2 photo(s) ajoutée(s)');
  await expect(gallery.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  const { data: uploaded } = await owner.client
    .from('animal_photos')
    .select('id, path')
    .eq('animal_id', animalId)
    .order('position');
  const [first, second] = uploaded ?? [];

  // Keyboard drag: pick up photo 1, move it right, drop it.
  // dnd-kit measures the grid between steps: give each key a moment, as a person would.
  await gallery.getByRole('button', { name: 'Déplacer la photo (Photo 1)' }).focus();
  for (const key of ['Space', 'ArrowRight', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect
    .poll(
      async () =>
        (await owner.client.from('animal_photos').select('id, position').eq('animal_id', animalId).order('position'))
          .data,
    )
    .toEqual([
      { id: second?.id, position: 0 },
      { id: first?.id, position: 1 },
    ]);

  // The first photo added is the cover (the database makes it so); the owner picks the other one.
  await expect(gallery.getByRole('listitem', { name: 'Photo 2' }).getByText('Couverture')).toBeVisible();
  await gallery.getByRole('button', { name: 'Choisir comme couverture (Photo 1)' }).click();
  await expect(page.locator('.md-toast-title', { hasText: 'Photo de couverture choisie' })).toBeVisible();
  await expect(gallery.getByRole('listitem', { name: 'Photo 1' }).getByText('Couverture')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('.md-toast-title', { hasText: 'Animal mis à jour' })).toBeVisible();

  const profile = await (
    await fetch(`${product.stack.url}/functions/v1/get_public_profile`, {
      method: 'POST',
      headers: { apikey: product.stack.anonKey, authorization: `Bearer ${product.stack.anonKey}` },
      body: JSON.stringify({ code }),
    })
  ).json();
  expect(profile.photos.map((p: { id: string }) => p.id)).toEqual([second?.id, first?.id]);

  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 1)' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Supprimer cette photo ?' })).toBeVisible();
  await expectAccessible(page, '[role="alertdialog"]');
  await page
    .getByRole('alertdialog', { name: 'Supprimer cette photo ?' })
    .getByRole('button', { name: 'Supprimer la photo' })
    .click();
  await expect(page.locator('.md-toast-title', { hasText: 'Photo supprimée' })).toBeVisible();
  await expect(gallery.getByRole('img')).toHaveCount(1);
  const { data: left } = await owner.client.from('animals').select('cover_photo_id').eq('id', animalId).single();
  expect(left?.cover_photo_id).toBeNull();
});

test('the gallery stops at 8 photos and hides its drop zone', async ({ page }) => {
  const owner = await newOwner(product, 'limite');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Plein' }, 3);
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  await expect(gallery.getByRole('img')).toHaveCount(3);
  const files = [];
  for (const colour of ['red', 'green', 'blue', 'black', 'gray', 'pink', 'cyan'])
    files.push(await photoFile(page, colour));
  await gallery.locator('input[type="file"]').setInputFiles(files);
  await expect(page.locator('.md-toast', { hasText: 'Limite atteinte' })).toContainText('Maximum 8 photos autorisées');
  await expect(gallery.getByRole('img')).toHaveCount(8);
  await expect(gallery.getByText('Cliquez ou déposez vos photos ici')).toHaveCount(0);
});
