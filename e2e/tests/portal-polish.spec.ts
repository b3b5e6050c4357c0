import { expect, type Locator, type Page, test } from '@playwright/test';
import { animalOnNewCode, newCode, newOwner } from '../support/owners.ts';
import { photoFile, signIn, toastTitle } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';

// Issue 14: what a real person trips on in the owner portal, on a touch phone and on a desktop.

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** How opaque an element really is: its own opacity times its ancestors'. */
const effectiveOpacity = (locator: Locator) =>
  locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });

test.describe('on a touch phone', () => {
  test.use(phone);

  test('the gallery shows its controls as 44 px targets, and a delete asks first; Annuler keeps the photo', async ({
    page,
  }) => {
    const owner = await newOwner(product, 'tactile');
    const { animalId } = await animalOnNewCode(product, owner, { nom: 'Tactile' }, 2);
    await signIn(page, product, owner);
    await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
    const gallery = page.getByRole('region', { name: "Photos de l'animal" });
    await expect(gallery.getByRole('img')).toHaveCount(2);

    for (const name of [
      'Choisir comme couverture (Photo 2)',
      'Supprimer la photo (Photo 2)',
      'Déplacer la photo (Photo 2)',
    ]) {
      const button = gallery.getByRole('button', { name });
      await expect.poll(() => effectiveOpacity(button)).toBe(1);
      const box = await button.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }

    const rows = async () =>
      (await owner.client.from('animal_photos').select('id').eq('animal_id', animalId)).data?.length;
    await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 2)' }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette photo ?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Annuler' }).tap();
    await expect(confirm).toBeHidden();
    await expect(gallery.getByRole('img')).toHaveCount(2);
    expect(await rows()).toBe(2);

    await gallery.getByRole('button', { name: 'Supprimer la photo (Photo 2)' }).tap();
    await confirm.getByRole('button', { name: 'Supprimer la photo' }).tap();
    await expect(gallery.getByRole('img')).toHaveCount(1);
    expect(await rows()).toBe(1);
  });
});

/**
 * Counts the requests to the stack whose method and path match, each held back `delayMs` so that a second
 * click lands while the first request still runs.
 */
async function watchRequests(page: Page, method: string, path: RegExp, delayMs = 400) {
  const seen: string[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fallback();
    },
  );
  return { count: () => seen.length };
}

test.describe('a double click sends one request', () => {
  test('register, login and the forgotten password', async ({ page }) => {
    const email = `double-${crypto.randomUUID()}@test.medaille.fr`;
    const signUps = await watchRequests(page, 'POST', /\/auth\/v1\/signup$/);
    await page.goto(`${product.url}/auth/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('12345678');
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

  test('the code check, the activation, Enregistrer and the deletion', async ({ page }) => {
    const owner = await newOwner(product, 'double-activation');
    await signIn(page, product, owner);
    const code = await newCode(product);
    const checks = await watchRequests(page, 'POST', /\/rest\/v1\/rpc\/code_status$/);
    const activations = await watchRequests(page, 'POST', /\/rest\/v1\/rpc\/register_animal_with_code$/);
    await page.goto(`${product.url}/activer`);
    await page.getByLabel('Code (MDL-...)').fill(code);
    await page.getByRole('button', { name: 'Vérifier' }).dblclick();
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    expect(checks.count()).toBe(1);
    await page.getByLabel('Nom *').fill('Doublon');
    await page.getByRole('button', { name: 'Activer la médaille' }).dblclick();
    await expect(page).toHaveURL(`${product.url}/mon-compte`);
    expect(activations.count()).toBe(1);

    const saves = await watchRequests(page, 'PATCH', /\/rest\/v1\/animals$/);
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByLabel('Nom *').fill('Doublon II');
    await page.getByRole('button', { name: 'Enregistrer' }).dblclick();
    await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();
    expect(saves.count()).toBe(1);

    const deletions = await watchRequests(page, 'POST', /\/functions\/v1\/delete-animal$/);
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer définitivement' }).dblclick();
    await expect(toastTitle(page, 'Profil supprimé')).toBeVisible();
    expect(deletions.count()).toBe(1);
  });

  test("the activation's sign-in dialog: sign-up, magic link and sign-in", async ({ page }) => {
    const code = await newCode(product);
    await page.goto(`${product.url}/activer?code=${code}`);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Dialogue');
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });

    const signUps = await watchRequests(page, 'POST', /\/auth\/v1\/signup$/);
    await dialog.getByRole('tab', { name: 'Inscription' }).click();
    await dialog.getByLabel('Email').fill(`dialogue-${crypto.randomUUID()}@test.medaille.fr`);
    await dialog.getByLabel('Mot de passe').fill('secret-dialogue');
    await dialog.getByRole('button', { name: 'Créer mon compte' }).dblclick();
    await expect(toastTitle(page, 'Inscription réussie')).toBeVisible();
    expect(signUps.count()).toBe(1);

    const owner = await newOwner(product, 'double-dialogue');
    const links = await watchRequests(page, 'POST', /\/auth\/v1\/otp$/);
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await dialog.getByRole('tab', { name: 'Lien magique' }).click();
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByRole('button', { name: 'Recevoir un lien' }).dblclick();
    await expect(toastTitle(page, 'Lien magique envoyé')).toBeVisible();
    expect(links.count()).toBe(1);

    const signIns = await watchRequests(page, 'POST', /\/auth\/v1\/token$/);
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
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
    await page.goto(mail.links[0] as string);
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
    await page.getByLabel('Mot de passe', { exact: true }).fill('12345678');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill('12345678');
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

test('the first photo is the cover at once, and a new cover shows in the preview before Enregistrer', async ({
  page,
}) => {
  const owner = await newOwner(product, 'couverture');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Biscotte' });
  await signIn(page, product, owner);
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  const preview = page.getByRole('region', { name: 'Aperçu', exact: true }).getByRole('img', {
    name: 'Photo de Biscotte',
  });
  await expect(preview).toHaveCount(0);
  await gallery
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'gold'), await photoFile(page, 'navy')]);
  await expect(gallery.getByRole('img')).toHaveCount(2);
  const paths = (
    await owner.client.from('animal_photos').select('path').eq('animal_id', animalId).order('position')
  ).data?.map((photo) => photo.path);
  await expect(gallery.getByRole('listitem', { name: 'Photo 1' }).getByText('Couverture')).toBeVisible();
  await expect(gallery.getByText('Couverture')).toHaveCount(1);
  await expect(preview).toHaveAttribute('src', new RegExp(`${paths?.[0]}$`));

  await gallery.getByRole('button', { name: 'Choisir comme couverture (Photo 2)' }).click();
  await expect(gallery.getByRole('listitem', { name: 'Photo 2' }).getByText('Couverture')).toBeVisible();
  await expect(preview).toHaveAttribute('src', new RegExp(`${paths?.[1]}$`));
});

test('a reload of /activer keeps what was typed and the photos chosen, until the medal is activated', async ({
  page,
}) => {
  const owner = await newOwner(product, 'brouillon');
  await signIn(page, product, owner);
  const code = await newCode(product);
  await page.goto(`${product.url}/activer?code=${code}`);
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await page.getByLabel('Nom *').fill('Moka');
  await page.getByLabel('Espèce').selectOption('cat');
  await page.getByLabel('Race').fill('Chartreux');
  await page.getByLabel('Allergies').fill('Poisson');
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile(page, 'orange'), await photoFile(page, 'teal')]);
  await expect(page.getByRole('button', { name: 'Retirer teal.png' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
  await expect(page.getByLabel('Nom *')).toHaveValue('Moka');
  await expect(page.getByLabel('Espèce')).toHaveValue('cat');
  await expect(page.getByLabel('Race')).toHaveValue('Chartreux');
  await expect(page.getByLabel('Allergies')).toHaveValue('Poisson');
  await expect(page.getByRole('button', { name: 'Retirer orange.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retirer teal.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Activer la médaille' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Moka' })).toBeVisible();
  const { data: animal } = await owner.client
    .from('animals')
    .select('id, animal_photos!animal_photos_animal_id_fkey(id)')
    .single();
  expect(animal?.animal_photos).toHaveLength(2);

  await page.goto(`${product.url}/activer`);
  await expect(page.getByLabel('Code (MDL-...)')).toHaveValue('');
  await expect(page.getByLabel('Nom *')).toHaveValue('');
  await expect(page.getByRole('button', { name: /^Retirer / })).toHaveCount(0);
});

test("going back to a deleted animal's edit page says it cannot be loaded, not 'Accès refusé'", async ({ page }) => {
  const owner = await newOwner(product, 'retour');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Parti' });
  await signIn(page, product, owner);
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${animalId}`);
  await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(toastTitle(page, 'Profil supprimé')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);

  await page.goBack();
  await expect(page.locator('.md-toast', { hasText: "Impossible de charger les données de l'animal." })).toBeVisible();
  await expect(toastTitle(page, 'Accès refusé')).toHaveCount(0);
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
});
