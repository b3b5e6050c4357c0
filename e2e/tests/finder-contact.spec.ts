// On a phone: every way to reach the owner (a call first, SMS, WhatsApp), lost or not, a photo of the
// found animal in the message (a phone camera's, resized in the browser), and what to do in France, more
// prominent when it is lost.
import { readFile, stat, writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, serviceClient, type TestOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { readmeScreenshot } from '../support/readme-screenshots.ts';
import { expect, product, test } from '../support/test.ts';

type Animal = { code: string; animalId: string };

let owner: TestOwner;
let lost: Animal; // Pistou: lost, phone public
let home: Animal; // Nala: at home, an international phone public, a portrait photo
let hidden: Animal; // Milo: a phone the owner keeps private

test.use(PHONE);

/** A portrait photo (900×1200) as a phone takes it, the cover of `animal`: the tallest a cover gets. */
async function givePortraitCover(browser: Browser, animal: Animal) {
  const page = await browser.newPage();
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 1200;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#8e6e53';
    context.fillRect(0, 0, 900, 1200);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1] as string;
  });
  await page.close();
  const path = `${animal.animalId}/portrait.jpg`;
  const upload = await owner.client.storage
    .from('animal-photos')
    .upload(path, Buffer.from(base64, 'base64'), { contentType: 'image/jpeg' });
  if (upload.error) throw upload.error;
  const row = await owner.client
    .from('animal_photos')
    .insert({ animal_id: animal.animalId, path, width: 900, height: 1200, position: 0 })
    .select('id')
    .single();
  if (row.error) throw row.error;
  const cover = await owner.client.from('animals').update({ cover_photo_id: row.data.id }).eq('id', animal.animalId);
  if (cover.error) throw cover.error;
}

test.beforeAll(async ({ browser }) => {
  owner = await newOwner(product, 'finder-contact');
  lost = await animalOnNewCode(product, owner, {
    nom: 'Pistou',
    espece: 'dog',
    sexe: 'M',
    is_lost: true,
    public_phone: '06 12 34 56 78',
    show_public_phone: true,
  });
  home = await animalOnNewCode(product, owner, {
    nom: 'Nala',
    espece: 'cat',
    sexe: 'F',
    public_phone: '+44 20 7946 0958',
    show_public_phone: true,
  });
  hidden = await animalOnNewCode(product, owner, {
    nom: 'Milo',
    public_phone: '0699887766',
    show_public_phone: false,
  });
  await givePortraitCover(browser, home);
});

const scan = async (page: Page, animal: Animal) => {
  await page.goto(`${product.url}/${animal.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
};
const contactCard = (page: Page) => page.getByRole('region', { name: 'CONTACT' });
const helpCard = (page: Page, name: string) => page.getByRole('region', { name: `Vous avez trouvé ${name} ?` });
const hrefOf = async (page: Page, name: string) =>
  new URL((await page.getByRole('link', { name, exact: true }).getAttribute('href')) as string);

const service = () => serviceClient(product);

test.describe('every way to reach the owner', () => {
  test('SMS and WhatsApp write to the public phone, with a text naming the animal and the page', async ({ page }) => {
    await scan(page, home);
    const page_url = `${product.url}/${home.code}`;
    const expected = `Bonjour, j'ai trouvé Nala et j'ai scanné sa médaille : ${page_url}`;

    const sms = await hrefOf(page, 'Envoyer un SMS');
    expect(sms.protocol).toBe('sms:');
    expect(sms.pathname).toBe('+442079460958');
    // `?&body=`: Android reads the query, iOS the `&body=`.
    expect(sms.search.startsWith('?&body=')).toBe(true);
    expect(sms.searchParams.get('body')).toBe(expected);

    const whatsApp = await hrefOf(page, 'Écrire sur WhatsApp');
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.pathname).toBe('/442079460958');
    expect(whatsApp.searchParams.get('text')).toBe(expected);
    await expect(page.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveAttribute('target', '_blank');

    // A French number gets +33 in place of its leading 0, the call link's rule.
    await scan(page, lost);
    expect((await hrefOf(page, 'Envoyer un SMS')).pathname).toBe('+33612345678');
    expect((await hrefOf(page, 'Écrire sur WhatsApp')).pathname).toBe('/33612345678');
    expect((await hrefOf(page, 'Appeler le propriétaire')).href).toBe('tel:+33612345678');
    // The number itself stays in CONTACT, alone: the buttons are the finder's actions.
    await expect(contactCard(page).getByRole('link')).toHaveText(['06 12 34 56 78']);
    expect((await hrefOf(page, '06 12 34 56 78')).href).toBe('tel:+33612345678');
  });

  test('at home as when lost, calling the owner is the first action, in the first screen, with SMS and WhatsApp as buttons', async ({
    page,
    browser,
  }) => {
    for (const [animal, name] of [
      [home, 'Nala'],
      [lost, 'Pistou'],
    ] as const) {
      await scan(page, animal);
      const help = helpCard(page, name);
      const call = help.getByRole('link', { name: 'Appeler le propriétaire' });
      await expect(call).toBeInViewport({ ratio: 1 });
      const actions = help.getByRole('link').or(help.getByRole('button'));
      await expect(actions).toHaveText([
        'Appeler le propriétaire',
        'Envoyer un SMS',
        'Écrire sur WhatsApp',
        'Partager ma position',
        'Envoyer un message',
      ]);
      // Buttons a thumb hits, none touching another.
      const boxes = await actions.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      );
      for (const [index, box] of boxes.entries()) {
        expect(box.height).toBeGreaterThanOrEqual(44);
        for (const other of boxes.slice(index + 1)) {
          const apart = other.top >= box.bottom || other.left >= box.right || other.right <= box.left;
          expect(apart).toBe(true);
        }
      }
      await expectAccessible(page);
      await readmeScreenshot(page, animal === home ? 'scan-page' : 'scan-page-lost');
    }

    // Without JavaScript, the server's page calls first all the same.
    const plain = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const served = await plain.newPage();
    await served.goto(`${product.url}/${home.code}`);
    const call = helpCard(served, 'Nala').getByRole('link', { name: 'Appeler le propriétaire' });
    await expect(call).toHaveAttribute('href', 'tel:+442079460958');
    await expect(call).toBeInViewport({ ratio: 1 });
    await expect(helpCard(served, 'Nala').getByRole('link', { name: 'Envoyer un SMS' })).toBeVisible();
    await plain.close();

    // On a desktop, SMS and WhatsApp side by side under the call, apart.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const wide = await desktop.newPage();
    await wide.goto(`${product.url}/${home.code}`);
    const sms = await helpCard(wide, 'Nala').getByRole('link', { name: 'Envoyer un SMS' }).boundingBox();
    const whatsApp = await helpCard(wide, 'Nala').getByRole('link', { name: 'Écrire sur WhatsApp' }).boundingBox();
    expect(sms && whatsApp).toBeTruthy();
    if (!sms || !whatsApp) return;
    expect(whatsApp.y).toBe(sms.y);
    expect(whatsApp.x).toBeGreaterThanOrEqual(sms.x + sms.width + 8);
    await desktop.close();
  });

  test('offers neither SMS nor WhatsApp nor a call when the phone is not public', async ({ page }) => {
    await scan(page, hidden);
    await expect(page.getByRole('link', { name: 'Envoyer un SMS' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveCount(0);
    await expect(page.locator('a[href^="tel:"], a[href^="sms:"], a[href*="wa.me"]')).toHaveCount(0);
    await expect(page.getByText('06 99 88 77 66')).toHaveCount(0);
  });

  test('lost: calling and sharing the position come first, right under the banner', async ({ page }) => {
    await scan(page, lost);
    const banner = page.getByRole('alert').filter({ hasText: 'Animal signalé comme perdu' });
    const call = page.getByRole('link', { name: 'Appeler le propriétaire' });
    const share = page.getByRole('button', { name: 'Partager ma position' });
    await expect(call).toHaveAttribute('href', 'tel:+33612345678');
    // Both in the first screen, before scrolling, below the banner and above the animal's name.
    for (const action of [call, share]) await expect(action).toBeInViewport();
    const bannerBox = await banner.boundingBox();
    const callBox = await call.boundingBox();
    const shareBox = await share.boundingBox();
    const nameBox = await page.getByRole('heading', { level: 1, name: 'Pistou' }).boundingBox();
    expect(bannerBox && callBox && shareBox && nameBox).toBeTruthy();
    if (!bannerBox || !callBox || !shareBox || !nameBox) return;
    expect(callBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
    expect(shareBox.y).toBeGreaterThan(callBox.y);
    expect(nameBox.y).toBeGreaterThan(shareBox.y + shareBox.height);

    // At home, the help comes after the animal.
    await scan(page, home);
    const homeName = await page.getByRole('heading', { level: 1, name: 'Nala' }).boundingBox();
    const homeShare = await page.getByRole('button', { name: 'Partager ma position' }).boundingBox();
    expect(homeShare?.y ?? 0).toBeGreaterThan(homeName?.y ?? Number.POSITIVE_INFINITY);
  });
});

test.describe('what to do in France', () => {
  const guide = (page: Page) => page.locator('details', { hasText: 'Animal trouvé : que faire en France ?' });
  const vetStep = "Personne ne répond ? N'importe quel vétérinaire peut lire gratuitement sa puce ou son tatouage.";

  test('is a closed guide at home, which opens on a tap and names I-CAD, the vet and the mairie', async ({ page }) => {
    await scan(page, home);
    await expect(guide(page)).not.toHaveAttribute('open', '');
    await expect(page.getByText(vetStep)).toBeHidden();
    await page.getByText('Animal trouvé : que faire en France ?').tap();
    await expect(guide(page)).toHaveAttribute('open', '');
    await expect(page.getByText(vetStep)).toBeVisible();
    const icad = guide(page).getByRole('link', { name: 'I-CAD' });
    await expect(icad).toHaveAttribute('href', 'https://www.i-cad.fr');
    await expect(icad).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(guide(page)).toContainText('il prévient son propriétaire sans vous donner ses coordonnées');
    await expect(guide(page)).toContainText('la mairie de la commune où vous l’avez trouvé, ou à la gendarmerie');
    await expect(guide(page)).toContainText('La fourrière animale est placée sous la responsabilité du maire.');
  });

  test('is open, right after the finder’s actions, when the animal is lost', async ({ page }) => {
    await scan(page, lost);
    await expect(guide(page)).toHaveAttribute('open', '');
    await expect(page.getByText(vetStep)).toBeVisible();
    const guideBox = await guide(page).boundingBox();
    const contactBox = await contactCard(page).boundingBox();
    expect(guideBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(contactBox?.y ?? 0);
  });
});

/** A large photo drawn by the browser (3000×2000, so that it gets resized), as a file to pick. */
async function bigPhoto(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#c0392b';
    context.fillRect(0, 0, 3000, 2000);
    context.fillStyle = '#2980b9';
    context.beginPath();
    context.arc(1500, 1000, 800, 0, 2 * Math.PI);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return { name: 'pistou.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] as string, 'base64') };
}

/**
 * `jpeg` with the EXIF a phone writes: orientation 6 (the stored image is turned a quarter clockwise to be
 * seen upright, as a phone held upright stores it) and the place it was taken (48°51'24" N, 2°21'7" E).
 */
function withPhoneExif(jpeg: Buffer): Buffer {
  const tiff = Buffer.alloc(140);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: (offset: number) => void) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    value(at + 8);
  };
  // IFD0 at 8: Orientation (SHORT) and the GPS IFD's offset (LONG).
  tiff.writeUInt16LE(2, 8);
  entry(10, 0x0112, 3, 1, (at) => tiff.writeUInt16LE(6, at));
  entry(22, 0x8825, 4, 1, (at) => tiff.writeUInt32LE(38, at));
  // GPS IFD at 38: N, latitude (3 RATIONAL at 92), E, longitude (3 RATIONAL at 116).
  tiff.writeUInt16LE(4, 38);
  entry(40, 0x0001, 2, 2, (at) => tiff.write('N\0', at, 'latin1'));
  entry(52, 0x0002, 5, 3, (at) => tiff.writeUInt32LE(92, at));
  entry(64, 0x0003, 2, 2, (at) => tiff.write('E\0', at, 'latin1'));
  entry(76, 0x0004, 5, 3, (at) => tiff.writeUInt32LE(116, at));
  [48, 51, 24, 2, 21, 7].forEach((value, index) => {
    tiff.writeUInt32LE(value, 92 + index * 8);
    tiff.writeUInt32LE(1, 96 + index * 8);
  });
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(exif.length + 2, 2);
  // Right after the start of image, where a camera writes it.
  return Buffer.concat([jpeg.subarray(0, 2), app1, exif, jpeg.subarray(2)]);
}

/**
 * A phone camera's photo, as a file: a 12 MP JPEG of some 9 MB, stored 4000×3000 with the EXIF of
 * `withPhoneExif`. Red on the stored left, so on top once upright; blue on the right.
 */
async function phonePhotoFile(page: Page): Promise<string> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = context.createImageData(4000, 3000);
    // A grain in each channel, as a camera's sensor gives: JPEG keeps it, hence the photo's size.
    const grain = () => Math.random() * 96;
    for (let i = 0; i < image.data.length; i += 4) {
      const left = (i / 4) % 4000 < 2000;
      image.data[i] = (left ? 150 : 0) + grain();
      image.data[i + 1] = grain();
      image.data[i + 2] = (left ? 0 : 150) + grain();
      image.data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/jpeg', 0.96));
    const dataUrl = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
    return dataUrl.slice(dataUrl.indexOf(',') + 1);
  });
  const path = test.info().outputPath('IMG_2048.jpg');
  await writeFile(path, withPhoneExif(Buffer.from(base64, 'base64')));
  return path;
}

/** Each client's count of finder photos today, by its rate-limit bucket (`finder-photo:{client hash}`). */
async function photoCounts(): Promise<Map<string, number>> {
  const { data, error } = await service()
    .from('rate_limit_hits')
    .select('bucket, hits')
    .like('bucket', 'finder-photo:%');
  if (error) throw error;
  return new Map(
    data.filter((row) => /^finder-photo:[0-9a-f]{64}$/.test(row.bucket)).map((row) => [row.bucket, row.hits]),
  );
}

async function photoPathsOf(animalId: string): Promise<string[]> {
  const { data, error } = await service()
    .from('finder_messages')
    .select('photo_path')
    .eq('animal_id', animalId)
    .not('photo_path', 'is', null);
  if (error) throw error;
  return data.map((row) => row.photo_path as string);
}

test.describe('a photo in the message', () => {
  test('reaches the owner alone: resized, linked to the inbox in the e-mail, unreadable without the owner’s session', async ({
    page,
    browser,
  }) => {
    await scan(page, lost);
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Pistou' });
    await dialog.getByLabel('Votre message').fill('Il est avec moi, voici sa photo.');
    // No `capture`: the phone offers the camera and the gallery.
    const input = dialog.getByLabel('Photo de l’animal (facultatif)');
    await expect(input).not.toHaveAttribute('capture');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await input.setInputFiles(await bigPhoto(page));
    await expect(dialog.getByRole('img', { name: 'Photo jointe' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(toastTitle(page, 'Message transmis au propriétaire')).toBeVisible();
    await page.getByRole('dialog', { name: 'Suivez la conversation' }).getByRole('button', { name: 'Fermer' }).click();

    const mail = await product.lastMail(owner.email);
    expect(mail.text).toContain('Il est avec moi, voici sa photo.');
    expect(mail.text).toContain('Cette personne a joint une photo de Pistou.');
    const inbox = mail.links.find((link) => link.includes('/historique'));
    expect(new URL(inbox as string).pathname).toBe(`/mon-compte/animal/${lost.animalId}/historique`);
    expect(mail.text).not.toContain('/storage/');

    // The link leads a visitor without the owner's session to the login page, not to the photo.
    const stranger = await browser.newPage();
    await stranger.goto(inbox as string);
    await expect(stranger).toHaveURL(/\/auth\/login\?next=/);
    await stranger.close();

    // The file: a JPEG of 1600 px at most, in the animal's folder, read with the owner's session only.
    const [path] = await photoPathsOf(lost.animalId);
    expect(path).toMatch(new RegExp(`^${lost.animalId}/[0-9a-f-]{36}\\.jpg$`));
    const mine = await owner.client.storage.from('finder-photos').download(path as string);
    expect(mine.error).toBeNull();
    const bytes = Buffer.from(await (mine.data as Blob).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const size = await page.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
      return [bitmap.width, bitmap.height];
    }, bytes.toString('base64'));
    expect(size).toEqual([1600, 1067]);
    const anonymous = await fetch(`${product.stack.url}/storage/v1/object/finder-photos/${path}`, {
      headers: { apikey: product.stack.anonKey, authorization: `Bearer ${product.stack.anonKey}` },
    });
    expect(anonymous.ok).toBe(false);
    expect((await fetch(`${product.stack.url}/storage/v1/object/public/finder-photos/${path}`)).ok).toBe(false);

    // In the portal's inbox the owner sees the photo; deleting the message deletes its file.
    const ownerPage = await browser.newPage();
    await signIn(ownerPage, product, owner);
    await ownerPage.goto(inbox as string);
    const item = ownerPage.getByRole('listitem').filter({ hasText: 'Il est avec moi, voici sa photo.' });
    const photo = item.getByRole('img', { name: 'Photo de Pistou jointe au message' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await item.getByRole('button', { name: /^Supprimer le message du/ }).click();
    await ownerPage
      .getByRole('alertdialog', { name: 'Supprimer ce message ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(toastTitle(ownerPage, 'Message supprimé')).toBeVisible();
    // Its button gone with it, focus is on the conversations' title, not lost to the page.
    await expect(ownerPage.getByRole('heading', { level: 2, name: 'Conversations' })).toBeFocused();
    expect((await owner.client.storage.from('finder-photos').download(path as string)).error).not.toBeNull();
    await ownerPage.close();
  });

  test('a phone camera’s photo of 9 MB goes: resized and upright in the owner’s inbox, without where it was taken', async ({
    page,
    browser,
  }) => {
    const file = await phonePhotoFile(page);
    const { size } = await stat(file);
    expect(size).toBeGreaterThan(8 * 1024 * 1024);
    // The file as a phone shows it: upright, 3000×4000.
    await scan(page, home);
    const upright = await page.evaluate(
      async (base64) => {
        const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
        return [bitmap.width, bitmap.height];
      },
      (await readFile(file)).toString('base64'),
    );
    expect(upright).toEqual([3000, 4000]);

    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Nala' });
    // Nala's page does not show her owner's e-mail: the dialog says it stays hidden.
    await expect(
      dialog.getByText('Votre message lui sera transmis par e-mail. Son adresse ne vous sera pas communiquée.'),
    ).toBeVisible();
    await dialog.getByLabel('Votre message').fill('Nala dort sur mon canapé, la voici.');
    await dialog.getByLabel('Photo de l’animal (facultatif)').setInputFiles(file);
    await expect(dialog.getByRole('img', { name: 'Photo jointe' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'dialog[open]');
    await expect(dialog.getByRole('button', { name: 'Envoyer' })).toBeEnabled({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(toastTitle(page, 'Message transmis au propriétaire')).toBeVisible();
    await page.getByRole('dialog', { name: 'Suivez la conversation' }).getByRole('button', { name: 'Fermer' }).click();

    // What was stored: a JPEG of 1600 px at most, upright (red on top), with no metadata left.
    const [path] = await photoPathsOf(home.animalId);
    const stored = await owner.client.storage.from('finder-photos').download(path as string);
    expect(stored.error).toBeNull();
    const bytes = Buffer.from(await (stored.data as Blob).arrayBuffer());
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    const seen = await page.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      const red = (y: number) => context.getImageData(bitmap.width / 2, y, 1, 1).data[0] as number;
      return { width: bitmap.width, height: bitmap.height, top: red(10), bottom: red(bitmap.height - 10) };
    }, bytes.toString('base64'));
    expect(seen.height).toBeLessThanOrEqual(1600);
    expect(seen.width * 4).toBe(seen.height * 3);
    expect(seen.top).toBeGreaterThan(150);
    expect(seen.bottom).toBeLessThan(100);

    // The owner's inbox shows it.
    const ownerPage = await browser.newPage();
    await signIn(ownerPage, product, owner);
    await ownerPage.goto(`${product.url}/mon-compte/animal/${home.animalId}/historique`);
    const item = ownerPage.getByRole('listitem').filter({ hasText: 'Nala dort sur mon canapé, la voici.' });
    const photo = item.getByRole('img', { name: 'Photo de Nala jointe au message' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(seen.height);
    await ownerPage.close();
  });

  test('refuses a file over 25 MB or of another type at once, in French', async ({ page }) => {
    await scan(page, lost);
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Pistou' });
    const input = dialog.getByLabel('Photo de l’animal (facultatif)');
    await expect(
      dialog.getByText('JPEG, PNG ou WebP, jusqu’à 25 Mo. Seul son propriétaire pourra la voir.'),
    ).toBeVisible();
    const heavy = test.info().outputPath('lourde.jpg');
    await writeFile(heavy, Buffer.alloc(25 * 1024 * 1024 + 1));
    await input.setInputFiles(heavy);
    await expect(dialog.getByRole('alert')).toHaveText('La photo ne doit pas dépasser 25 Mo.');
    await input.setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(dialog.getByRole('alert')).toHaveText('Choisissez une photo JPEG, PNG ou WebP.');
    await input.setInputFiles({ name: 'fausse.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une image') });
    await expect(dialog.getByRole('alert')).toHaveText('Impossible de lire cette photo. Choisissez-en une autre.');
    await expect(dialog.getByRole('img', { name: 'Photo jointe' })).toHaveCount(0);
  });

  test('refuses a tenth photo from one client in a day, in French, and keeps nothing of it', async ({ page }) => {
    // This browser and this test's requests leave from the same address: one client. What it already sent
    // counts; the rest up to 9 go through the function directly, 3 per medal at most. Its bucket is the
    // one the first of them counts in (the database may hold other clients' buckets: CI runs every suite
    // on one PostgreSQL database).
    const spare = [
      await animalOnNewCode(product, owner, { nom: 'Un' }),
      await animalOnNewCode(product, owner, { nom: 'Deux' }),
      await animalOnNewCode(product, owner, { nom: 'Trois' }),
    ];
    await page.goto(product.url);
    const jpeg = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 120;
      canvas.height = 80;
      (canvas.getContext('2d') as CanvasRenderingContext2D).fillRect(0, 0, 120, 80);
      return canvas.toDataURL('image/jpeg', 0.8).split(',')[1] as string;
    });
    const send = (i: number) =>
      fetch(`${product.stack.url}/functions/v1/post_finder_message`, {
        method: 'POST',
        headers: {
          apikey: product.stack.anonKey,
          authorization: `Bearer ${product.stack.anonKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ code: spare[i % 3]?.code, message: `photo ${i + 1}`, photo: jpeg }),
      });
    const countsBefore = await photoCounts();
    expect((await send(0)).status).toBe(200);
    const mine = [...(await photoCounts())].find(([bucket, hits]) => hits > (countsBefore.get(bucket) ?? 0));
    expect(mine).toBeDefined();
    for (let i = mine?.[1] ?? 9; i < 9; i += 1) expect((await send(i)).status).toBe(200);
    const before = await photoPathsOf(hidden.animalId);

    await scan(page, hidden);
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Milo' });
    await dialog.getByLabel('Votre message').fill('La dixième photo.');
    await dialog.getByLabel('Photo de l’animal (facultatif)').setInputFiles(await bigPhoto(page));
    await expect(dialog.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(
      page.getByText("Vous avez déjà envoyé plusieurs photos aujourd'hui. Envoyez votre message sans photo."),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await photoPathsOf(hidden.animalId)).toEqual(before);
    const { data: files } = await service().storage.from('finder-photos').list(hidden.animalId);
    expect(files ?? []).toEqual([]);
    const { count } = await service()
      .from('finder_messages')
      .select('id', { count: 'exact', head: true })
      .eq('message', 'La dixième photo.');
    expect(count).toBe(0);
  });
});

test.describe('the mail provider down', () => {
  const mailboxFails = async (failing: boolean) => {
    const response = await fetch(`${product.stack.url}/mailbox/api/outage`, {
      method: 'PUT',
      headers: { apikey: product.stack.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ failing }),
    });
    expect(response.status).toBe(200);
  };
  const mailsAboutNala = async () => {
    const mails = await product.mails(owner.email);
    // This test's message only: Nala gets others in this file.
    return mails.filter(
      (mail) =>
        mail.subject === 'Message au sujet de Nala' && mail.text.includes('Nala est chez moi, rue des Tilleuls.'),
    );
  };

  test('the finder is told the message went through; the owner’s e-mail arrives once, after the provider is back', async ({
    page,
  }) => {
    await mailboxFails(true);
    try {
      await scan(page, home);
      await page.getByRole('button', { name: 'Envoyer un message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Nala' });
      await dialog.getByLabel('Votre message').fill('Nala est chez moi, rue des Tilleuls.');
      await dialog.getByRole('button', { name: 'Envoyer' }).click();
      await expect(toastTitle(page, 'Message transmis au propriétaire')).toBeVisible();
      await page
        .getByRole('dialog', { name: 'Suivez la conversation' })
        .getByRole('button', { name: 'Fermer' })
        .click();
    } finally {
      await mailboxFails(false);
    }
    expect(await mailsAboutNala()).toEqual([]);
    const { data: queued } = await service().from('mail_outbox').select('id').eq('recipient', owner.email);
    expect(queued).toHaveLength(1);

    // The retry's wait gone by, the stack runs deliver-outbox as its timer (pg_cron on hosted) does.
    await service()
      .from('mail_outbox')
      .update({ next_attempt_at: new Date().toISOString() })
      .eq('recipient', owner.email);
    const retry = await fetch(`${product.stack.url}/functions/v1/deliver-outbox`, {
      method: 'POST',
      headers: { apikey: product.stack.secretKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(retry.status).toBe(200);
    const mails = await mailsAboutNala();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Nala est chez moi, rue des Tilleuls.');
    // Another run finds nothing left to send.
    await fetch(`${product.stack.url}/functions/v1/deliver-outbox`, {
      method: 'POST',
      headers: { apikey: product.stack.secretKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await mailsAboutNala()).toHaveLength(1);
  });
});
