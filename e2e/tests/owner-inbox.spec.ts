import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, serviceClient, type TestOwner } from '../support/owners.ts';
import { PHONE, photoFile, signIn, toastTitle } from '../support/pages.ts';
import { readmeScreenshot } from '../support/readme-screenshots.ts';
import { expect, product, test } from '../support/test.ts';

// The owner's inbox and history: what finders sent reaches the portal, unread until opened, and
// the owner deletes one item or all.

const paris = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const service = () => serviceClient(product);

/** Rows a finder's browser would have left, written with the service role. */
async function seed(table: 'finder_messages' | 'scan_events', rows: Record<string, unknown>[]) {
  const { error } = await service().from(table).insert(rows);
  if (error) throw error;
}

async function rowsOf(table: 'finder_messages' | 'scan_events' | 'profile_views', animalId: string) {
  const { data, error } = await service().from(table).select('*').eq('animal_id', animalId);
  if (error) throw error;
  return data;
}

const historyPath = (animalId: string) => `/mon-compte/animal/${animalId}/historique`;
const historyUrl = (animalId: string) => `${product.url}${historyPath(animalId)}`;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a finder’s message and position reach the owner’s inbox, unread until it is opened', async ({
  page,
  browser,
}) => {
  const owner = await newOwner(product, 'boite');
  const pistou = await animalOnNewCode(product, owner, { nom: 'Pistou', is_lost: true });

  // The finder, in a browser of their own, anonymous, at Bellecour.
  const finderContext = await browser.newContext({
    geolocation: { latitude: 45.764, longitude: 4.8357, accuracy: 12 },
    permissions: ['geolocation'],
  });
  const finder = await finderContext.newPage();
  await finder.goto(`${product.url}/${pistou.code}`);
  await finder.getByRole('button', { name: 'Envoyer un message' }).click();
  const dialog = finder.getByRole('dialog', { name: 'Écrire au propriétaire de Pistou' });
  await dialog.getByLabel('Votre message').fill('Il est avec moi, place Bellecour.');
  await dialog.getByLabel(/Comment vous joindre/).fill('07 00 00 00 00');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(toastTitle(finder, 'Message transmis au propriétaire')).toBeVisible();
  // The dialog now gives the finder the link to their conversation; 'Fermer' goes back to the page.
  const followUp = finder.getByRole('dialog', { name: 'Suivez la conversation' });
  await expect(followUp.getByRole('link', { name: 'Ouvrir la conversation' })).toHaveAttribute(
    'href',
    /^\/conversation\/[0-9a-f]{64}$/,
  );
  await followUp.getByRole('button', { name: 'Fermer' }).click();
  await finder.getByRole('button', { name: 'Partager ma position' }).click();
  await finder.getByRole('dialog').getByRole('button', { name: 'Partager ma position' }).click();
  await expect(toastTitle(finder, 'Merci !')).toBeVisible();
  await finderContext.close();

  const [message] = await rowsOf('finder_messages', pistou.animalId);
  const [position] = await rowsOf('scan_events', pistou.animalId);
  if (!message || !position) throw new Error('the finder’s rows are missing');

  await signIn(page, product, owner);
  const card = page.locator('.rt-Card', { has: page.getByRole('heading', { name: 'Pistou' }) });
  // The count is in the link's name as on screen (axe: label-content-name-mismatch).
  await expectAccessible(page);
  await card.getByRole('link', { name: 'Messages 1 non lu', exact: true }).click();
  await expect(page).toHaveURL(historyUrl(pistou.animalId));
  await expect(page.getByRole('heading', { level: 1, name: 'Messages et historique de Pistou' })).toBeVisible();

  // The message is read once, in its conversation; no list of older messages to repeat it.
  const messages = region(page, 'Conversations').getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages).toContainText('Il est avec moi, place Bellecour.');
  await expect(messages).toContainText('Contact : 07 00 00 00 00');
  await expect(messages.getByRole('link', { name: '07 00 00 00 00' })).toHaveAttribute('href', 'tel:+33700000000');
  await expect(messages).toContainText(paris.format(new Date(message.created_at)));
  await expect(messages.getByText('Nouveau')).toBeVisible();
  await expect(region(page, 'Messages')).toHaveCount(0);
  await expect(page.getByText('Il est avec moi, place Bellecour.')).toHaveCount(1);

  const positions = region(page, 'Positions partagées').getByRole('listitem');
  await expect(positions).toHaveCount(1);
  await expect(positions).toContainText(paris.format(new Date(position.created_at)));
  await expect(positions).toContainText('Précision : ± 12 m');
  await expect(positions.getByRole('link', { name: /^Voir sur OpenStreetMap/ })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=17/45.764/4.8357',
  );
  // The finder's opening of the lost animal's page.
  await expect(region(page, 'Consultations de la fiche').getByRole('listitem')).not.toHaveCount(0);
  await expect(
    page.getByText(
      'Les positions partagées et les consultations de la fiche sont conservées 90 jours, puis effacées automatiquement.',
    ),
  ).toBeVisible();
  await expectAccessible(page);

  // Opened: read, in the database and on 'Mes animaux'.
  await expect.poll(async () => (await rowsOf('finder_messages', pistou.animalId))[0]?.read_at ?? null).not.toBeNull();
  await page.getByRole('link', { name: 'Retour à mon compte' }).click();
  await expect(card.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  expect((await owner.client.rpc('unread_message_counts')).data).toEqual([]);
});

test.describe('on a touch phone', () => {
  test.use(PHONE);

  test('deleting one item and clearing a list ask first, and last after a reload', async ({ page }) => {
    const owner = await newOwner(product, 'menage');
    const { animalId, code } = await animalOnNewCode(product, owner, { nom: 'Ficelle' });
    await seed('finder_messages', [
      { animal_id: animalId, code_id: code, message: 'Premier message', created_at: minutesAgo(30) },
      { animal_id: animalId, code_id: code, message: null, contact: 'voisin@example.fr', created_at: minutesAgo(20) },
    ]);
    await seed(
      'scan_events',
      [
        [45.764, 4.8357, 12, 50],
        [45.7651, 4.8372, 30, 40],
        [45.7668, 4.839, 8, 10],
      ].map(([lat, lon, accuracy_m, minutes]) => ({
        animal_id: animalId,
        code_id: code,
        lat,
        lon,
        accuracy_m,
        consent: true,
        created_at: minutesAgo(minutes as number),
      })),
    );
    await signIn(page, product, owner, historyPath(animalId));

    const messages = region(page, 'Messages');
    await expect(messages.getByRole('listitem')).toHaveCount(2);
    // Newest first: the message without text, with its contact.
    await expect(messages.getByRole('listitem').first()).toContainText('(sans message)');
    await expect(messages.getByRole('listitem').first()).toContainText('Contact : voisin@example.fr');
    const positions = region(page, 'Positions partagées');
    await expect(positions.getByRole('img', { name: /^Croquis de 3 positions, nord en haut/ })).toBeVisible();
    await expect(positions.getByRole('listitem').first()).toContainText('± 8 m');

    const remove = messages
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: /^Supprimer le message du / });
    const box = await remove.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await remove.tap();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce message ?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Annuler' }).tap();
    await expect(messages.getByRole('listitem')).toHaveCount(2);
    await remove.tap();
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).tap();
    await expect(toastTitle(page, 'Message supprimé')).toBeVisible();
    await expect(messages.getByRole('listitem')).toHaveCount(1);
    await expect(messages.getByText('Premier message')).toHaveCount(0);

    await positions.getByRole('button', { name: 'Effacer les positions' }).tap();
    await expect(page.getByRole('alertdialog', { name: 'Effacer toutes les positions ?' })).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await page
      .getByRole('alertdialog', { name: 'Effacer toutes les positions ?' })
      .getByRole('button', { name: 'Effacer les positions' })
      .tap();
    await expect(toastTitle(page, 'Positions effacées')).toBeVisible();
    await expect(positions.getByText("Aucune position n'a encore été partagée.")).toBeVisible();

    await page.reload();
    await expect(messages.getByRole('listitem')).toHaveCount(1);
    await expect(messages.getByRole('listitem')).toContainText('voisin@example.fr');
    await expect(positions.getByText("Aucune position n'a encore été partagée.")).toBeVisible();
    expect((await rowsOf('finder_messages', animalId)).map((row) => row.contact)).toEqual(['voisin@example.fr']);
    expect(await rowsOf('scan_events', animalId)).toEqual([]);

    await messages.getByRole('button', { name: 'Supprimer tous les messages' }).tap();
    await expect(page.getByRole('alertdialog', { name: 'Supprimer tous les messages ?' })).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await page
      .getByRole('alertdialog', { name: 'Supprimer tous les messages ?' })
      .getByRole('button', { name: 'Supprimer tous les messages' })
      .tap();
    await expect(messages.getByText("Aucun message pour l'instant.")).toBeVisible();
    // Messages outside any conversation are a list of their own only while there are some.
    await page.reload();
    await expect(region(page, 'Conversations').getByText("Aucune conversation pour l'instant.")).toBeVisible();
    await expect(messages).toHaveCount(0);
    expect(await rowsOf('finder_messages', animalId)).toEqual([]);
    await expectAccessible(page);
  });
});

test.describe('a finder’s contact and photo on a touch phone', () => {
  test.use(PHONE);

  test('the number calls, the address writes, other words stay text; the photo opens full size and closes', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'photo');
    const { animalId, code } = await animalOnNewCode(product, owner, { nom: 'Plume' });
    // A portrait photo taller than the screen, in the private bucket, as post_finder_message stores it.
    await page.goto(product.url);
    const photo = await photoFile(page, 'teal', { width: 900, height: 1600 });
    const path = `${animalId}/${crypto.randomUUID()}.png`;
    const upload = await service()
      .storage.from('finder-photos')
      .upload(path, photo.buffer, { contentType: photo.mimeType });
    if (upload.error) throw upload.error;
    // One finder's conversation: three messages of theirs, the last with the photo.
    const { data: conversation, error } = await service()
      .from('conversations')
      .insert({ animal_id: animalId, code_id: code, token: randomBytes(32).toString('hex') })
      .select('id')
      .single();
    if (error) throw error;
    const inConversation = { animal_id: animalId, code_id: code, conversation_id: conversation.id };
    await seed('finder_messages', [
      {
        ...inConversation,
        message: 'Par téléphone',
        contact: '+33 6 11 22 33 44',
        created_at: minutesAgo(30),
      },
      {
        ...inConversation,
        message: 'Par courriel',
        contact: 'voisin@example.fr',
        created_at: minutesAgo(20),
      },
      {
        ...inConversation,
        message: 'Au café',
        contact: 'le boulanger',
        photo_path: path,
        created_at: minutesAgo(10),
      },
    ]);
    await signIn(page, product, owner, historyPath(animalId));
    const messages = region(page, 'Conversations');
    await expect(messages.getByRole('link', { name: '+33 6 11 22 33 44' })).toHaveAttribute('href', 'tel:+33611223344');
    await expect(messages.getByRole('link', { name: 'voisin@example.fr' })).toHaveAttribute(
      'href',
      'mailto:voisin@example.fr',
    );
    await expect(messages.getByText('Contact : le boulanger')).toBeVisible();
    await expect(messages.getByRole('link', { name: 'le boulanger' })).toHaveCount(0);
    await readmeScreenshot(page, 'inbox');

    const thumbnail = messages.getByRole('button', { name: 'Agrandir la photo de Plume jointe au message' });
    await thumbnail.tap();
    const dialog = page.getByRole('dialog', { name: 'Photo de Plume jointe au message' });
    const full = dialog.getByRole('img', { name: 'Photo de Plume jointe au message' });
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900);
    // The whole photo on the screen, as large as it fits.
    const box = await full.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(box?.height).toBeGreaterThan(500);
    // Pinch-zoom stays the browser's: neither the page's viewport nor the photo forbids it.
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(
      /user-scalable|maximum-scale/,
    );
    expect(await full.evaluate((img) => getComputedStyle(img).touchAction)).not.toBe('none');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
    await thumbnail.tap();
    await dialog.getByRole('button', { name: 'Fermer' }).tap();
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });
});

test('25 messages show 20, newest first, then the 5 others', async ({ page }) => {
  const owner = await newOwner(product, 'pages');
  const { animalId, code } = await animalOnNewCode(product, owner, { nom: 'Bavard' });
  await seed(
    'finder_messages',
    Array.from({ length: 25 }, (_, index) => ({
      animal_id: animalId,
      code_id: code,
      message: `Message n° ${index + 1}`,
      created_at: minutesAgo(100 - index),
    })),
  );
  await signIn(page, product, owner, historyPath(animalId));
  const items = region(page, 'Messages').getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Message n° 25');
  await expect(items.last()).toContainText('Message n° 6');
  await region(page, 'Messages').getByRole('button', { name: 'Afficher plus' }).click();
  await expect(items).toHaveCount(25);
  await expect(items.last()).toContainText('Message n° 1');
  await expect(region(page, 'Messages').getByRole('button', { name: 'Afficher plus' })).toHaveCount(0);
});

test('signed out, the page goes through the login; another owner’s animal is refused', async ({ page }) => {
  const owner: TestOwner = await newOwner(product, 'proprio');
  const other = await newOwner(product, 'autre');
  const mine = await animalOnNewCode(product, owner, { nom: 'Mien' });
  const theirs = await animalOnNewCode(product, other, { nom: 'Sien' });
  await seed('finder_messages', [{ animal_id: theirs.animalId, code_id: theirs.code, message: 'Pour l’autre' }]);

  await page.goto(historyUrl(mine.animalId));
  await expect(page).toHaveURL(
    `${product.url}/auth/login?next=${encodeURIComponent(`/mon-compte/animal/${mine.animalId}/historique`)}`,
  );
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe').fill(owner.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(historyUrl(mine.animalId));
  await expect(page.getByRole('heading', { level: 1, name: 'Messages et historique de Mien' })).toBeVisible();

  // From the edit page too.
  await page.getByRole('link', { name: 'Modifier la fiche' }).click();
  await page.getByRole('link', { name: 'Messages et historique' }).click();
  await expect(page).toHaveURL(historyUrl(mine.animalId));

  await page.goto(historyUrl(theirs.animalId));
  await expect(toastTitle(page, 'Accès refusé')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Pour l’autre')).toHaveCount(0);
  // Nothing of theirs was marked read by opening their page.
  expect((await rowsOf('finder_messages', theirs.animalId))[0]?.read_at).toBeNull();
});
