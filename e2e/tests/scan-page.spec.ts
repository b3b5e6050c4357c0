import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newCode, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

let owner: TestOwner;
let rex: { code: string; animalId: string };

test.beforeAll(async () => {
  owner = await newOwner(product, 'scan');
  rex = await animalOnNewCode(
    product,
    owner,
    {
      nom: 'Rex',
      espece: 'dog',
      race: 'Beagle',
      couleur: 'Tricolore',
      annee_naissance: new Date().getFullYear() - 3,
      sexe: 'M',
      sterilise: true,
      poids_kg: 12.5,
      informations_importantes: 'Sourd <b>de naissance</b>',
      allergies: 'Poulet',
      medications: 'Aucun',
      caractere: 'Joueur',
      informations_veterinaires: 'Dr Martin',
      puce_ou_tatouage: '250269604000001',
      is_lost: true,
      public_phone: '0612345678',
      show_public_phone: true,
      public_email: 'cache@example.fr',
      show_public_email: false,
      public_address_line: '3 rue des Lilas',
      public_city: null,
      show_public_address: true,
    },
    3,
  );
});

const scan = (page: Page, code: string) => page.goto(`${product.url}/${code}`);

/**
 * The server-rendered page hydrated: its handlers (the carousel's arrows, dots and swipe) are attached once
 * React has taken the page over, which turns the message form's scriptless <summary> into a <button>. On a busy
 * machine the load event comes well before it.
 */
const hydrated = (page: Page) => expect(page.locator('button', { hasText: 'Envoyer un message' })).toBeVisible();

test.describe('the profile', () => {
  test('shows every section of the spec, as text, with only the visible contacts', async ({ page }) => {
    const answers: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/functions/v1/get_public_profile')) answers.push(await response.text());
    });
    await scan(page, rex.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Animal signalé comme perdu' })).toBeVisible();
    for (const tag of ['Chien', 'Beagle', 'Mâle', 'Stérilisé']) {
      await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText(tag, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Partager ma position' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Envoyer un message' })).toBeVisible();

    const contact = page.getByRole('region', { name: 'CONTACT' });
    await expect(contact.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
    // The phone alone (calling and texting it are the finder's buttons, finder-contact.spec.ts): nothing
    // else is public.
    await expect(contact.getByRole('link')).toHaveCount(1);
    // The hidden e-mail and the address without a city are neither on the page nor in the answer.
    for (const hidden of ['cache@example.fr', '3 rue des Lilas']) {
      await expect(page.getByText(hidden)).toHaveCount(0);
      expect(answers.join('')).not.toContain(hidden);
    }

    for (const heading of [
      'INFORMATIONS IMPORTANTES',
      'INFORMATIONS VÉTÉRINAIRES',
      'À PROPOS DE MOI',
      'DERNIÈRE LOCALISATION',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByText('Sourd <b>de naissance</b>')).toBeVisible();
    await expect(page.getByText('3 ans', { exact: true })).toBeVisible();
    await expect(page.getByText('12,5', { exact: true })).toBeVisible();
    await expect(page.getByText('250269604000001')).toBeVisible();
    await expect(page.getByText("Aucune position n'a encore été partagée.")).toBeVisible();
    await expect(page.getByText('Profil sécurisé par Médaille')).toBeVisible();
    await expectAccessible(page);
  });

  test('carousel wraps at both ends', async ({ page }) => {
    await scan(page, rex.code);
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Photos de Rex' });
    await expect(carousel.getByRole('img', { name: 'Photo 1 de Rex' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Photo précédente' }).click();
    await expect(carousel.getByRole('img', { name: 'Photo 3 de Rex' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Photo suivante' }).click();
    await expect(carousel.getByRole('img', { name: 'Photo 1 de Rex' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Afficher la photo 2' }).click();
    await expect(carousel.getByRole('img', { name: 'Photo 2 de Rex' })).toBeVisible();
  });

  test('a mouse drag on the carousel changes the photo and does not open the full-screen view', async ({ page }) => {
    await scan(page, rex.code);
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Photos de Rex' });
    const photo = carousel.getByRole('img', { name: 'Photo 1 de Rex' });
    const box = await photo.boundingBox();
    if (!box) throw new Error('the photo has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect(carousel.getByRole('img', { name: 'Photo 2 de Rex' })).toBeVisible();
    // Nothing more happens once the drag's click event has had its chance.
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A plain click still opens it.
    await carousel.getByRole('img', { name: 'Photo 2 de Rex' }).click();
    await expect(page.getByRole('dialog', { name: 'Photos de Rex en plein écran' })).toBeVisible();
  });

  test('lightbox answers the keyboard, keeps zoom between 0.5 and 5, and gives focus back', async ({ page }) => {
    await scan(page, rex.code);
    await hydrated(page);
    const opener = page.getByRole('button', { name: /Agrandir la photo : Photo 1 de Rex/ });
    await opener.click();
    const lightbox = page.getByRole('dialog', { name: 'Photos de Rex en plein écran' });
    await expect(lightbox).toBeVisible();
    const photo = lightbox.getByRole('img');
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('+');
    await expect(photo).toHaveAttribute('data-zoom', '5');
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('-');
    await expect(photo).toHaveAttribute('data-zoom', '0.5');
    await page.keyboard.press('0');
    await expect(photo).toHaveAttribute('data-zoom', '1');
    await page.keyboard.press('+');
    await expect(photo).toHaveAttribute('data-zoom', '1.5');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.getByRole('img', { name: 'Photo 2 de Rex' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox.getByRole('img', { name: 'Photo 3 de Rex' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Photos de Rex' }).getByRole('img', { name: 'Photo 3 de Rex' }),
    ).toBeVisible();
  });
});

test.describe('a message to the owner', () => {
  test('arrives in the owner’s mailbox, with a live counter and fields reset on close', async ({ page }) => {
    await scan(page, rex.code);
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' });
    await expect(dialog.getByText('0/300')).toBeVisible();
    await dialog.getByLabel('Votre message').fill('Il est avec moi, place Bellecour.');
    await expect(dialog.getByText('33/300')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(/Comment vous joindre/).fill('07 00 00 00 00');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.locator('.md-toast-title', { hasText: 'Message transmis au propriétaire' })).toBeVisible();
    // The dialog now gives the finder the link to their conversation; 'Fermer' goes back to the page.
    const followUp = page.getByRole('dialog', { name: 'Suivez la conversation' });
    await expect(followUp.getByRole('link', { name: 'Ouvrir la conversation' })).toHaveAttribute(
      'href',
      /^\/conversation\/[0-9a-f]{64}$/,
    );
    await followUp.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    const mail = await product.lastMail(owner.email);
    expect(mail.subject).toBe('Message au sujet de Rex');
    expect(mail.text).toContain('Il est avec moi, place Bellecour.');

    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    await expect(dialog.getByLabel('Votre message')).toHaveValue('');
    await dialog.getByLabel('Votre message').fill('brouillon');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    await expect(dialog.getByLabel('Votre message')).toHaveValue('');
  });
});

test.describe('sharing the location', () => {
  test('asks consent, shares a granted position, shows it, then waits 2 minutes', async ({ browser }) => {
    const context = await browser.newContext({
      geolocation: { latitude: 45.764, longitude: 4.8357, accuracy: 20 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await scan(page, rex.code);
    await page.getByRole('button', { name: 'Partager ma position' }).click();
    const consent = page.getByRole('dialog', { name: 'Partager ma position' });
    await expect(consent.getByText(/Votre position sera envoyée au propriétaire de Rex/)).toBeVisible();
    await expectAccessible(page);
    await consent.getByRole('button', { name: 'Partager ma position' }).click();
    await expect(page.locator('.md-toast', { hasText: 'Merci !' })).toContainText(
      'La position a été partagée avec le propriétaire.',
    );
    await expect(page.getByRole('link', { name: 'Voir sur la carte' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=17/45.764/4.8357',
    );
    await expectAccessible(page);
    expect((await product.lastMail(owner.email)).subject).toBe('Position partagée pour Rex');

    await page.getByRole('button', { name: 'Partager ma position' }).click();
    await expect(page.locator('.md-toast', { hasText: 'Veuillez patienter' })).toContainText(
      'Vous pouvez partager votre position une fois toutes les 2 minutes.',
    );
    await expect(consent).toBeHidden();
    await context.close();
  });

  test('says so when the finder refuses the position', async ({ browser }) => {
    const context = await browser.newContext({ permissions: [] });
    const page = await context.newPage();
    const other = await animalOnNewCode(product, owner, { nom: 'Mimi' });
    await scan(page, other.code);
    await page.getByRole('button', { name: 'Partager ma position' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Partager ma position' }).click();
    await expect(
      page.locator('.md-toast-title', {
        hasText: "Vous avez refusé l'accès à votre position. Vous pouvez contacter le propriétaire directement.",
      }),
    ).toBeVisible();
    await context.close();
  });

  test('says so when the position does not come within 15 seconds', async ({ browser }) => {
    const context = await browser.newContext();
    // The one part faked: no real device can be made to time out on demand. The browser's own timeout
    // error is what the page receives, with the options the page asked for.
    await context.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_success, error, options) => {
        (window as unknown as { __geolocationOptions: unknown }).__geolocationOptions = options;
        error?.({ code: 3, message: 'Timeout expired', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
      };
    });
    const page = await context.newPage();
    const other = await animalOnNewCode(product, owner, { nom: 'Filou' });
    await scan(page, other.code);
    await page.getByRole('button', { name: 'Partager ma position' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Partager ma position' }).click();
    await expect(
      page.locator('.md-toast-title', { hasText: 'La demande a expiré. Veuillez réessayer.' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __geolocationOptions: unknown }).__geolocationOptions),
    ).toEqual({
      enableHighAccuracy: true,
      timeout: 15000,
      maximumAge: 0,
    });
    await context.close();
  });
});

test.describe('codes without a profile', () => {
  test('an unclaimed code offers activation and login with the code', async ({ page }) => {
    const code = await newCode(product);
    await scan(page, code.toLowerCase());
    await expect(page.getByRole('heading', { name: 'Médaille non activée' })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Activer ma médaille' })).toHaveAttribute(
      'href',
      `/activer?code=${code}`,
    );
    await expect(page.getByRole('link', { name: "J'ai déjà un compte" })).toHaveAttribute(
      'href',
      `/auth/login?code=${code}`,
    );
    await expectAccessible(page);
  });

  test('an unknown code says it cannot be found, with a way to reach us', async ({ page }) => {
    await scan(page, 'MDL-NEXISTEPAS');
    await expect(page.getByRole('heading', { name: 'Code introuvable' })).toBeVisible();
    await expect(page.getByText('Vérifiez le QR ou contactez-nous si besoin.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nous contacter' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the profile fits and stays accessible', async ({ page }) => {
    await scan(page, rex.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test('downloads the photo at the width of the screen, not as uploaded', async ({ page }) => {
    // The demo Rex's photo is stored 600 px wide as a PNG.
    const photoResponse = page.waitForResponse((response) => response.url().includes('/demo-1.png'));
    await scan(page, 'MDL-DEMO-REX');
    const response = await photoResponse;
    expect(response.url()).toContain('/storage/v1/render/image/public/');
    expect(new URL(response.url()).searchParams.get('width')).toBe('480');
    expect(response.headers()['content-type']).toBe('image/webp');
    const original = await page.request.get(response.url().replace('/render/image/', '/object/').split('?')[0] ?? '');
    // A fraction of the stored photo's bytes (122 KB).
    expect((await response.body()).length).toBeLessThan((await original.body()).length / 3);
  });
});
