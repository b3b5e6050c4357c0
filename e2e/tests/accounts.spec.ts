import { expectAccessible } from '../support/accessibility.ts';
import { newOwner } from '../support/owners.ts';
import { openEmailLink, toastTitle } from '../support/pages.ts';
import { codeIn } from '../support/product.ts';
import { expect, product, test } from '../support/test.ts';

test('register, confirm from the e-mail, and arrive signed in on "Mes animaux"', async ({ page }) => {
  const email = `nouveau-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/auth/register?code=MDL-DEMO-FREE2`);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Mot de passe', { exact: true });
  const submit = page.getByRole('button', { name: 'Créer mon compte' });
  await password.fill('1234567');
  await expect(page.getByRole('status').filter({ hasText: 'Trop court' })).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await password.fill('12345678');
  await expect(page.getByRole('status').filter({ hasText: 'Ajoutez une lettre et un chiffre' })).toBeVisible();
  await expect(submit).toBeDisabled();
  await password.fill('chat1234');
  await expect(page.getByRole('status').filter({ hasText: 'Valide' })).toBeVisible();
  await submit.click();

  await expect(toastTitle(page, 'Compte créé !')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/auth/login?email=${encodeURIComponent(email)}&code=MDL-DEMO-FREE2`);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const [link] = (await product.lastMail(email)).links;
  await openEmailLink(page, link as string);
  await expect(toastTitle(page, 'Connexion réussie')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Aucun animal trouvé.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Activer ma première médaille' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mon compte' })).toBeVisible();
});

test('registering an address that already has an account says so', async ({ page }) => {
  const owner = await newOwner(product, 'existant');
  await page.goto(`${product.url}/auth/register`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('autre-mot-de-passe-2');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Compte existant' })).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/auth/register`);
});

test('a sign-up whose auth client cannot load says so, keeps what was typed, and succeeds on the next try', async ({
  page,
}) => {
  const email = `reseau-${crypto.randomUUID()}@test.medaille.fr`;
  const authClient = /\/supabase-js\.[0-9a-f]+\.js$/;
  await page.route(authClient, (route) => route.abort('internetdisconnected'));
  await page.goto(`${product.url}/auth/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.locator('.md-toast', { hasText: "Erreur d'inscription" })).toContainText(
    "Une erreur inattendue s'est produite",
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.unroute(authClient);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toastTitle(page, 'Compte créé !')).toBeVisible();
});

test('login explains bad input and wrong credentials in French', async ({ page }) => {
  // A signed-out visitor's login page does without the auth client until the form is sent.
  const authClientLoads = () => requested.filter((url) => /\/supabase-js\.[0-9a-f]+\.js$/.test(url)).length;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${product.url}/auth/login`);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Veuillez remplir tous les champs').first()).toBeVisible();
  await page.getByLabel('Email').fill('pas-une-adresse');
  await page.getByLabel('Mot de passe').fill('x');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Veuillez saisir un email valide')).toBeVisible();
  expect(authClientLoads()).toBe(0);
  await page.getByLabel('Email').fill('demo@medaille.test');
  await page.getByLabel('Mot de passe').fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('.md-toast', { hasText: 'Erreur de connexion' })).toContainText(
    'Email ou mot de passe incorrect',
  );
  expect(authClientLoads()).toBe(1);
  await expectAccessible(page);
});

test.describe('the e-mail read on another device: its code, typed here', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a new account is confirmed by the code and arrives signed in on "Mes animaux"', async ({ page }) => {
    const email = `code-${crypto.randomUUID()}@test.medaille.fr`;
    await page.goto(`${product.url}/auth/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    const panel = page.getByRole('region', { name: 'Vérifiez votre boîte mail' });
    await panel.getByLabel('Code reçu par e-mail').fill('12');
    await panel.getByRole('button', { name: 'Valider le code' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      'Code incorrect ou expiré. Vérifiez-le, ou demandez un nouvel e-mail.',
    );
    await expectAccessible(page);
    const code = codeIn(await product.lastMail(email));
    // Typed as a person reads it off another screen, in groups.
    await panel.getByLabel('Code reçu par e-mail').fill(`${code.slice(0, 5)} ${code.slice(5)}`);
    await panel.getByRole('button', { name: 'Valider le code' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
  });

  test('a forgotten password is reset with the code, then the owner signs in with the new one', async ({ page }) => {
    const owner = await newOwner(product, 'oubli-code');
    await page.goto(`${product.url}/auth/login`);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(toastTitle(page, 'Email envoyé')).toBeVisible();
    const code = codeIn(await product.lastMail(owner.email));
    await page.getByLabel('Code reçu par e-mail').fill(code);
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await expect(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
    await page.getByLabel('Nouveau mot de passe').fill('nouveau-code-1');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${product.url}/`);
    await page.goto(`${product.url}/auth/login`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Mot de passe').fill('nouveau-code-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
  });
});

test('a forgotten password is reset from the e-mail link, end to end', async ({ page }) => {
  const owner = await newOwner(product, 'oubli');
  await page.goto(`${product.url}/auth/login`);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(toastTitle(page, 'Email envoyé')).toBeVisible();

  const mail = await product.lastMail(owner.email);
  expect(mail.subject).toBe('Réinitialisez votre mot de passe Médaille');
  await openEmailLink(page, mail.links[0] as string);
  await expect(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('nouveau-secret-1');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(toastTitle(page, 'Mot de passe mis à jour')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);

  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(`${product.url}/`);
  await page.goto(`${product.url}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe').fill('nouveau-secret-1');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
});

test('a spent e-mail link sends the visitor to the login page, which says the address is most likely confirmed', async ({
  page,
}) => {
  const owner = await newOwner(product, 'perime');
  // The confirmation link, already used to create the account, sent back to the callback page.
  const link = new URL((await product.lastMail(owner.email)).links[0] as string);
  link.searchParams.set('next', `${product.url}/auth/callback`);
  await openEmailLink(page, link.toString());
  await expect(page).toHaveURL(`${product.url}/auth/login?link=used`);
  await expect(page.getByRole('region', { name: 'Votre adresse est sans doute déjà confirmée' })).toContainText(
    'Ce lien a déjà servi',
  );
  await expect(page.locator('.md-toast', { hasText: 'Erreur de connexion' })).toHaveCount(0);
});
