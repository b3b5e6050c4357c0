import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { openEmailLink, PHONE, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A keeper without an account: she opens the invitation on her phone, signs up from it, and
// confirms her address by the e-mail's link, in the same browser or another one. The invitation survives the
// round trip (it travels in the confirmation link, not only in the first browser), she lands where she
// accepts it, and reopening it later says she is already in the household.

test.use(PHONE);

async function phoneOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  return context.newPage();
}

/** The link of the newest e-mail to `email` whose subject is `subject`, once it has arrived. */
async function linkIn(email: string, subject: string, path: string): Promise<string> {
  const find = async () =>
    (await product.mails(email)).find((mail) => mail.subject === subject)?.links.find((href) => href.includes(path));
  await expect.poll(find, { timeout: 20_000 }).toBeDefined();
  return (await find()) as string;
}

/** Tomorrow in Paris as the database counts a keeper's last day ('YYYY-MM-DD'). */
async function tomorrowInParis(): Promise<string> {
  const { rows } = await product.stack.db.query<{ day: string }>('select (private.today_in_paris() + 1)::text as day');
  return rows[0]?.day as string;
}

/** The owner's invitation of a keeper, sent as the portal sends it; answers its link and the keeper's address. */
async function keeperInvited(owner: TestOwner, animalId: string) {
  const email = `gardienne-${crypto.randomUUID()}@test.medaille.fr`;
  const { error } = await owner.client.functions.invoke('invite-member', {
    body: { animal_id: animalId, email, role: 'keeper', access_until: await tomorrowInParis() },
  });
  if (error) throw error;
  const link = await linkIn(email, 'Invitation à rejoindre le foyer de Filou', '/mon-compte/invitation#');
  return { email, link };
}

/** From the invitation's page, signed out: 'Créer mon compte', the form, and its confirmation e-mail's link. */
async function signUpFromInvitation(page: Page, link: string, email: string): Promise<string> {
  await page.goto(link);
  await expect(page.getByText('vous invite à veiller sur Filou')).toBeVisible();
  await page.getByRole('link', { name: 'Créer mon compte' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('secret-garde-1');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toastTitle(page, 'Compte créé !')).toBeVisible();
  return linkIn(email, 'Confirmez votre inscription à Médaille', '/');
}

/** On the invitation's page, signed in: 'Accepter', then the animal's page. */
async function acceptOn(page: Page) {
  await expect(page).toHaveURL(`${product.url}/mon-compte/invitation`);
  await expect(page.getByText('vous invite à veiller sur Filou')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(toastTitle(page, 'Vous faites maintenant partie du foyer de Filou')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fiche de Filou' })).toBeVisible();
}

test('the confirmation link opened in another browser lands on the invitation, which she accepts; reopened, it says she is in', async ({
  page,
  browser,
}) => {
  const owner = await newOwner(product, 'chloe');
  const filou = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'cat', sexe: 'M' });
  const keeper = await keeperInvited(owner, filou.animalId);
  const confirmation = await signUpFromInvitation(page, keeper.link, keeper.email);

  // Her mail app opens the link in a browser that never saw the invitation.
  const mailApp = await phoneOf(browser);
  await openEmailLink(mailApp, confirmation);
  await acceptOn(mailApp);
  await expect(page.getByText('Aucune invitation à accepter dans ce navigateur')).toHaveCount(0);

  // The owner is told she accepted.
  await linkIn(owner.email, `${keeper.email} a rejoint le foyer de Filou`, `/mon-compte/animal/${filou.animalId}`);

  // The invitation's link again, in that browser: said kindly, with the way to the animal.
  await mailApp.goto(keeper.link);
  await expect(mailApp.getByText('Vous faites déjà partie du foyer de Filou')).toBeVisible();
  await expect(mailApp.getByText("Cette invitation n'est plus valable")).toHaveCount(0);
  await mailApp.getByRole('link', { name: 'Voir Filou' }).click();
  await expect(mailApp.getByRole('heading', { level: 1, name: 'Fiche de Filou' })).toBeVisible();
});

test('the confirmation link opened in a new tab of the same phone lands on the invitation; the first tab says she is already in', async ({
  page,
  context,
}) => {
  const owner = await newOwner(product, 'chloe');
  const filou = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'dog', sexe: 'M' });
  const keeper = await keeperInvited(owner, filou.animalId);
  const confirmation = await signUpFromInvitation(page, keeper.link, keeper.email);

  const mailTab = await context.newPage();
  await openEmailLink(mailTab, confirmation);
  await acceptOn(mailTab);

  // The first tab followed the session to the invitation, which it never answered by itself.
  await expect(page.getByText('vous invite à veiller sur Filou')).toBeVisible();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(page.getByText('Vous faites déjà partie du foyer de Filou')).toBeVisible();
  await page.goto(keeper.link);
  await expect(page.getByText('Vous faites déjà partie du foyer de Filou')).toBeVisible();
});
