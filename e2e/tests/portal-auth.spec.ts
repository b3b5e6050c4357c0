import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newCode, newOwner } from '../support/owners.ts';
import { closeActivationSignIn, openEmailLink, toastTitle, watchRequests } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The owner portal's sign-in, sign-up and e-mail links as a person meets them.

test.describe('a double click sends one request', () => {
  test('register, login and the forgotten password', async ({ page }) => {
    const email = `double-${crypto.randomUUID()}@test.medaille.fr`;
    const signUps = await watchRequests(page, 'POST', /\/auth\/v1\/signup$/);
    await page.goto(`${product.url}/auth/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
    await page.getByRole('button', { name: 'Créer mon compte' }).dblclick();
    await expect(toastTitle(page, 'Compte créé !')).toBeVisible();
    await expect(toastTitle(page, "Erreur d'inscription")).toHaveCount(0);
    expect(signUps.count()).toBe(1);

    const owner = await newOwner(product, 'double');
    const signIns = await watchRequests(page, 'POST', /\/auth\/v1\/token$/);
    await page.goto(`${product.url}/auth/login`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Mot de passe').fill(owner.password);
    await page.getByRole('button', { name: 'Se connecter' }).dblclick();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    expect(signIns.count()).toBe(1);
    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${product.url}/`);

    const resets = await watchRequests(page, 'POST', /\/auth\/v1\/recover$/);
    await page.goto(`${product.url}/auth/login`);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).dblclick();
    await expect(toastTitle(page, 'Email envoyé')).toBeVisible();
    expect(resets.count()).toBe(1);
  });

  test("the activation's sign-in dialog: sign-up, magic link and sign-in", async ({ page }) => {
    const code = await newCode(product);
    await page.goto(`${product.url}/activer?code=${code}`);
    await closeActivationSignIn(page);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Dialogue');
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });

    const signUps = await watchRequests(page, 'POST', /\/auth\/v1\/signup$/);
    await dialog.getByRole('tab', { name: 'Inscription' }).click();
    await dialog.getByLabel('Email').fill(`dialogue-${crypto.randomUUID()}@test.medaille.fr`);
    await dialog.getByLabel('Mot de passe').fill('secret-dialogue-1');
    await dialog.getByRole('button', { name: 'Créer mon compte' }).dblclick();
    await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();
    expect(signUps.count()).toBe(1);
    await expectAccessible(page, '[role="dialog"]');
    // The dialog now waits for the e-mail's code; closed, it opens again on Inscription, as it first opened.
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    const owner = await newOwner(product, 'double-dialogue');
    const links = await watchRequests(page, 'POST', /\/auth\/v1\/otp$/);
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await dialog.getByRole('tab', { name: 'Lien magique' }).click();
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByRole('button', { name: 'Recevoir un lien' }).dblclick();
    await expect(toastTitle(page, 'Lien magique envoyé')).toBeVisible();
    expect(links.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    const signIns = await watchRequests(page, 'POST', /\/auth\/v1\/token$/);
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await dialog.getByRole('tab', { name: 'Connexion' }).click();
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByLabel('Mot de passe').fill(owner.password);
    await dialog.getByRole('button', { name: 'Se connecter' }).dblclick();
    await expect(toastTitle(page, 'Médaille activée !')).toBeVisible();
    expect(signIns.count()).toBe(1);
  });

  test('the new password after a recovery link', async ({ page }) => {
    const owner = await newOwner(product, 'double-mdp');
    await page.goto(`${product.url}/auth/login`);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(toastTitle(page, 'Email envoyé')).toBeVisible();
    const mail = await product.lastMail(owner.email);
    await openEmailLink(page, mail.links[0] as string);
    const updates = await watchRequests(page, 'PUT', /\/auth\/v1\/user$/);
    await page.getByLabel('Nouveau mot de passe').fill('nouveau-secret-2');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).dblclick();
    await expect(toastTitle(page, 'Mot de passe mis à jour')).toBeVisible();
    expect(updates.count()).toBe(1);
  });
});

test.describe('the auth service speaks French', () => {
  /** Answers the next call to an auth endpoint as GoTrue does when it refuses. */
  const refuse = (page: Page, endpoint: string, status: number, code: string, message: string) =>
    page.route(`${product.stack.url}/auth/v1/${endpoint}`, (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' },
        body: JSON.stringify({ code: status, error_code: code, msg: message }),
      }),
    );

  test('an unconfirmed address, a second e-mail too soon and too many tries', async ({ page }) => {
    const email = `non-confirme-${crypto.randomUUID()}@test.medaille.fr`;
    await page.goto(`${product.url}/auth/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const loginError = page.locator('.md-toast', { hasText: 'Erreur de connexion' });
    await expect(loginError).toContainText("Votre adresse e-mail n'est pas encore confirmée");
    await expect(loginError).not.toContainText('Email not confirmed');

    await refuse(
      page,
      'recover*',
      429,
      'over_email_send_rate_limit',
      'For security purposes, you can only request this after 42 seconds.',
    );
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.locator('.md-toast', { hasText: 'Par sécurité' })).toContainText(
      'Par sécurité, un nouvel e-mail ne peut être demandé que dans 42 secondes.',
    );

    const code = await newCode(product);
    await page.goto(`${product.url}/activer?code=${code}`);
    await refuse(page, 'otp*', 429, 'over_request_rate_limit', 'Request rate limit reached');
    await closeActivationSignIn(page);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Limite');
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
    await dialog.getByRole('tab', { name: 'Lien magique' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Recevoir un lien' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Trop de tentatives en peu de temps. Réessayez dans quelques minutes.',
    );
  });
});

test.describe('signed out', () => {
  test('/activer opens the sign-in dialog at once and offers no way back to an account', async ({ page }) => {
    await page.goto(`${product.url}/activer`);
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Inscription' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Lien magique' })).toBeVisible();
    for (const tab of ['Connexion', 'Inscription', 'Lien magique']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, '[role="dialog"]');
    }
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Retour à mon compte' })).toHaveCount(0);
    await expect(page.getByLabel('Code (MDL-...)')).toBeEditable();
  });

  test('a page of /mon-compte sends the visitor to the login page, and back there once signed in', async ({ page }) => {
    const owner = await newOwner(product, 'chemin');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Retrouvé' });
    await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByText('Connectez-vous pour activer la médaille')).toHaveCount(0);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Mot de passe').fill(owner.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${animalId}`);
    await expect(page.getByRole('heading', { name: 'Modifier le profil de Retrouvé' })).toBeVisible();
  });

  test('a sign-up from the dialog opened on arrival comes back to /activer with the draft', async ({ page }) => {
    const code = await newCode(product);
    const email = `arrivee-${crypto.randomUUID()}@test.medaille.fr`;
    await page.goto(`${product.url}/activer?code=${code}`);
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
    await dialog.getByRole('tab', { name: 'Inscription' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Mot de passe').fill('secret-arrivee-1');
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();

    const [link] = (await product.lastMail(email)).links;
    await openEmailLink(page, link as string);
    await expect(page).toHaveURL(`${product.url}/activer?code=${code}`);
    await expect(toastTitle(page, "Erreur d'activation")).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à mon compte' })).toBeVisible();
  });
});

test('after registering, the login page keeps a "check your e-mail" panel, and resends it after a minute', async ({
  page,
}) => {
  await page.clock.install();
  const email = `panneau-${crypto.randomUUID()}@test.medaille.fr`;
  await page.goto(`${product.url}/auth/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('chat1234');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  const panel = page.getByRole('region', { name: 'Vérifiez votre boîte mail' });
  await expect(panel).toContainText(email);
  await page.reload();
  await expect(panel).toContainText(email);
  const resend = panel.getByRole('button', { name: /Renvoyer l'e-mail/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toContainText(/dans \d+ s/);

  const mails = async () => (await product.mails(email)).length;
  expect(await mails()).toBe(1);
  await page.clock.fastForward(61_000);
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(toastTitle(page, 'E-mail renvoyé')).toBeVisible();
  await expect.poll(mails).toBe(2);
  await expect(resend).toBeDisabled();

  const [link] = (await product.lastMail(email)).links;
  await openEmailLink(page, link as string);
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await page.goto(`${product.url}/auth/login`);
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  // Signed out once the app's storage is cleared, its last step (the clock is the test's: no toast to wait for).
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto(`${product.url}/auth/login`);
  await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});
