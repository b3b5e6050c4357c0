import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A stolen animal (docs/product/theft.md): its owner declares the theft on a phone and is told what to do in
// France; the medal's page that whoever holds the dog scans is word for word the page it was, while the household
// is told of the scan at once; 'Retrouvé' ends it.

test.use(PHONE);

/** The medal's page as a stranger's browser gets it, but for what each render writes anew: its time, its ids. */
async function scanPage(code: string, locale: string) {
  const response = await fetch(`${product.url}/${code}`, { headers: { 'accept-language': locale } });
  return (await response.text())
    .replace(/"renderedAt":"[^"]+"/, '"renderedAt":"…"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '…');
}

test('a stolen dog’s medal page is word for word the ordinary page, while its household is alerted at once', async ({
  page,
  browser,
}) => {
  const owner = await newOwner(product, 'vol');
  const { animalId, code } = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog', sexe: 'M' });
  const before = await scanPage(code, 'en-GB,en;q=0.9');

  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const theft = page.getByRole('region', { name: 'Vol' });
  await expect(theft).toContainText('La page de sa médaille ne change pas');
  await theft.getByRole('button', { name: 'Déclarer un vol' }).click();
  const form = theft.getByRole('form', { name: 'Déclarer le vol' });
  const anHourAgo = new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000);
  await form.getByLabel('Date et heure du vol').fill(anHourAgo.toISOString().slice(0, 16));
  await form.getByLabel('Lieu du vol (facultatif)').fill('Parking de la gare, Nantes');
  await form.getByLabel('Référence de la plainte (facultatif)').fill('PV 2026/01234');
  await form.getByLabel('Créer une page de recherche publique (son nom n’y sera pas affiché)').check();
  await form.getByRole('button', { name: 'Déclarer le vol' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Vol déclaré' })).toBeVisible();
  await expect(theft).toContainText(/Volé le \d+/);
  await expect(theft.getByRole('link', { name: 'Faire une pré-plainte en ligne' })).toHaveAttribute(
    'href',
    'https://www.pre-plainte-en-ligne.gouv.fr',
  );
  await expect(theft.getByRole('link', { name: 'Aller sur i-cad.fr' })).toBeVisible();
  await expect(theft.getByRole('switch', { name: 'Page de recherche publique' })).toBeChecked();
  // Its public page, worded as a loss's, with the name hidden.
  const link = (await theft.getByRole('link', { name: 'Ouvrir la page' }).getAttribute('href')) ?? '';
  const searchPage = await (await fetch(link)).text();
  expect(searchPage).toContain('Aidez-nous à retrouver cet animal');
  expect(searchPage).not.toContain('Filou');
  expect(searchPage).not.toContain('PV 2026/01234');
  await theft.screenshot({ path: test.info().outputPath('theft-panel-phone.png') });

  // Whoever holds him scans the medal: the very page it was, in their language.
  expect(await scanPage(code, 'en-GB,en;q=0.9')).toBe(before);
  const holder = await browser.newContext({ ...PHONE, locale: 'en-GB' });
  const scanned = await holder.newPage();
  await scanned.goto(`${product.url}/${code}`);
  await expect(scanned.getByRole('heading', { level: 1 })).toHaveText('Filou');
  await expect(scanned.locator('body')).not.toContainText(/vol|stolen|theft/i);
  await scanned.screenshot({ path: test.info().outputPath('stolen-scan-page-phone.png'), fullPage: true });
  await holder.close();

  // The household is told, with the language the page was read in.
  await expect
    .poll(async () => (await product.mails(owner.email)).filter((mail) => mail.subject.startsWith('Alerte vol')).length)
    .toBeGreaterThanOrEqual(1);
  const [alert] = (await product.mails(owner.email)).filter((mail) => mail.subject.startsWith('Alerte vol'));
  expect(alert?.subject).toBe("Alerte vol : la médaille de Filou vient d'être scannée");
  expect(alert?.text).toContain(', en anglais.');

  // 'Retrouvé' ends it: the panel offers to declare a theft again, the public page says he was found.
  await theft.getByRole('button', { name: 'Retrouvé' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Filou est retrouvé !' })).toBeVisible();
  await expect(theft.getByRole('button', { name: 'Déclarer un vol' })).toBeVisible();
  expect(await (await fetch(link)).text()).toContain('Retrouvé !');
});
