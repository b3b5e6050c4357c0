// The finder's pages on a phone: the number the owner meant is the one a finder dials; pages that
// work without JavaScript (the landing's code form, the login page's word, a cut conversation link); a
// conversation the owner closed still leads back to the animal; long names wrap; the help's buttons are one
// width; a finder reads no empty field.
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, finderCall, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

test.use(PHONE);

let owner: TestOwner;

test.beforeAll(async () => {
  owner = await newOwner(product, 'finder-pages');
});

test('the business card’s +33 (0)6 12 34 56 78, typed by the owner, is the number the finder’s page dials', async ({
  page,
  browser,
}) => {
  const { code, animalId } = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'cat', sexe: 'M' });
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const contacts = page.getByRole('region', { name: 'Coordonnées publiques' });
  const phone = contacts.getByLabel('Téléphone');
  await contacts.getByRole('switch').first().click();
  // A number the phone library finds invalid is refused with the words of docs/product/public-contacts.md, nothing
  // saved.
  await phone.fill('06 12 34 56');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(contacts.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible();
  await expect(page).toHaveURL(/\/mon-compte\/animal\//);
  await phone.fill('+33 (0)6 12 34 56 78');
  const preview = page.getByRole('region', { name: 'Aperçu de la fiche publique' });
  await expect(preview.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();
  const { data } = await owner.client.from('animals').select('public_phone').eq('id', animalId).single();
  expect(data?.public_phone).toBe('+33612345678');
  // Shown back in the field as the French write it.
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await expect(phone).toHaveValue('06 12 34 56 78');

  const finderContext = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  const finder = await finderContext.newPage();
  await finder.goto(`${product.url}/${code}`);
  const help = finder.getByRole('region', { name: 'Vous avez trouvé Filou ?' });
  await expect(help.getByRole('link', { name: 'Appeler le propriétaire' })).toHaveAttribute('href', 'tel:+33612345678');
  await expect(help.getByRole('link', { name: 'Envoyer un SMS' })).toHaveAttribute('href', /^sms:\+33612345678\?/);
  await expect(help.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/33612345678\?/,
  );
  await finder.screenshot({ path: '/tmp/i48shots/scan-phone.png', fullPage: true });
  await finderContext.close();
});

test('without JavaScript: the landing’s code form leads to the medal’s page, the login page says what it needs, a cut conversation link says it opens nothing', async ({
  browser,
}) => {
  const { code } = await animalOnNewCode(product, owner, { nom: 'Caramel', espece: 'dog', sexe: 'M' });
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, locale: 'fr-FR' });
  const page = await context.newPage();

  await page.goto(`${product.url}/`);
  const form = page.getByRole('region', { name: 'Vous avez trouvé un animal ?' });
  await expect(form.getByLabel('Code de la médaille')).toBeVisible();
  // (Within <noscript>, which Playwright's getByText does not search.)
  await expect(page.getByRole('main')).toContainText('Médaille a besoin de JavaScript');
  await page.screenshot({ path: '/tmp/i48shots/landing-scriptless.png', fullPage: true });
  // Sent empty: the landing again, saying what is missing.
  await form.getByRole('button', { name: 'Voir sa fiche' }).click();
  await expect(page.getByRole('alert')).toHaveText('Saisissez le code imprimé sur la médaille.');
  await form.getByLabel('Code de la médaille').fill(` ${code} `);
  await form.getByRole('button', { name: 'Voir sa fiche' }).click();
  await expect(page).toHaveURL(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Caramel' })).toBeVisible();

  const login = await page.goto(`${product.url}/auth/login`);
  expect(login?.status()).toBe(200);
  await expect(page.getByRole('alert')).toContainText('Cette page a besoin de JavaScript');
  await page.screenshot({ path: '/tmp/i48shots/login-scriptless.png', fullPage: true });

  // A link a mail client cut in two: the page says so, from the server.
  const cut = await page.goto(`${product.url}/conversation/${'ab'.repeat(20)}`);
  expect(cut?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText(
    "Ce lien n'est pas, ou plus, valable. Vérifiez qu'il est complet : un lien coupé ne s'ouvre pas.",
  );
  await context.close();
});

test('a conversation the owner closed still leads the finder to the animal’s page and its call, with and without JavaScript', async ({
  browser,
}) => {
  const { code, animalId } = await animalOnNewCode(product, owner, {
    nom: 'Biscotte',
    espece: 'dog',
    sexe: 'F',
    public_phone: '+33 (0)7 11 22 33 44',
    show_public_phone: true,
  });
  const sent = await finderCall(product, 'post_finder_message', { code, message: 'Je l’ai avec moi, au parc.' });
  expect(sent.status).toBe(200);
  const path = new URL(sent.body.conversation_url).pathname;
  const { data: conversation } = await owner.client
    .from('conversations')
    .select('id')
    .eq('animal_id', animalId)
    .single();
  expect((await owner.client.rpc('block_conversation', { p_conversation_id: conversation?.id })).data).toMatchObject({
    success: true,
  });

  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled, locale: 'fr-FR' });
    const page = await context.newPage();
    const closed = await page.goto(`${product.url}${path}`);
    expect(closed?.status()).toBe(410);
    await expect(page.getByRole('alert')).toHaveText('Le propriétaire a clos cette conversation.');
    await expect(page.getByRole('link', { name: 'Appeler le propriétaire' })).toHaveAttribute(
      'href',
      'tel:+33711223344',
    );
    if (javaScriptEnabled) {
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/i48shots/conversation-closed.png', fullPage: true });
    }
    await page.getByRole('link', { name: 'Voir la page de Biscotte' }).click();
    await expect(page).toHaveURL(`${product.url}/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Biscotte' })).toBeVisible();
    await context.close();
  }
});

test('on the finder’s page: a name of 100 letters wraps, the help’s buttons are one width, the disclosures’ ▼ is inside its card, and no field says “Non renseigné”', async ({
  page,
}) => {
  const name = 'Rantanplan'.repeat(10);
  const { code, animalId } = await animalOnNewCode(product, owner, {
    nom: name,
    espece: 'dog',
    sexe: 'M',
    public_phone: '06 12 34 56 78',
    show_public_phone: true,
  });
  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  // Hydrated: the position and message parts are buttons.
  await expect(page.getByRole('button', { name: 'Partager ma position' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const help = page.getByRole('region', { name: `Vous avez trouvé ${name} ?` });
  const widths: number[] = [];
  for (const action of [
    help.getByRole('link', { name: 'Appeler le propriétaire' }),
    help.getByRole('link', { name: 'Envoyer un SMS' }),
    help.getByRole('link', { name: 'Écrire sur WhatsApp' }),
    help.getByRole('button', { name: 'Partager ma position' }),
    help.getByRole('button', { name: 'Envoyer un message' }),
  ]) {
    widths.push(Math.round((await action.boundingBox())?.width ?? 0));
  }
  expect(new Set(widths).size, `widths ${widths.join(', ')}`).toBe(1);

  // The ▼ before each section's title, inside the card's padding, not on its border.
  const section = page.locator('details.scan-section').first();
  const [card, title] = await Promise.all([section.boundingBox(), section.locator('summary h2').boundingBox()]);
  expect((title?.x ?? 0) - (card?.x ?? 0)).toBeGreaterThan(24);
  await expect(page.getByText('Non renseigné')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'INFORMATIONS VÉTÉRINAIRES' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/i48shots/scan-long-name.png', fullPage: true });

  // The finder's conversation page too.
  const sent = await finderCall(product, 'post_finder_message', { code, message: 'Trouvé près de la gare' });
  await page.goto(sent.body.conversation_url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Conversation au sujet de ${name}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/i48shots/conversation-long-name.png', fullPage: true });
  expect(animalId).toBeTruthy();
});
