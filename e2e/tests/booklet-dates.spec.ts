import { addMonths } from '@medaille/domain';
import type { Locator } from '@playwright/test';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { readmeScreenshot } from '../support/readme-screenshots.ts';
import { expect, product, test } from '../support/test.ts';

// The booklet's next due date is the one the care's usual interval gives from the date it
// was given, whatever was typed first, until the owner types one by hand; a finder reads that date.

test.use(PHONE);

/** Today in Paris, as the portal fills the booklet's date ('YYYY-MM-DD'). */
async function parisToday(): Promise<string> {
  const { rows } = await product.stack.db.query<{ day: string }>('select private.today_in_paris()::text as day');
  return rows[0]?.day as string;
}

/** A day as the scan page writes it: '12 mars 2027'. */
const frenchDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/** The `day`-th of the month `months` from `from`'s. */
const dayOfMonth = (from: string, months: number, day: string) => `${addMonths(from, months).slice(0, 8)}${day}`;

const nextDue = (form: Locator) => form.getByLabel('Prochaine échéance');

test('the next due date follows the date given, in the new line and in an edited one, until the owner types it; the finder reads the right one', async ({
  page,
}) => {
  const owner = await newOwner(product, 'carnet-dates');
  const filou = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog', sexe: 'M' });
  const today = await parisToday();
  // A rabies shot given months ago, typed as an owner does: the care first (the date is today's), then the day.
  const rabiesGiven = dayOfMonth(today, -8, '12');
  const rabiesDue = addMonths(rabiesGiven, 12);

  await signIn(page, product, owner, `/mon-compte/animal/${filou.animalId}/carnet`);
  await expect(page.getByRole('heading', { level: 1, name: 'Carnet de santé de Filou' })).toBeVisible();
  const add = page.getByRole('form', { name: 'Ajouter au carnet' });
  await add.getByLabel('Quoi').fill('Rage');
  await expect(nextDue(add)).toHaveValue(addMonths(today, 12));
  await add.getByLabel('Date', { exact: true }).fill(rabiesGiven);
  await expect(nextDue(add)).toHaveValue(rabiesDue);
  await add.getByLabel("Montrer sur la page publique de Filou, en cas d'urgence").check();
  await add.getByRole('button', { name: 'Ajouter au carnet' }).click();
  await expect(toastTitle(page, 'Rage ajouté au carnet')).toBeVisible();
  const vaccines = page.getByRole('region', { name: 'Vaccins' });
  await expect(vaccines.getByRole('listitem')).toContainText(`prochain le ${frenchDay(rabiesDue)}`);
  const scanHtml = async () => (await page.request.get(`${product.url}/${filou.code}`)).text();
  expect(await scanHtml()).toContain(`Rage, valable jusqu&#x27;au ${frenchDay(rabiesDue)}`);

  // A dewormer given on the 1st: due three months later, on the 1st.
  await add.getByRole('radio', { name: 'Traitement' }).check();
  await add.getByLabel('Quoi').fill('Vermifuge');
  const dewormerGiven = dayOfMonth(today, -1, '01');
  await add.getByLabel('Date', { exact: true }).fill(dewormerGiven);
  await expect(nextDue(add)).toHaveValue(addMonths(dewormerGiven, 3));
  // Typed by hand, the next date stays whatever the date becomes.
  const typed = dayOfMonth(today, 2, '15');
  await nextDue(add).fill(typed);
  await add.getByLabel('Date', { exact: true }).fill(dayOfMonth(today, -1, '05'));
  await expect(nextDue(add)).toHaveValue(typed);
  await add.getByRole('button', { name: 'Ajouter au carnet' }).click();
  await expect(toastTitle(page, 'Vermifuge ajouté au carnet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Traitements' }).getByRole('listitem')).toContainText(
    `prochain le ${frenchDay(typed)}`,
  );

  // The rabies line edited: its date moves, its next date with it.
  await vaccines.getByRole('button', { name: /^Modifier Rage/ }).click();
  const edit = page.getByRole('form', { name: 'Modifier : Rage' });
  await expect(nextDue(edit)).toHaveValue(rabiesDue);
  const correctedGiven = dayOfMonth(today, -7, '03');
  await edit.getByLabel('Date', { exact: true }).fill(correctedGiven);
  await expect(nextDue(edit)).toHaveValue(addMonths(correctedGiven, 12));
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toastTitle(page, 'Rage modifié')).toBeVisible();
  await expect(vaccines.getByRole('listitem')).toContainText(`prochain le ${frenchDay(addMonths(correctedGiven, 12))}`);
  expect(await scanHtml()).toContain(`Rage, valable jusqu&#x27;au ${frenchDay(addMonths(correctedGiven, 12))}`);
  await readmeScreenshot(page, 'booklet');
});
