// Every finder's language: the scan page speaks the browser's language (English, Spanish, German,
// Italian, Dutch; French otherwise), downloads that language's words alone, and keeps the French words of
// docs/product/scan-page.md for word when the finder switches back.
import type { Browser, Page } from '@playwright/test';
import { COPY } from '../../remotes/scan/src/copy.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

let owner: TestOwner;
let rex: string;

const rexFacts = {
  nom: 'Rex',
  espece: 'dog',
  race: 'Beagle',
  annee_naissance: new Date().getFullYear() - 3,
  sexe: 'M',
  sterilise: true,
  poids_kg: 12.5,
  // A fact in each section: a finder sees no section the owner left empty.
  caractere: 'Joueur',
  informations_veterinaires: 'Dr Martin',
  is_lost: true,
};

test.beforeAll(async () => {
  owner = await newOwner(product, 'languages');
  rex = (await animalOnNewCode(product, owner, rexFacts, 2)).code;
});

/**
 * The languages' chunks a page downloads (lang-en.1234abcd.js for the page's words, dialogs-en.… for the
 * dialogs' once one opens), and whether French ever showed.
 */
async function openScan(browser: Browser, locale: string, code: string, extra: Record<string, unknown> = {}) {
  const context = await browser.newContext({ ...PHONE, locale, ...extra });
  const page = await context.newPage();
  const languageChunks: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/((lang|dialogs)-[a-z]{2})\.[0-9a-f]+\.js$/.exec(new URL(request.url()).pathname);
    if (chunk?.[1]) languageChunks.push(chunk[1]);
  });
  // Any of the page's French on the page, even for a moment (the checking state included).
  await page.addInitScript(`new MutationObserver(function () {
    var text = document.body ? document.body.innerText : '';
    if (/Vérification du code|Vous avez trouvé|Animal signalé/.test(text)) window.__frenchShown = true;
  }).observe(document, { childList: true, subtree: true, characterData: true });`);
  await page.goto(`${product.url}/${code}`);
  const frenchShown = () =>
    page.evaluate(() => (window as unknown as { __frenchShown?: boolean }).__frenchShown === true);
  return { context, page, languageChunks, frenchShown };
}

/**
 * Whether the host served the page rendered on the server, whose open France guide's steps the
 * browser keeps from the HTML without downloading them; on a loaded machine it may answer today's page.
 */
const serverRendered = async (page: Page) => (await page.locator('#medaille-scan-data').count()) > 0;

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
const robots = async (page: Page) => {
  await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
  return page.locator('meta[name="robots"]').getAttribute('content');
};
/** The site header's sign-in link, which speaks the page's language too. */
const headerSignIn = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(?!Médaille)/ });
const row = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('an en-GB browser gets the page in English, with English ages and weights, and only the English words', async ({
  browser,
}) => {
  const { context, page, languageChunks, frenchShown } = await openScan(browser, 'en-GB', rex);
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Have you found Rex?' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This animal has been reported lost' })).toBeVisible();
  await expect(page.getByText('Help him get home: share your location or write to his owner.')).toBeVisible();
  for (const tag of ['Dog', 'Beagle', 'Male', 'Neutered']) {
    await expect(page.getByRole('list', { name: 'Details' }).getByText(tag, { exact: true })).toBeVisible();
  }
  for (const heading of ['IMPORTANT INFORMATION', 'VET INFORMATION', 'ABOUT ME', 'LAST KNOWN LOCATION']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(row(page, 'Age')).toHaveText('3 years');
  await expect(row(page, 'Weight \\(kg\\)')).toHaveText('12.5');
  // A fact the owner did not give is left out.
  await expect(page.locator('dt', { hasText: /^Allergies$/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Photos of Rex' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share my location' })).toBeVisible();
  await expect(page.getByText('Profile secured by Médaille')).toBeVisible();

  const languageSwitch = page.getByRole('combobox', { name: 'Language' });
  await expect(languageSwitch).toHaveValue('en');
  expect(await htmlLang(page)).toBe('en');
  expect(await robots(page)).toBe('noindex');
  await expect(page.locator('link[hreflang]')).toHaveCount(0);
  await expect(headerSignIn(page)).toHaveText('Sign in');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Médaille, back to the home page' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Rex is lost: the France guide is open at once, in English, with the dialogs' words it comes with (none
  // when the server wrote its steps).
  await expect(page.getByText('No answer? Any vet can read its microchip or tattoo free of charge.')).toBeVisible();
  expect(languageChunks).toEqual((await serverRendered(page)) ? ['lang-en'] : ['lang-en', 'dialogs-en']);
  expect(await frenchShown()).toBe(false);
  await expectAccessible(page);

  // The functions' refusals are told in English too (here the server's 'invalid_characters').
  await page.getByRole('button', { name: 'Send a message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to Rex’s owner' });
  await expect(dialog.getByText('0/300')).toBeVisible();
  await dialog.getByLabel('Your message').fill('Found him\u0007');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.md-toast', { hasText: 'Error' })).toContainText(
    'The text contains characters that are not allowed.',
  );
  await expect(page.locator('.md-toast').getByRole('button', { name: 'Close' })).toBeVisible();
  expect(languageChunks).toEqual(['lang-en', 'dialogs-en']);
  await context.close();
});

test('a de-DE browser gets German, with German ages, weights and dates', async ({ browser }) => {
  const bella = (
    await animalOnNewCode(product, owner, {
      ...rexFacts,
      nom: 'Bella',
      sexe: 'F',
      annee_naissance: null,
      poids_kg: 7.5,
    })
  ).code;
  const { context, page, languageChunks } = await openScan(browser, 'de-DE', bella, {
    geolocation: { latitude: 45.764, longitude: 4.8357, accuracy: 20 },
    permissions: ['geolocation'],
  });
  await expect(page.getByRole('heading', { name: 'Haben Sie Bella gefunden?' })).toBeVisible();
  await expect(
    page.getByText(
      'Helfen Sie ihr, nach Hause zu kommen: Teilen Sie Ihren Standort oder schreiben Sie ihrem Besitzer.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Dieses Tier wurde als vermisst gemeldet' })).toBeVisible();
  for (const tag of ['Hund', 'Weiblich', 'Kastriert']) {
    await expect(page.getByRole('list', { name: 'Merkmale' }).getByText(tag, { exact: true })).toBeVisible();
  }
  // Unknown: left out.
  await expect(page.locator('dt', { hasText: /^Alter$/ })).toHaveCount(0);
  await expect(row(page, 'Gewicht \\(kg\\)')).toHaveText('7,5');
  await expect(page.getByText('Es wurde noch kein Standort geteilt.')).toBeVisible();
  await expect(
    page.getByText('Niemand meldet sich? Jeder Tierarzt liest den Chip oder die Tätowierung kostenlos aus.'),
  ).toBeVisible();
  expect(await htmlLang(page)).toBe('de');
  expect(await robots(page)).toBe('noindex');
  await expect(headerSignIn(page)).toHaveText('Anmelden');

  await page.getByRole('button', { name: 'Meinen Standort teilen' }).click();
  const consent = page.getByRole('dialog', { name: 'Meinen Standort teilen' });
  await expect(consent.getByText(/Ihr Standort wird an den Besitzer von Bella gesendet/)).toBeVisible();
  await consent.getByRole('button', { name: 'Standort teilen' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Danke!' })).toContainText(
    'Ihr Standort wurde mit dem Besitzer geteilt.',
  );
  // A German long date and time: '23. November 2026 um 15:43'.
  await expect(page.getByText(/^Geteilt am \d{1,2}\. [A-Za-zä]+ \d{4} um \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Auf der Karte ansehen' })).toBeVisible();
  // A second share within 2 minutes: the browser's note, in German.
  await page.getByRole('button', { name: 'Meinen Standort teilen' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Bitte warten' })).toContainText(
    'Sie können Ihren Standort einmal alle 2 Minuten teilen.',
  );
  await page.waitForLoadState('networkidle');
  expect(languageChunks).toEqual(['lang-de', 'dialogs-de']);
  await context.close();
});

test('the scan page’s HTML tells robots not to index it; the home page’s does not', async () => {
  const html = async (path: string) => (await fetch(`${product.url}${path}`)).text();
  expect(await html(`/${rex}`)).toContain('<meta name="robots" content="noindex">');
  expect(await html('/')).not.toContain('noindex');
  expect(await html(`/${rex}`)).not.toContain('hreflang');
});

test('a pt-BR browser gets French, and downloads no other language', async ({ browser }) => {
  const { context, page, languageChunks } = await openScan(browser, 'pt-BR', rex);
  await expect(page.getByRole('heading', { name: 'Vous avez trouvé Rex ?' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  expect(await htmlLang(page)).toBe('fr');
  expect(await robots(page)).toBe('noindex');
  await page.waitForLoadState('networkidle');
  // Rex is lost: the France guide is open at once, its French steps downloaded with the dialogs' words (none
  // when the server wrote its steps). The page's French words are a chunk as every language's are.
  await expect(
    page.getByText("Personne ne répond ? N'importe quel vétérinaire peut lire gratuitement sa puce ou son tatouage."),
  ).toBeVisible();
  expect(languageChunks).toEqual((await serverRendered(page)) ? ['lang-fr'] : ['lang-fr', 'dialogs-fr']);
  await page.getByRole('button', { name: 'Envoyer un message' }).click();
  await expect(page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' })).toBeVisible();
  await expect(
    page.getByText('Votre message lui sera transmis par e-mail. Son adresse ne vous sera pas communiquée.'),
  ).toBeVisible();
  expect(languageChunks).toEqual(['lang-fr', 'dialogs-fr']);
  await context.close();
});

test('an unclaimed or unknown code speaks the finder’s language too', async ({ browser }) => {
  const { context, page } = await openScan(browser, 'it-IT', 'MDL-NEXISTEPAS');
  await expect(page.getByRole('heading', { name: 'Codice non trovato' })).toBeVisible();
  await expect(page.getByText('Controlla il codice QR o contattaci se hai bisogno di aiuto.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contattaci' })).toHaveAttribute('href', 'mailto:contact@medaille.fr');
  expect(await htmlLang(page)).toBe('it');
  expect(await robots(page)).toBe('noindex');
  await expect(headerSignIn(page)).toHaveText('Accedi');
  await context.close();
});

test('an es-ES browser gets the site header in Spanish too', async ({ browser }) => {
  const { context, page } = await openScan(browser, 'es-ES', rex);
  await expect(page.getByRole('heading', { name: '¿Ha encontrado a Rex?' })).toBeVisible();
  await expect(headerSignIn(page)).toHaveText('Iniciar sesión');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Médaille, volver al inicio' })).toBeVisible();
  await context.close();
});

test('switching to French restores the exact French words, and the choice survives a reload', async ({ browser }) => {
  const { context, page, languageChunks } = await openScan(browser, 'en-GB', rex);
  await expect(page.getByRole('heading', { name: 'Have you found Rex?' })).toBeVisible();
  await expect(headerSignIn(page)).toHaveText('Sign in');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');

  const text = COPY.profile;
  const checkFrench = async () => {
    await expect(page.getByRole('heading', { name: text.helpTitle('Rex') })).toBeVisible();
    expect(await htmlLang(page)).toBe('fr');
    await expect(page.getByRole('combobox', { name: COPY.language })).toHaveValue('fr');
    await expect(headerSignIn(page)).toHaveText('Se connecter');
    // The dictionary, and a few of docs/product/scan-page.md's sentences written out, so that neither can drift.
    await expect(page.getByRole('heading', { name: 'Vous avez trouvé Rex ?' })).toBeVisible();
    await expect(page.getByText(text.helpText('Rex', 'M'))).toBeVisible();
    await expect(
      page.getByText('Aidez-le à rentrer chez lui : partagez votre position ou écrivez à son propriétaire.'),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: text.lost })).toHaveText('Animal signalé comme perdu');
    for (const tag of [text.speciesNames.dog, 'Beagle', text.sexNames.M, text.sterilizedTag('M')]) {
      await expect(
        page.getByRole('list', { name: text.characteristics }).getByText(tag, { exact: true }),
      ).toBeVisible();
    }
    for (const heading of [text.importantTitle, text.vetTitle, text.aboutTitle, text.lastLocationTitle]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(row(page, text.age)).toHaveText('3 ans');
    await expect(row(page, 'Poids \\(kg\\)')).toHaveText('12,5');
    await expect(page.locator('dt', { hasText: new RegExp(`^${text.allergies}$`) })).toHaveCount(0);
    await expect(page.getByText(text.noLocation)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Partager ma position' })).toBeVisible();
    await expect(page.getByRole('button', { name: text.sendMessage })).toBeVisible();
    await expect(page.getByRole('region', { name: COPY.carousel.label('Rex') })).toBeVisible();
    await expect(page.getByText('Profil sécurisé par Médaille')).toBeVisible();
    // Nothing English is left.
    await expect(page.getByText(/Have you found|Share my location|Not given|years/)).toHaveCount(0);
  };
  await checkFrench();

  const chunksBefore = languageChunks.length;
  await page.reload();
  await checkFrench();
  await page.waitForLoadState('networkidle');
  // After the reload, the English chunks are not asked for again: only French dialog words, for the open guide.
  expect(languageChunks.slice(chunksBefore).filter((chunk) => !chunk.endsWith('-fr'))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('medaille.scan.language'))).toBe('fr');
  await context.close();
});
