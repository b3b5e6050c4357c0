import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A loss's public search page (docs/product/search.md): the owner marks the animal lost on a phone, words its
// search page and shares its link; a stranger opens the link in English, without JavaScript, and reads the
// animal, the household's words and an area, never the household's contacts.

test.use(PHONE);

test('an owner words the search page of a loss on a phone, and a stranger reads it in English without JavaScript', async ({
  page,
  browser,
}) => {
  const owner = await newOwner(product, 'recherche');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pistache', espece: 'cat', sexe: 'F' });
  await owner.client
    .from('animals')
    .update({ public_phone: '+33698765432', show_public_phone: true })
    .eq('id', animalId);
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const loss = page.getByRole('region', { name: 'Perte' });
  await loss.getByRole('switch', { name: 'Animal perdu' }).click();

  const search = loss.getByRole('form', { name: 'Page de recherche' });
  await expect(search).toContainText(/jamais vos coordonnées/);
  const opened = search.getByRole('link', { name: 'Ouvrir la page' });
  const link = (await opened.getAttribute('href')) ?? '';
  expect(new URL(link).pathname).toMatch(/^\/recherche\/[0-9a-f-]{36}$/);

  await search.getByLabel('Lieu du dernier signalement (rue et commune)').fill('Rue des Lilas\u202e, Nantes');
  await search.getByRole('button', { name: 'Enregistrer la page' }).click();
  await expect(search.getByRole('alert')).toHaveText('Le lieu tient sur une ligne, sans caractère de contrôle');
  await search.getByLabel('Lieu du dernier signalement (rue et commune)').fill('Rue des Lilas, Nantes');
  await search.getByLabel('Votre message aux personnes qui cherchent').fill('Porte un harnais rouge.\nCraintive.');
  await search.getByRole('button', { name: 'Enregistrer la page' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Page de recherche mise à jour' })).toBeVisible();

  // The area the page shows: centred on the owner's phone, there, then widened; the point itself is never shown.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 47.218371, longitude: -1.553621 });
  const area = loss.getByRole('region', { name: 'Zone de recherche' });
  await area.getByRole('button', { name: 'Centrer sur ma position actuelle' }).click();
  await expect(area).toContainText('La page montre un cercle d’environ 500 m autour du point choisi');
  await area.getByLabel('Rayon de la zone').selectOption('1000');
  await expect(area).toContainText('cercle d’environ 1000 m');
  const zone = await (await fetch(link)).text();
  expect(zone).toContain('Dans un rayon d’environ 1000 m');
  expect(zone).toContain('#map=15/47.218/-1.554');
  expect(zone).not.toContain('47.218371');
  await loss.screenshot({ path: test.info().outputPath('owner-search-panel.png') });
  // The picture its shared link shows, composed on the server, which the owner may also post themselves.
  const picture = (await search.getByRole('link', { name: 'Image à publier' }).getAttribute('href')) ?? '';
  expect(zone).toContain(`<meta property="og:image" content="${picture.replace('&', '&amp;')}">`);

  // A stranger, from the shared link: English, no script, no account.
  const stranger = await browser.newContext({ ...PHONE, javaScriptEnabled: false, locale: 'en-GB' });
  const reader = await stranger.newPage();
  const answer = await reader.goto(link);
  expect(answer?.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Help us find Pistache');
  await expect(reader.getByText('Porte un harnais rouge.')).toBeVisible();
  await expect(reader.getByText('Rue des Lilas, Nantes')).toBeVisible();
  await expect(reader.locator('body')).not.toContainText('+33698765432');
  await expect(reader.locator('body')).not.toContainText(owner.email);
  // Its languages are links: the page reads in French by its address.
  await reader.getByRole('link', { name: 'Français' }).click();
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Aidez-nous à retrouver Pistache');
  await reader.screenshot({ path: test.info().outputPath('search-page-phone.png'), fullPage: true });
  const preview = await reader.locator('meta[property="og:image"]').getAttribute('content');
  const shown = await stranger.newPage();
  const image = await shown.goto(preview ?? '');
  expect([image?.status(), image?.headers()['content-type']]).toEqual([200, 'image/jpeg']);
  await shown.screenshot({ path: test.info().outputPath('search-page-shared-picture.png') });
  await shown.close();

  // The stranger says they saw her, with the page's form (no script): the page thanks them and shows it.
  const report = reader.getByRole('region', { name: 'Vous l’avez vu ?' });
  await report.getByLabel('Où ? (rue, commune)').fill('Parc de Procé');
  await report.getByLabel('Votre message (facultatif)').fill('Elle se cachait sous un banc.');
  await report.getByRole('button', { name: 'Envoyer' }).click();
  await expect(report.getByRole('status')).toHaveText('Merci ! Sa famille est prévenue.');
  await expect(reader.getByRole('region', { name: 'Derniers signalements' })).toContainText('Parc de Procé');

  // Later, they have her with them: the form leads on to a masked conversation with her family, their own link.
  await report.getByLabel("Je l'ai avec moi").check();
  await report.getByLabel('Où ? (rue, commune)').fill('Rue Crébillon');
  await report.getByLabel('Votre message (facultatif)').fill('Elle est au chaud chez moi.');
  await report.getByRole('button', { name: 'Envoyer' }).click();
  await expect(reader).toHaveURL(/\/conversation\/[0-9a-f]{64}(#signaler)?$/);
  await expect(reader.locator('main')).toContainText('Rue Crébillon · Elle est au chaud chez moi.');
  await reader.screenshot({ path: test.info().outputPath('with-me-conversation.png'), fullPage: true });
  await stranger.close();

  // The household reads them on the loss panel, answers the one who has her, and hides the first from the page.
  await page.reload();
  const sightings = loss.getByRole('region', { name: 'Signalements' });
  await expect(sightings).toContainText('Elle se cachait sous un banc.');
  await expect(sightings.getByRole('link', { name: 'Lui répondre' })).toHaveAttribute(
    'href',
    `/mon-compte/animal/${animalId}/historique`,
  );
  await sightings.getByRole('button', { name: 'Masquer sur la page' }).last().click();
  await expect(sightings).toContainText('Masqué sur la page');
  expect(await (await fetch(link)).text()).not.toContain('Parc de Procé');
  // The other reported as abusive: hidden too, and said so.
  await sightings.getByRole('button', { name: 'Signaler un abus' }).first().click();
  await expect(sightings).toContainText('Signalé comme abusif : masqué sur la page');
  expect(await (await fetch(link)).text()).not.toContain('Rue Crébillon');

  // The name hidden (a stolen or fearful animal), then the animal found.
  await search.getByLabel('Ne pas afficher son nom (animal volé ou craintif)').check();
  await search.getByRole('button', { name: 'Enregistrer la page' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Page de recherche mise à jour' }).last()).toBeVisible();
  const hidden = await (await fetch(link)).text();
  expect(hidden).toContain('Aidez-nous à retrouver cet animal');
  expect(hidden).not.toContain('Pistache');
  await loss.getByRole('switch', { name: 'Animal perdu' }).click();
  await expect(search).toHaveCount(0);
  expect(await (await fetch(link)).text()).toContain('Retrouvé !');
});

test('a stranger with no medal reports a sighting with a photo and their position from a shared link, in English, on a phone', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'recherche-photo');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Moka', espece: 'dog', sexe: 'M', is_lost: true });
  const { data } = await owner.client.from('searches').select('id').eq('animal_id', animalId).single();
  const stranger = await browser.newContext({
    ...PHONE,
    locale: 'en-GB',
    permissions: ['geolocation'],
    geolocation: { latitude: 47.21276, longitude: -1.55612 },
  });
  const page = await stranger.newPage();
  await page.goto(`${product.url}/recherche/${(data as { id: string }).id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help us find Moka');

  const report = page.getByRole('region', { name: 'Have you seen it?' });
  await report.getByLabel('Where? (street, town)').fill('Place du Commerce');
  await report.getByRole('button', { name: 'Add my current position' }).click();
  await expect(report.getByRole('status').first()).toHaveText(
    'Position added: its family will see it on a map, this page will not.',
  );
  // A phone's photo, far over what is sent: the page's script makes it small before the form goes.
  const taken = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400;
    canvas.height = 1000;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const pixels = context.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < pixels.data.length; i += 1)
      pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  const buffer = Buffer.from(taken, 'base64');
  expect(buffer.length).toBeGreaterThan(700 * 1024);
  await report.getByLabel('A photo (optional)').setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer });
  await expect(report).toContainText('The photo goes to its family only, never shown on this page.');
  await page.screenshot({ path: test.info().outputPath('sighting-with-photo.png'), fullPage: true });
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(report.getByRole('status')).toHaveText('Thank you! Its family has been told.');

  // The household's alone: a JPEG under 700 KB in the animal's folder, never on the page.
  const { data: rows } = await owner.client.from('sightings').select('photo_path, lat, lon').eq('animal_id', animalId);
  const [row] = rows as { photo_path: string; lat: number; lon: number }[];
  expect([row?.lat, row?.lon]).toEqual([47.21276, -1.55612]);
  const path = row?.photo_path ?? '';
  expect(path).toMatch(new RegExp(`^${animalId}/[0-9a-f-]{36}\\.jpg$`));
  const file = await owner.client.storage.from('finder-photos').download(path);
  expect(file.data?.type).toBe('image/jpeg');
  expect(file.data?.size ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(700 * 1024);
  expect(await page.content()).not.toContain(path);
  await stranger.close();
});
