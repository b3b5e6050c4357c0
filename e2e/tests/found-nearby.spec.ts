import { animalOnNewCode, finderCall, newOwner } from '../support/owners.ts';
import { PHONE, signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// Animals found without a medal near a loss (docs/product/found.md): a passer-by reports a dog found in a park
// (report-found, the form's function); the household of a dog lost nearby reads it on its loss panel, on a phone,
// with its signs and how far from the area, never where exactly nor who found it.

test.use(PHONE);

test('a dog found without a medal near a loss shows on the household’s loss panel, on a phone', async ({ page }) => {
  const owner = await newOwner(product, 'trouves');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Bella', espece: 'dog', sexe: 'F' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const loss = page.getByRole('region', { name: 'Perte' });
  await loss.getByRole('switch', { name: 'Animal perdu' }).click();
  const found = loss.getByRole('region', { name: "Animaux trouvés près d'ici" });
  await expect(found).toContainText('Choisissez une zone de recherche');

  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 45.764, longitude: 4.8357 });
  await loss
    .getByRole('region', { name: 'Zone de recherche' })
    .getByRole('button', { name: 'Centrer sur ma position actuelle' })
    .click();
  await expect(found).toContainText("Personne n'a signalé d'animal trouvé près de la zone.");

  const reported = await finderCall(product, 'report-found', {
    species: 'dog',
    place: 'Parc de la Tête d’Or, Lyon',
    position: { lat: 45.774_13, lon: 4.835_71 },
    description: 'Labrador sable, sans collier, très gentil',
    language: 'en',
  });
  expect(reported.status).toBe(200);

  await page.reload();
  const listed = page.getByRole('region', { name: "Animaux trouvés près d'ici" });
  await expect(listed).toContainText(/Chien trouvé le \d+/);
  await expect(listed).toContainText('Parc de la Tête d’Or, Lyon');
  await expect(listed).toContainText('Labrador sable, sans collier, très gentil');
  await expect(listed).toContainText(/À environ (800|900|1000|1100|1200|1300|1400) m du centre de la zone/);
  await expect(listed).not.toContainText('45.774');
  await listed.screenshot({ path: test.info().outputPath('found-nearby-phone.png') });
});
