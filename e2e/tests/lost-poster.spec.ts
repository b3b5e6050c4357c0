import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE, photoFile, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The owner's side of a loss: the checklist of one loss, the A4 poster printed from Chromium,
// and the e-mail that tells the owner their lost animal's page was opened.

/** The checklist as the database keeps it, read by the owner. */
async function storedLoss(owner: TestOwner, animalId: string) {
  const { data, error } = await owner.client
    .from('animals')
    .select('is_lost, lost_since, lost_checklist')
    .eq('id', animalId)
    .single();
  if (error) throw error;
  return data as { is_lost: boolean; lost_since: string | null; lost_checklist: string[] };
}

const STEPS = {
  icad: 'Déclarer sa perte sur I-CAD',
  fourriere: 'Appeler la fourrière',
  veterinaires: 'Appeler les vétérinaires des environs',
  affiche: 'Imprimer et poser des affiches',
};

/** '23 novembre 2026 à 14:05', as the owner reads when the loss began. */
const SINCE = /^Perdu depuis le \d{1,2}(er)? \S+ \d{4} à \d{2}:\d{2}$/;

test.describe('the checklist of a loss', () => {
  test('marking an animal lost on its page shows the checklist at once; ticks are saved and kept for that loss only', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'liste');
    const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog' });
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
    const loss = page.getByRole('region', { name: 'Perte' });
    await expect(loss.getByRole('heading', { name: 'Que faire maintenant ?' })).toHaveCount(0);

    // The switch saves at once, without Enregistrer: the finder's page says so straight away.
    await loss.getByRole('switch', { name: 'Animal perdu' }).click();
    await expect(page.locator('.md-toast', { hasText: 'Statut mis à jour' })).toContainText(
      'Filou est signalé comme perdu.',
    );
    await expect(loss.getByText(SINCE)).toBeVisible();
    await expect(loss.getByRole('heading', { name: 'Que faire maintenant ?' })).toBeVisible();
    for (const label of Object.values(STEPS))
      await expect(loss.getByRole('checkbox', { name: label })).not.toBeChecked();
    await expect(loss.getByRole('checkbox', { name: STEPS.icad })).toHaveAccessibleDescription(
      /le fichier national ne vous appellera pas quand sa puce ou son tatouage sera lu/,
    );
    await expectAccessible(page, '[aria-labelledby="lost-title"]');
    await expect(loss.getByRole('link', { name: 'Aller sur i-cad.fr' })).toHaveAttribute(
      'href',
      'https://www.i-cad.fr',
    );
    await expect(loss.getByRole('link', { name: 'Imprimer une affiche' })).toHaveAttribute(
      'href',
      `/mon-compte/animal/${animalId}/affiche`,
    );
    const stored = await storedLoss(owner, animalId);
    expect(stored.is_lost).toBe(true);
    expect(Date.now() - Date.parse(stored.lost_since ?? '')).toBeLessThan(60_000);

    await loss.getByRole('checkbox', { name: STEPS.icad }).check();
    await loss.getByRole('checkbox', { name: STEPS.fourriere }).check();
    await expect.poll(async () => (await storedLoss(owner, animalId)).lost_checklist).toEqual(['icad', 'fourriere']);
    await page.reload();
    await expect(loss.getByRole('checkbox', { name: STEPS.icad })).toBeChecked();
    await expect(loss.getByRole('checkbox', { name: STEPS.fourriere })).toBeChecked();
    await expect(loss.getByRole('checkbox', { name: STEPS.veterinaires })).not.toBeChecked();
    await expect(loss.getByRole('checkbox', { name: STEPS.affiche })).not.toBeChecked();

    const finder = await page.context().newPage();
    await finder.goto(`${product.url}/${code}`);
    await expect(finder.getByText('Animal signalé comme perdu')).toBeVisible();
    await finder.close();

    // 'Mes animaux': the card of the lost animal shows the same list, ticked from there too.
    await page.goto(`${product.url}/mon-compte`);
    const card = page.locator('.rt-Card', { has: page.getByRole('heading', { name: 'Filou' }) });
    await expect(card.getByText(SINCE)).toBeVisible();
    await expect(card.getByRole('checkbox', { name: STEPS.icad })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: STEPS.fourriere })).toBeChecked();
    await card.getByRole('checkbox', { name: STEPS.fourriere }).uncheck();
    await card.getByRole('checkbox', { name: STEPS.veterinaires }).check();
    await expect.poll(async () => (await storedLoss(owner, animalId)).lost_checklist).toEqual(['icad', 'veterinaires']);
    await expectAccessible(page);

    // Found: the list goes; lost again: a new loss, a new date, an empty list.
    await card.getByLabel('Animal perdu').uncheck();
    await expect(card.getByRole('heading', { name: 'Que faire maintenant ?' })).toHaveCount(0);
    await expect
      .poll(() => storedLoss(owner, animalId))
      .toEqual({ is_lost: false, lost_since: null, lost_checklist: [] });
    await card.getByLabel('Animal perdu').check();
    await expect(card.getByRole('heading', { name: 'Que faire maintenant ?' })).toBeVisible();
    for (const label of Object.values(STEPS))
      await expect(card.getByRole('checkbox', { name: label })).not.toBeChecked();
    await page.reload();
    await expect(card.getByText(SINCE)).toBeVisible();
    for (const label of Object.values(STEPS))
      await expect(card.getByRole('checkbox', { name: label })).not.toBeChecked();
    const again = await storedLoss(owner, animalId);
    expect(again.lost_checklist).toEqual([]);
    expect(Date.parse(again.lost_since ?? '')).toBeGreaterThan(Date.parse(stored.lost_since ?? ''));

    // On its page, the switch off: found, and the list is gone there too.
    await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
    await expect(loss.getByRole('checkbox', { name: STEPS.icad })).not.toBeChecked();
    await loss.getByRole('switch', { name: 'Animal perdu' }).click();
    await expect(page.locator('.md-toast', { hasText: 'Statut mis à jour' }).last()).toContainText(
      "Filou n'est plus signalé comme perdu.",
    );
    await expect(loss.getByRole('heading', { name: 'Que faire maintenant ?' })).toHaveCount(0);
    await expect.poll(async () => (await storedLoss(owner, animalId)).is_lost).toBe(false);
  });

  test('a rabbit, which I-CAD does not register, gets the other steps only; a tick that cannot be saved is put back', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'lapin');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pompon', espece: 'rabbit', is_lost: true });
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
    const loss = page.getByRole('region', { name: 'Perte' });
    await expect(loss.getByRole('checkbox', { name: STEPS.fourriere })).toBeVisible();
    // The checklist's steps (the search page's form below it has a checkbox of its own).
    await expect(loss.locator('.portal-lost-steps').getByRole('checkbox')).toHaveCount(3);
    await expect(loss.getByText('I-CAD')).toHaveCount(0);

    // A tick that cannot be saved (the network drops it) is put back, and the owner is told. The drop waits
    // until the tick has shown: dropped at once, it was put back before the click had seen it change.
    let dropSave = () => {};
    const saveDropped = new Promise<void>((resolve) => {
      dropSave = resolve;
    });
    await page.route(
      (url) => url.pathname === '/rest/v1/animals',
      async (route) => {
        if (route.request().method() !== 'PATCH') return route.fallback();
        await saveDropped;
        return route.abort('internetdisconnected');
      },
    );
    await loss.getByRole('checkbox', { name: STEPS.fourriere }).check();
    dropSave();
    // The save never reached the backend: said as the service not answering, not as the owner's mistake.
    await expect(page.locator('.md-toast', { hasText: "Impossible d'enregistrer la liste" })).toContainText(
      'Service momentanément indisponible, réessayez.',
    );
    await expect(loss.getByRole('checkbox', { name: STEPS.fourriere })).not.toBeChecked();
    expect((await storedLoss(owner, animalId)).lost_checklist).toEqual([]);
  });
});

/** Where the QR code and every picture of the sheet have loaded. */
async function posterReady(page: Page, code: string, name: string) {
  await expect(page.getByRole('img', { name: `QR code de la médaille ${code}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo de ${name}` })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0)),
    )
    .toBe(true);
}

test.describe('the lost poster', () => {
  test('prints from Chromium on one A4 page: the name, PERDUE for a female, the public phone only, and a QR code read as the search page’s address', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'affiche');
    const { code, animalId } = await animalOnNewCode(
      product,
      owner,
      {
        nom: 'Caramel',
        espece: 'cat',
        race: 'Européen',
        couleur: 'Roux et blanc',
        sexe: 'F',
        public_phone: '0612345678',
        show_public_phone: true,
        public_email: 'cache@exemple.fr',
        show_public_email: false,
        public_address_line: '3 rue des Lilas',
        public_city: 'Nantes',
        show_public_address: false,
        second_contact_name: 'Marie',
        second_contact_phone: '0711223344',
        show_second_contact_phone: true,
        second_contact_email: 'cache-marie@exemple.fr',
        show_second_contact_email: false,
        is_lost: true,
      },
      1,
    );
    // 'Imprimer' asks the browser to print: counted on every document of this page, never passed on. A real
    // print job of headless Chromium can outlive the click and make the PDF below fail ('Page is already
    // being printed', red at random in CI), so the PDF is the test's own rendering of the print styles.
    await page.addInitScript(() => {
      window.print = () => {
        document.body.dataset.printed = String(Number(document.body.dataset.printed ?? 0) + 1);
      };
    });
    await signIn(page, product, owner);

    // From the card of the lost animal, as from its page.
    const card = page.locator('.rt-Card', { has: page.getByRole('heading', { name: 'Caramel' }) });
    await card.getByRole('link', { name: 'Imprimer une affiche' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${animalId}/affiche`);
    await expect(page.getByRole('heading', { level: 1, name: 'Affiche de Caramel' })).toBeVisible();
    await posterReady(page, code, 'Caramel');
    const sheet = page.getByRole('article', { name: 'Affiche de Caramel' });
    // Every word about the animal agrees with its sex, as the scan page's do.
    await expect(sheet.locator('.poster-lost')).toHaveText('PERDUE');
    await expect(sheet).toContainText('Si vous la voyez, prévenez-moi');
    // Lost, the QR code leads to the loss's search page, where anyone says they saw her.
    await expect(sheet).toContainText('Vous l’avez vue ? Scannez ce code pour le dire');
    await expect(sheet.locator('.poster-strips li')).toHaveCount(8);
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Imprimer' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', '1');

    const pdf = await page.pdf({ format: 'A4' });
    const pdfDocument = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(pdfDocument.countPages()).toBe(1);
    const sheetPage = pdfDocument.loadPage(0);
    const [x0, y0, x1, y1] = sheetPage.getBounds();
    // A4: 210 × 297 mm, in points.
    expect(x1 - x0).toBeCloseTo((210 / 25.4) * 72, -1);
    expect(y1 - y0).toBeCloseTo((297 / 25.4) * 72, -1);

    // The sheet's words, wherever its narrow columns wrapped them.
    const text = sheetPage.toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    for (const shown of [
      'PERDUE',
      'Caramel',
      'Chat',
      'Européen',
      'Roux et blanc',
      'Femelle',
      '06 12 34 56 78',
      'Autre contact : Marie',
      '07 11 22 33 44',
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('Vous l’avez vue ? Scannez ce code pour le dire');
    expect(text.split('Caramel perdue')).toHaveLength(9);
    // The medal's page under the QR code and on each strip, however the narrow strips wrap it.
    const medalUrl = `${product.url}/${code}`;
    expect(text.replaceAll(' ', '').split(medalUrl)).toHaveLength(10);
    // Only what finders may see, and nothing of the site around the sheet.
    // The strips carry the owner's number, the second contact's being on the sheet.
    expect(text.split('06 12 34 56 78')).toHaveLength(10);
    for (const hidden of [
      'cache@exemple.fr',
      'cache-marie@exemple.fr',
      'Lilas',
      'Nantes',
      'Imprimer',
      'Mon compte',
      'Se déconnecter',
      'Affiche de',
    ]) {
      expect(text).not.toContain(hidden);
    }

    // The printed page, as a phone's camera would see it: its QR code leads to the search page.
    const scale = 200 / 72;
    const pixmap = sheetPage.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const rgb = pixmap.getPixels();
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      rgba.set(rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
      rgba[pixel * 4 + 3] = 255;
    }
    const decoded = jsQR(rgba, width, height);
    const { data: search } = await owner.client.from('searches').select('id').eq('animal_id', animalId).single();
    expect(decoded?.data).toBe(`${product.url}/recherche/${(search as { id: string }).id}`);

    // The second poster: without the household's numbers, for those who would rather be reached through Médaille.
    await page.getByLabel('Affiche sans mon numéro (on me joint par Médaille)').check();
    await expect(sheet).toContainText(
      'Scannez le code pour prévenir sa famille, sans compte : votre numéro reste privé.',
    );
    await expect(sheet).not.toContainText('06 12 34 56 78');
    await expect(sheet).not.toContainText('07 11 22 33 44');
    await expect(sheet.locator('.poster-strip-phone')).toHaveCount(0);
    await expect(sheet.locator('.poster-strips li')).toHaveCount(8);
  });

  test('without a public contact the poster says to scan to write; an animal not lost is said so on screen, not on paper; long values keep one page', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'affiche-sans');
    // Long values wrap, and the sheet still prints on one page.
    const colour = 'Bleu merle avec des taches feu sur les pattes et le museau';
    const { code, animalId } = await animalOnNewCode(
      product,
      owner,
      { nom: 'Discret', espece: 'dog', race: 'Berger australien croisé border collie', couleur: colour },
      1,
    );
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}/affiche`);
    await posterReady(page, code, 'Discret');
    await expect(page.getByText("Discret n'est pas signalé comme perdu")).toBeVisible();
    await expect(page.getByText("Aucune de vos coordonnées n'est visible publiquement")).toBeVisible();
    const pdf = await page.pdf({ format: 'A4' });
    const pdfDocument = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(pdfDocument.countPages()).toBe(1);
    const text = pdfDocument.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    expect(text).toContain('Scannez le code pour écrire à son propriétaire.');
    expect(text).toContain(colour);
    expect(text).not.toContain("n'est pas signalé comme perdu");

    // On a phone the whole sheet shows, shrunk, with nothing to scroll sideways; the paper is unchanged.
    await page.setViewportSize({ width: 390, height: 844 });
    const sheet = await page.getByRole('article', { name: /^Affiche de Discret/ }).boundingBox();
    expect(sheet?.x).toBeGreaterThanOrEqual(0);
    expect((sheet?.x ?? 0) + (sheet?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(mupdf.Document.openDocument(await page.pdf({ format: 'A4' }), 'application/pdf').countPages()).toBe(1);
  });

  test('with the owner’s number hidden, the second contact’s is on the sheet and its strips', async ({ page }) => {
    const owner = await newOwner(product, 'affiche-second');
    const { code, animalId } = await animalOnNewCode(
      product,
      owner,
      {
        nom: 'Moka',
        sexe: 'M',
        public_phone: '0612345678',
        show_public_phone: false,
        second_contact_phone: '0711223344',
        show_second_contact_phone: true,
        is_lost: true,
      },
      1,
    );
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}/affiche`);
    await posterReady(page, code, 'Moka');
    const sheet = page.getByRole('article', { name: 'Affiche de Moka' });
    await expect(sheet.locator('.poster-contact-other')).toHaveText('Autre contact');
    await expect(sheet.locator('.poster-strip-phone')).toHaveText(Array(8).fill('07 11 22 33 44'));
    await expect(sheet).not.toContainText('12 34 56 78');
    await expect(page.getByText("Aucune de vos coordonnées n'est visible publiquement")).toHaveCount(0);
    const pdf = await page.pdf({ format: 'A4' });
    expect(mupdf.Document.openDocument(pdf, 'application/pdf').countPages()).toBe(1);
  });

  test('signed out, the poster asks to sign in first; another owner is refused as on the edit page', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'affiche-a');
    const other = await newOwner(product, 'affiche-b');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Privé', is_lost: true });
    const poster = `/mon-compte/animal/${animalId}/affiche`;
    await page.goto(`${product.url}${poster}`);
    await expect(page).toHaveURL(`${product.url}/auth/login?next=${encodeURIComponent(poster)}`);

    await signIn(page, product, other);
    await page.goto(`${product.url}${poster}`);
    await expect(toastTitle(page, 'Accès refusé')).toBeVisible();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await expect(page.getByText('Privé')).toHaveCount(0);
  });
});

/** What a person sees of the sheet: the photo as drawn, the title's words, and each medal code's lines. */
async function sheetLayout(page: Page, code: string) {
  return page.evaluate((medalCode) => {
    const sheet = (document.querySelector('.poster-sheet') as HTMLElement).getBoundingClientRect();
    // The photo as drawn: the picture fitted whole in its box (object-fit: contain).
    const image = document.querySelector('.poster-photo img') as HTMLImageElement;
    const box = image.getBoundingClientRect();
    const fit = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
    const photo = { width: image.naturalWidth * fit, height: image.naturalHeight * fit };
    const words = document.createRange();
    words.selectNodeContents(document.querySelector('.poster-lost') as HTMLElement);
    const title = words.getBoundingClientRect();
    // Each place the code is written: on how many lines its characters are laid out.
    const codeLines: number[] = [];
    const walker = document.createTreeWalker(
      document.querySelector('.poster-sheet') as HTMLElement,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(medalCode);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + medalCode.length);
      codeLines.push(new Set(Array.from(range.getClientRects(), (rect) => `${rect.left},${rect.top}`)).size);
    }
    return {
      sheet: { width: sheet.width, height: sheet.height },
      photo,
      title: { width: title.width, height: title.height },
      codeLines,
    };
  }, code);
}

test.describe('the lost poster on a phone', () => {
  test.use(PHONE);

  test("the animal's photo is the largest thing on the sheet, PERDU still reads from afar, and no medal code is split", async ({
    page,
  }) => {
    const owner = await newOwner(product, 'affiche-photo');
    const { code, animalId } = await animalOnNewCode(
      product,
      owner,
      { nom: 'Biscotte', espece: 'dog', sexe: 'F', public_phone: '0612345678', show_public_phone: true, is_lost: true },
      1,
    );
    // A landscape photo, as phones take them (4:3), in place of the 1×1 one; before 'Mes animaux' shows
    // (and this browser keeps) the first one.
    const { buffer } = await photoFile(page, 'sienna');
    const replaced = await owner.client.storage
      .from('animal-photos')
      .update(`${animalId}/0.png`, buffer, { contentType: 'image/png', upsert: true });
    if (replaced.error) throw replaced.error;
    await signIn(page, product, owner, `/mon-compte/animal/${animalId}/affiche`);
    await posterReady(page, code, 'Biscotte');

    // On the phone's screen (the sheet shrunk) and on paper alike.
    for (const media of ['screen', 'print'] as const) {
      await page.emulateMedia({ media });
      const { sheet, photo, title, codeLines } = await sheetLayout(page, code);
      const area = (box: { width: number; height: number }) => box.width * box.height;
      expect(area(photo) / area(sheet), `${media}: the photo's share of the sheet`).toBeGreaterThan(0.3);
      expect(area(photo) / area(title), `${media}: the photo against the title`).toBeGreaterThan(3);
      // The title's line is still over 2 cm high on paper (a sheet is 27.5 cm high).
      expect(title.height / sheet.height, `${media}: the title's height`).toBeGreaterThan(0.075);
      // Under the QR code and on each of the 8 strips, the code is whole on one line.
      expect(codeLines, `${media}: lines of each code`).toEqual(Array(9).fill(1));
    }
    expect(mupdf.Document.openDocument(await page.pdf({ format: 'A4' }), 'application/pdf').countPages()).toBe(1);
  });
});

test.describe('times, on a phone set to New York', () => {
  test.use({ ...PHONE, timezoneId: 'America/New_York' });

  test("'Mes animaux', the animal's page, its poster and its messages give the hour of Paris", async ({ page }) => {
    const owner = await newOwner(product, 'new-york');
    const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Oslo', is_lost: true }, 1);
    // Lost on 14 July 2026 at 23:30 UTC: 15 July at 01:30 in Paris, still 14 July (19:30) in New York.
    await product.stack.db.query('update public.animals set lost_since = $1 where id = $2', [
      '2026-07-14T23:30:00Z',
      animalId,
    ]);
    // A message at 06:45 UTC: 08:45 in Paris, 02:45 in New York.
    await product.stack.db.query(
      "insert into public.finder_messages (animal_id, code_id, message, created_at) values ($1, $2, 'Vu au port', $3)",
      [animalId, code, '2026-07-15T06:45:00Z'],
    );
    await signIn(page, product, owner);
    const card = page.locator('.rt-Card', { has: page.getByRole('heading', { name: 'Oslo' }) });
    await expect(card.getByText('Perdu depuis le 15 juillet 2026 à 01:30')).toBeVisible();

    await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
    const loss = page.getByRole('region', { name: 'Perte' });
    await expect(loss.getByText('Perdu depuis le 15 juillet 2026 à 01:30')).toBeVisible();

    await page.goto(`${product.url}/mon-compte/animal/${animalId}/affiche`);
    await expect(page.locator('.poster-since')).toHaveText('depuis le 15 juillet 2026');

    await page.goto(`${product.url}/mon-compte/animal/${animalId}/historique`);
    await expect(page.getByRole('region', { name: 'Messages', exact: true }).getByRole('listitem')).toContainText(
      'mercredi 15 juillet 2026 à 08:45',
    );
  });
});

test("the lost animal's page opened by several finders: one e-mail to the owner within 10 minutes, the next after them, none for an animal not lost", async ({
  browser,
}) => {
  const owner = await newOwner(product, 'alerte');
  const lost = await animalOnNewCode(product, owner, { nom: 'Pistache', is_lost: true });
  const safe = await animalOnNewCode(product, owner, { nom: 'Tranquille' });
  const alert = "Le profil de Pistache vient d'être consulté";

  // Three finders, each with their own browser, each opening the page twice.
  for (let finder = 0; finder < 3; finder += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/${lost.code}`);
    await expect(page.getByText('Animal signalé comme perdu')).toBeVisible();
    if (finder === 0)
      await expect.poll(async () => (await product.mails(owner.email)).map((mail) => mail.subject)).toContain(alert);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pistache' })).toBeVisible();
    await page.goto(`${product.url}/${safe.code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tranquille' })).toBeVisible();
    await context.close();
  }

  // The openings are in the lost animal's history, none in the other's. Every browser here reaches the stack
  // from 127.0.0.1, one client: its openings within 5 minutes are one visit (distinct finders count apart,
  // supabase/tests/functions/lost-mode.test.ts).
  const { data: views, error } = await owner.client.from('profile_views').select('animal_id');
  if (error) throw error;
  expect(views.filter((view) => view.animal_id === lost.animalId)).toHaveLength(1);
  expect(views.filter((view) => view.animal_id === safe.animalId)).toEqual([]);

  const mails = await product.mails(owner.email);
  const alerts = mails.filter((mail) => mail.subject === alert);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]?.links.some((link) => link.endsWith(`/mon-compte/animal/${lost.animalId}/historique`))).toBe(true);
  expect(mails.filter((mail) => mail.subject.includes('Tranquille'))).toEqual([]);

  // Ten minutes later (the window of the alert and the openings moved back 11 minutes), the next finder is
  // told of again.
  await product.stack.db.query(
    "update public.rate_limit_hits set window_start = now() - interval '11 minutes' where bucket = $1",
    [`lost-view-mail:${lost.animalId}`],
  );
  await product.stack.db.query(
    "update public.profile_views set created_at = now() - interval '11 minutes' where animal_id = $1",
    [lost.animalId],
  );
  const later = await browser.newContext();
  const page = await later.newPage();
  await page.goto(`${product.url}/${lost.code}`);
  await expect(page.getByText('Animal signalé comme perdu')).toBeVisible();
  await later.close();
  await expect
    .poll(async () => (await product.mails(owner.email)).filter((mail) => mail.subject === alert))
    .toHaveLength(2);
});
