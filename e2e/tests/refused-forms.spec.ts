import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A refused save shows why where the owner is. Every form of the portal scrolls to its first
// invalid field and focuses it, its error read with it; nothing is saved.

test.use(PHONE);

test('on a phone, a refused save of the animal’s page brings its first invalid field into view and focus, with its error', async ({
  page,
}) => {
  const owner = await newOwner(product, 'refus');
  const filou = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog' });
  await signIn(page, product, owner, `/mon-compte/animal/${filou.animalId}`);

  // A second contact's phone that is none, typed far down the page; the owner goes back up, then saves.
  const secondPhone = page.getByLabel('Téléphone du deuxième contact');
  await secondPhone.fill('pas un numéro');
  await page.evaluate(() => window.scrollTo(0, 0));
  const save = page.getByRole('button', { name: 'Enregistrer', exact: true });
  await save.click();
  await expect(secondPhone).toBeFocused();
  await expect(secondPhone).toBeInViewport();
  await expect(secondPhone).toHaveAttribute('aria-invalid', 'true');
  await expect(secondPhone).toHaveAccessibleDescription(/numéro de téléphone/);
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${filou.animalId}`);

  // A name left empty too: the first of the page's errors is the one brought to the owner, and both are said.
  const name = page.getByLabel('Nom *');
  await name.fill('');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await save.click();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(secondPhone).toHaveAttribute('aria-invalid', 'true');
  const { data } = await owner.client.from('animals').select('nom').eq('id', filou.animalId).single();
  expect(data?.nom).toBe('Filou');

  // The same in the booklet's form: 'Ajouter au carnet' without saying what was done.
  await page.goto(`${product.url}/mon-compte/animal/${filou.animalId}/carnet`);
  const add = page.getByRole('form', { name: 'Ajouter au carnet' });
  await add.getByRole('button', { name: 'Ajouter au carnet' }).click();
  const what = add.getByLabel('Quoi');
  await expect(what).toBeFocused();
  await expect(what).toBeInViewport();
  await expect(what).toHaveAccessibleDescription(/Indiquez ce qui a été fait/);
});
