import { expectAccessible } from '../support/accessibility.ts';
import { newCode, newOwner } from '../support/owners.ts';
import { closeActivationSignIn, openEmailLink, photoFile, signIn, toastTitle } from '../support/pages.ts';
import { codeIn } from '../support/product.ts';
import { expect, product, test } from '../support/test.ts';

test('a code is checked before the form opens: required, unknown, taken, then validated', async ({ page }) => {
  await page.goto(`${product.url}/activer`);
  await closeActivationSignIn(page);
  const check = page.getByRole('button', { name: 'Vérifier' });
  await expect(page.getByLabel('Nom *')).toBeDisabled();
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code requis' })).toBeVisible();
  await page.getByLabel('Code (MDL-...)').fill('MDL-INCONNU');
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code introuvable' })).toBeVisible();
  await page.getByLabel('Code (MDL-...)').fill('mdl-demo-rex');
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code déjà activé' })).toBeVisible();
  const code = await newCode(product);
  await page.getByLabel('Code (MDL-...)').fill(code.toLowerCase());
  await check.click();
  await expect(page.getByRole('button', { name: 'Validé' })).toBeDisabled();
  await expect(page).toHaveURL(`${product.url}/activer?code=${code}`);
  await expect(page.getByLabel('Nom *')).toBeEnabled();
  await expectAccessible(page);
});

test('a signed-in owner activates a code with two photos, and the medal shows them', async ({ page }) => {
  const owner = await newOwner(product, 'activation');
  const code = await newCode(product);
  await signIn(page, product, owner, `/activer?code=${code}`);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();

  await page.getByLabel('Espèce').selectOption('other');
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  await expect(page.getByText("Le nom de l'animal est requis")).toBeVisible();
  await expect(page.getByText("Veuillez préciser l'espèce")).toBeVisible();
  await page.getByLabel('Nom *').fill('Pistache');
  await page.getByLabel("Préciser l'espèce").fill('Tortue');
  await expect(page.getByRole('region', { name: 'Aperçu' }).getByText('Pistache')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'orange'), await photoFile(page, 'teal')]);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();

  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Pistache' })).toBeVisible();

  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pistache' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText('Tortue')).toBeVisible();
  await expect(page.getByRole('button', { name: /Afficher la photo/ })).toHaveCount(2);
});

test('starting signed out, the form and photos survive sign-up and e-mail confirmation', async ({ page }) => {
  const code = await newCode(product);
  const email = `attente-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Caramel');
  await page.getByLabel('Espèce').selectOption('rabbit');
  await page.getByLabel('Race').fill('Bélier');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'sienna'), await photoFile(page, 'olive')]);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();

  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Inscription' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-caramel-1');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();

  const [link] = (await product.lastMail(email)).links;
  await openEmailLink(page, link as string);
  await expect(toastTitle(page, '🎉 Médaille activée !')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Caramel' })).toBeVisible();

  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Caramel' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText('Bélier')).toBeVisible();
  await expect(page.getByRole('button', { name: /Afficher la photo/ })).toHaveCount(2);
});

test('a magic link from the activation dialog signs the owner in and finishes the activation', async ({ page }) => {
  const owner = await newOwner(product, 'magique');
  const code = await newCode(product);
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Lumière');
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Lien magique' }).click();
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByRole('button', { name: 'Recevoir un lien' }).click();
  await expect(toastTitle(page, 'Lien magique envoyé')).toBeVisible();

  const mail = await product.lastMail(owner.email);
  expect(mail.subject).toBe('Votre lien de connexion à Médaille');
  await openEmailLink(page, mail.links[0] as string);
  await expect(toastTitle(page, '🎉 Médaille activée !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lumière' })).toBeVisible();
});

test('read on another device, the sign-up e-mail’s code typed in the dialog ends the activation here, photos and all', async ({
  page,
}) => {
  const code = await newCode(product);
  const email = `autre-appareil-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Noisette');
  await page.getByLabel('Race').fill('Angora');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'sienna'), await photoFile(page, 'teal')]);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();

  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Inscription' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-noisette-1');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
  const waiting = dialog.getByRole('region', { name: 'Vérifiez votre boîte mail' });
  await expect(waiting).toContainText(email);
  await expectAccessible(page);

  // Five wrong guesses spend the code: even the right one is then refused, and a new e-mail brings another.
  const spent = codeIn(await product.lastMail(email));
  for (const guess of ['111111', '222222', '333333', '444444', '555555']) {
    await waiting.getByLabel('Code reçu par e-mail').fill(guess === spent ? '666666' : guess);
    await waiting.getByRole('button', { name: 'Valider le code' }).click();
    await expect(waiting.getByRole('alert')).toHaveText(
      'Code incorrect ou expiré. Vérifiez-le, ou demandez un nouvel e-mail.',
    );
  }
  await waiting.getByLabel('Code reçu par e-mail').fill(spent);
  await waiting.getByRole('button', { name: 'Valider le code' }).click();
  await expect(waiting.getByRole('alert')).toHaveText(
    'Code incorrect ou expiré. Vérifiez-le, ou demandez un nouvel e-mail.',
  );
  await waiting.getByRole('button', { name: 'Demander un nouvel e-mail' }).click();
  // Back on the tab that sent it, the address kept.
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByLabel('Mot de passe').fill('secret-noisette-1');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(waiting).toBeVisible();
  let fresh = codeIn(await product.lastMail(email));
  for (let i = 0; i < 50 && fresh === spent; i += 1) {
    await page.waitForTimeout(100);
    fresh = codeIn(await product.lastMail(email));
  }
  await waiting.getByLabel('Code reçu par e-mail').fill(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
  await waiting.getByRole('button', { name: 'Valider le code' }).click();

  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Noisette' })).toBeVisible();
  await page.goto(`${product.url}/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Noisette' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caractéristiques' }).getByText('Angora')).toBeVisible();
  await expect(page.getByRole('button', { name: /Afficher la photo/ })).toHaveCount(2);
});

test('the magic link’s code typed in the dialog signs the owner in and finishes the activation', async ({ page }) => {
  const owner = await newOwner(product, 'magique-code');
  const code = await newCode(product);
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Filou');
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Lien magique' }).click();
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByRole('button', { name: 'Recevoir un lien' }).click();
  const waiting = dialog.getByRole('region', { name: 'Vérifiez votre boîte mail' });
  // Only once the link is sent is it the newest e-mail: before, that is the owner's sign-up confirmation.
  await expect(waiting).toBeVisible();
  await waiting.getByLabel('Code reçu par e-mail').fill(codeIn(await product.lastMail(owner.email)));
  await waiting.getByRole('button', { name: 'Valider le code' }).click();
  await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filou' })).toBeVisible();
});

test('when someone else activates the code first, the spec’s "Code invalide" message shows', async ({ page }) => {
  const owner = await newOwner(product, 'lent');
  const rival = await newOwner(product, 'rapide');
  const code = await newCode(product);
  await signIn(page, product, owner, `/activer?code=${code}`);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Trop tard');
  const won = await rival.client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'Premier' } });
  expect(won.data.success).toBe(true);
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Code invalide' })).toContainText('Code invalide ou déjà utilisé');
  await expect(page).toHaveURL(/\/activer/);
  await expect(page.getByLabel('Nom *')).toHaveValue('Trop tard');
});
