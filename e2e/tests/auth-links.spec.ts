import { createClient } from '@supabase/supabase-js';
import { expectAccessible } from '../support/accessibility.ts';
import { openEmailLink, PHONE, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The rule for every link the product sends: a link in an e-mail never changes anything by
// being opened, since mail scanners open every link. The auth e-mails' links lead to the site's /auth/confirm,
// whose button, not the opening, spends the link.

test.use({ ...PHONE, locale: 'fr-FR' });

test('a sign-up link opened by a mail scanner signs nobody in and spends nothing; the person’s own click then works', async ({
  page,
  browser,
}) => {
  const email = `scanne-${crypto.randomUUID()}@test.medaille.fr`;
  const password = 'chat1234';
  await page.goto(`${product.url}/auth/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toastTitle(page, 'Compte créé !')).toBeVisible();
  const [link] = (await product.lastMail(email)).links;

  // The scanner: a plain GET of the link (redirects followed), then a browser that loads it, scripts and all.
  expect((await page.request.get(link as string)).ok()).toBe(true);
  const scanner = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  const scanned = await scanner.newPage();
  await scanned.goto(link as string);
  await expect(scanned.getByRole('heading', { name: 'Confirmer votre adresse e-mail' })).toBeVisible();
  await expect(scanned.getByRole('button', { name: 'Confirmer mon adresse' })).toBeVisible();
  await expectAccessible(scanned);
  await scanned.screenshot({ path: test.info().outputPath('auth-confirm-390.png'), fullPage: true });
  await expect(scanned).toHaveURL(link as string);
  await scanner.close();

  // Nobody is signed in, and the address is not confirmed: the link has not served.
  const client = createClient(product.stack.url, product.stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const early = await client.auth.signInWithPassword({ email, password });
  expect(early.error?.code).toBe('email_not_confirmed');

  // The person's own click, then the button: signed in, on 'Mes animaux'.
  await openEmailLink(page, link as string);
  await expect(toastTitle(page, 'Connexion réussie')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Aucun animal trouvé.')).toBeVisible();
  expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
});
