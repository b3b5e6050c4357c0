import { animalOnNewCode, newOwner, serviceClient } from '../support/owners.ts';
import { PHONE, photoFile, signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// An animal found without a medal (docs/product/found.md), on phones: a passer-by finds a cat, opens 'J'ai trouvé
// un animal' from the landing page, reads it in English, reports it with their position and address, and lands
// on their report's page through their private link, where the cat lost nearby is listed. The household of that
// loss is told by e-mail, finds the report on its loss panel and says 'C'est le mien', which opens the masked
// conversation: the finder, who asked for it from their report's e-mail, is told with their link, and reads the
// owner's words on their page.

test.use(PHONE);

test('a cat found without a medal is reported in English, and its owner nearby says it is theirs', async ({
  browser,
  page,
}) => {
  const owner = await newOwner(product, 'trouve-chat');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Caramel', espece: 'cat', sexe: 'M' });
  await owner.client.from('animals').update({ is_lost: true }).eq('id', animalId);
  const area = await owner.client
    .from('searches')
    .update({ area_lat: 47.2184, area_lon: -1.5536, area_radius_m: 500, last_seen_place: 'Place Graslin' })
    .eq('animal_id', animalId);
  expect(area.error).toBeNull();

  // The passer-by, on their own phone.
  const finder = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  await finder.grantPermissions(['geolocation']);
  await finder.setGeolocation({ latitude: 47.2131, longitude: -1.5604 });
  const found = await finder.newPage();
  await found.goto(product.url);
  await found.getByRole('link', { name: 'J’ai trouvé un animal' }).click();
  await expect(found.getByRole('heading', { level: 1 })).toHaveText('J’ai trouvé un animal');
  await found.getByRole('link', { name: 'English' }).click();
  await expect(found.getByRole('heading', { level: 1 })).toHaveText('I found an animal');
  await found.getByLabel('Species').selectOption('cat');
  await found.getByLabel('Where? (street, town)').fill('Rue Crébillon, Nantes');
  await found.getByRole('button', { name: 'Add my current position' }).click();
  await expect(found.getByText(/^Position added: it is used to tell the families/)).toBeVisible();
  await found.getByLabel('Its colour, its signs (collar, tattoo, size…)').fill('Ginger, white chin, no collar');
  const finderEmail = `trouveur-${crypto.randomUUID()}@test.medaille.fr`;
  await found.getByLabel('Your e-mail address (optional)').fill(finderEmail);
  await found
    .getByLabel('Photos (optional, 3 at most)')
    .setInputFiles([await photoFile(found, 'orange', { width: 1200, height: 900 }), await photoFile(found, 'white')]);
  await found.screenshot({ path: test.info().outputPath('found-form-phone.png'), fullPage: true });
  await found.getByRole('button', { name: 'Report' }).click();

  await expect(found.getByRole('status')).toContainText('Thank you! Your report is online');
  // Its photos, as the page's script made them small, drawn anew by the server, each loaded at the phone's size.
  const photos = found.locator('img.search-photo');
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toHaveAttribute('width', '1200');
  await expect(photos.first()).toHaveAttribute('src', /\/found-photos\/[0-9a-f-]+\/[0-9a-f-]+\.jpg/);
  await expect
    .poll(() => photos.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(300);
  const privateLink = found.url();
  expect(privateLink).toMatch(/\/trouve\/[0-9a-f-]{36}\?lang=en&cle=[0-9a-f]{64}&envoye=1$/);
  const nearby = found.getByRole('region', { name: 'Lost near here' });
  await expect(nearby.getByRole('link', { name: 'Caramel' })).toBeVisible();
  await expect(nearby).toContainText(/about \d+ m away/);
  await expect(found.getByText('No owner has come forward yet.')).toBeVisible();
  await found.screenshot({ path: test.info().outputPath('found-page-finder-phone.png'), fullPage: true });
  const reportId = /\/trouve\/([0-9a-f-]{36})/.exec(privateLink)?.[1] as string;

  // Their address got one e-mail, their report's own link; on its page they ask to be told when an owner writes.
  const reportMail = await product.lastMail(finderEmail);
  expect(reportMail.subject).toBe('Your report on Médaille');
  const mailedLink = reportMail.links.find((href) => href.includes(`/trouve/${reportId}`)) as string;
  await found.goto(mailedLink);
  await found.getByRole('button', { name: 'Tell me by e-mail' }).click();
  await expect(found.getByText('You will get an e-mail when an owner writes to you.')).toBeVisible();

  // The household is told (deliver-outbox, as pg_cron runs it every minute), and finds it on its loss panel.
  expect((await serviceClient(product).functions.invoke('deliver-outbox')).error).toBeNull();
  const alert = await product.lastMail(owner.email);
  expect(alert.subject).toBe('Un animal trouvé près de la zone de recherche de Caramel');
  expect(alert.text).toContain('Ginger, white chin, no collar');
  expect(alert.text).not.toContain('47.2131');

  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const listed = page.getByRole('region', { name: "Animaux trouvés près d'ici" });
  await expect(listed).toContainText('Rue Crébillon, Nantes');
  await listed.getByRole('link', { name: 'C’est le mien' }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/trouve/${reportId}$`));
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Animal trouvé : Chat');
  await expect(page.getByRole('radio', { name: /Caramel/ })).toBeChecked();
  await page.getByLabel('Votre message').fill('Caramel a une tache blanche sous le menton. Merci !');
  await page.screenshot({ path: test.info().outputPath('found-claim-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'C’est le mien : écrire à la personne' }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/animal/${animalId}/historique$`));
  await expect(page.getByText('Caramel a une tache blanche sous le menton. Merci !')).toBeVisible();

  // The finder: one e-mail in English with their link, and the owner's words behind it.
  const told = await product.lastMail(finderEmail);
  expect(told.subject).toBe('Someone thinks the animal you found is theirs');
  expect(told.text).not.toContain('tache');
  await found.goto(privateLink.replace('&envoye=1', ''));
  const claims = found.getByRole('region', { name: 'Owners who wrote to you' });
  await expect(claims).toContainText('Caramel’s owner thinks it is theirs');
  await claims.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(found.getByText('Caramel a une tache blanche sous le menton. Merci !')).toBeVisible();
  await found.screenshot({ path: test.info().outputPath('found-conversation-finder-phone.png'), fullPage: true });

  // Home: the finder closes the report with their link.
  await found.goto(privateLink.replace('&envoye=1', ''));
  await found.getByRole('button', { name: 'Close the report' }).click();
  await expect(found.getByRole('status')).toHaveText('The report is closed. Thank you for your help!');
  await expect(found.getByRole('region', { name: 'Lost near here' })).toHaveCount(0);
  await finder.close();
});
