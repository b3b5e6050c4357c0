import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A second contact on the finder's page, on a phone: the owner gives a household member's number and address,
// each with its own switch; a finder reads them under the member's name and calls the number from the help
// (the owner's own is hidden); switched off, they are gone from the page and from its HTML.

test.use(PHONE);

/** The scan page's HTML as the host sends it, before any script. */
async function scanHtml(request: APIRequestContext, code: string): Promise<string> {
  const response = await request.get(`${product.url}/${code}`, { headers: { 'accept-language': 'fr-FR' } });
  expect(response.status()).toBe(200);
  return response.text();
}

test('the owner gives a second contact with its switches; a finder sees it and calls it; switched off, it is gone from the page and its HTML', async ({
  page,
  browser,
  request,
}) => {
  const owner = await newOwner(product, 'second-proprio');
  const marie = await newOwner(product, 'second-marie');
  const { code, animalId } = await animalOnNewCode(product, owner, {
    nom: 'Pistache',
    espece: 'cat',
    sexe: 'F',
    public_phone: '0612345678',
    show_public_phone: false,
  });
  // Marie is a co-owner (the household's journeys invite through the e-mail; here, its two calls).
  const invited = await owner.client.rpc('invite_animal_member', {
    p_animal_id: animalId,
    p_email: marie.email,
    p_role: 'co_owner',
    p_access_until: null,
  });
  expect(invited.data).toMatchObject({ success: true });
  const accepted = await marie.client.rpc('accept_animal_invitation', { p_token: invited.data.token });
  expect(accepted.data).toMatchObject({ success: true });

  // The owner fills the second contact: a name, a number, and Marie's address chosen from the household.
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const second = page.getByRole('region', { name: 'Deuxième contact' });
  await expect(second).toContainText(
    "Par exemple un autre membre du foyer : si le premier numéro ne répond pas, la personne qui a trouvé l'animal essaie celui-ci.",
  );
  await second.getByLabel('Prénom ou nom').fill('Marie');
  await second.getByLabel('Téléphone du deuxième contact').fill('07 11 22 33 44');
  await second.getByRole('switch', { name: 'Afficher ce numéro sur le profil public' }).click();
  await second.getByLabel('Choisir un membre du foyer').selectOption({ label: `${marie.email} (Co-propriétaire)` });
  await expect(second.getByLabel('Email du deuxième contact')).toHaveValue(marie.email);
  await second.getByRole('switch', { name: 'Afficher cette adresse sur le profil public' }).click();
  const preview = page.getByRole('region', { name: 'Aperçu de la fiche publique' });
  await expect(preview.getByRole('heading', { name: 'Autre contact : Marie' })).toBeVisible();
  await expect(preview.getByRole('link', { name: '07 11 22 33 44' })).toHaveAttribute('href', 'tel:+33711223344');
  await expect(preview.getByRole('link', { name: marie.email })).toHaveAttribute('href', `mailto:${marie.email}`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();

  // A finder scans the medal on their own phone: Marie under her name, her number called from the help.
  const finderContext = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  const finder = await finderContext.newPage();
  await finder.goto(`${product.url}/${code}`);
  await expect(finder.getByRole('heading', { level: 1, name: 'Pistache' })).toBeVisible();
  const contact = finder.getByRole('region', { name: 'CONTACT' });
  await expect(contact.getByRole('heading', { name: 'Autre contact : Marie' })).toBeVisible();
  await expect(contact.getByRole('link', { name: '07 11 22 33 44' })).toHaveAttribute('href', 'tel:+33711223344');
  const mail = new URL((await contact.getByRole('link', { name: marie.email }).getAttribute('href')) ?? '');
  expect(`${mail.protocol}${mail.pathname}`).toBe(`mailto:${marie.email}`);
  expect(mail.searchParams.get('subject')).toBe("J'ai trouvé Pistache");
  // The owner's number is hidden: the help's call reaches Marie.
  const help = finder.getByRole('region', { name: 'Vous avez trouvé Pistache ?' });
  await expect(help.getByRole('link', { name: 'Appeler Marie' })).toHaveAttribute('href', 'tel:+33711223344');
  await expect(help.getByRole('link', { name: 'Envoyer un SMS' })).toHaveAttribute('href', /^sms:\+33711223344\?/);
  await expect(finder.locator('body')).not.toContainText('12 34 56 78');
  await expectAccessible(finder);
  // In the HTML itself too, before any script.
  const served = await scanHtml(request, code);
  expect(served).toContain('Autre contact : Marie');
  expect(served).toContain('href="tel:+33711223344"');
  expect(served).toContain(`mailto:${marie.email}`);

  // The owner switches both off: nothing of Marie is left, neither on the page nor in its HTML.
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await second.getByRole('switch', { name: 'Afficher ce numéro sur le profil public' }).click();
  await second.getByRole('switch', { name: 'Afficher cette adresse sur le profil public' }).click();
  await expect(preview.getByText('Autre contact')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();

  const hidden = await scanHtml(request, code);
  expect(hidden).toContain('Pistache');
  for (const secret of ['0711223344', '07 11 22 33 44', marie.email, 'Autre contact', 'Marie'])
    expect(hidden).not.toContain(secret);
  await finder.reload();
  await expect(finder.getByRole('heading', { level: 1, name: 'Pistache' })).toBeVisible();
  await expect(contact.getByRole('link')).toHaveCount(0);
  await expect(help.getByRole('link', { name: /Appeler/ })).toHaveCount(0);
  await expect(finder.locator('body')).not.toContainText('Marie');
  await finderContext.close();
});
