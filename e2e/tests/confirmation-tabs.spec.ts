import { createClient } from '@supabase/supabase-js';
import { newCode } from '../support/owners.ts';
import { closeActivationSignIn, openEmailLink, PHONE, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The confirmation e-mail's small faults, fixed: the tab that waits for it follows the session its link opens in
// another tab, and a link that has already served says the address is most likely confirmed, with the way in.

test.use(PHONE);

const newAddress = (label: string) => `${label}-${crypto.randomUUID()}@test.medaille.fr`;

test('the activation’s tab that waits for the e-mail moves on once its link has finished the activation in another tab', async ({
  page,
  context,
}) => {
  const code = await newCode(product);
  const email = newAddress('deux-onglets');
  await page.goto(`${product.url}/activer?code=${code}`);
  await closeActivationSignIn(page);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Sésame');
  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('tab', { name: 'Inscription' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('secret-onglets-1');
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(dialog.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();

  const [link] = (await product.lastMail(email)).links;
  const mailTab = await context.newPage();
  await openEmailLink(mailTab, link as string);
  await expect(toastTitle(mailTab, 'Médaille activée !')).toBeVisible();
  await expect(mailTab.getByRole('heading', { name: 'Sésame' })).toBeVisible();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Sésame' })).toBeVisible();
  // Activated once: one animal, whichever tab got there first.
  await expect(page.getByRole('heading', { level: 2, name: 'Sésame' })).toHaveCount(1);
});

test('the login page, reloaded while it waits for the confirmation, moves on once the link is opened in another tab', async ({
  page,
  context,
}) => {
  const email = newAddress('onglet-recharge');
  await page.goto(`${product.url}/auth/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  const panel = page.getByRole('region', { name: 'Vérifiez votre boîte mail' });
  await expect(panel).toContainText(email);
  // Reloaded, the page has not loaded the auth client: only the stored session can tell it.
  await page.reload();
  await expect(panel).toContainText(email);

  const [link] = (await product.lastMail(email)).links;
  const mailTab = await context.newPage();
  await openEmailLink(mailTab, link as string);
  await expect(mailTab).toHaveURL(`${product.url}/mon-compte`);
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(panel).toHaveCount(0);
});

test('a confirmation link that has already served says the address is most likely confirmed and offers to sign in; an address not confirmed is offered the e-mail again', async ({
  page,
  browser,
}) => {
  const email = newAddress('lien-servi');
  const password = 'chat1234';
  const client = createClient(product.stack.url, product.stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signUp = await client.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${product.url}/auth/callback` },
  });
  expect(signUp.error).toBeNull();
  const [link] = (await product.lastMail(email)).links;
  // Used once already: its button pressed, in another browser.
  const query = new URL(link as string).searchParams;
  const spent = await client.auth.verifyOtp({
    token_hash: query.get('token_hash') as string,
    type: query.get('type') as 'signup',
  });
  expect(spent.error).toBeNull();

  await openEmailLink(page, link as string);
  await expect(page).toHaveURL(`${product.url}/auth/login?link=used`);
  const used = page.getByRole('region', { name: 'Votre adresse est sans doute déjà confirmée' });
  await expect(used).toBeVisible();
  await expect(toastTitle(page, 'Erreur de connexion')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);

  // An address whose link never served: signing in says so, and the e-mail can be asked again at once.
  const unconfirmed = newAddress('jamais-confirme');
  expect((await client.auth.signUp({ email: unconfirmed, password })).error).toBeNull();
  const other = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  const fresh = await other.newPage();
  await fresh.goto(`${product.url}/auth/login`);
  await fresh.getByLabel('Email').fill(unconfirmed);
  await fresh.getByLabel('Mot de passe').fill(password);
  await fresh.getByRole('button', { name: 'Se connecter' }).click();
  const panel = fresh.getByRole('region', { name: 'Vérifiez votre boîte mail' });
  await expect(panel).toContainText(unconfirmed);
  await panel.getByRole('button', { name: "Renvoyer l'e-mail" }).click();
  await expect(toastTitle(fresh, 'E-mail renvoyé')).toBeVisible();
  await expect.poll(async () => (await product.mails(unconfirmed)).length).toBe(2);
  await other.close();
});
