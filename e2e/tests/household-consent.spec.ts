import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, serviceClient, type TestOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { readmeScreenshot } from '../support/readme-screenshots.ts';
import { expect, product, test } from '../support/test.ts';

// Nothing of a household changes hands without a yes: opening an invitation's link, as a person or
// as the link scanner of a mail service, only shows what is offered; 'Accepter' and 'Refuser' are buttons, and
// whoever sent it is told by e-mail either way. On a phone.

test.use(PHONE);

/** A phone of its own for another person (or a mail service's robot). */
async function phoneOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  return context.newPage();
}

/** The newest e-mail to `email` whose subject is `subject`, once it has arrived. */
async function mailTo(email: string, subject: string) {
  const find = async () => (await product.mails(email)).find((mail) => mail.subject === subject);
  await expect.poll(find, { timeout: 20_000, message: `${subject} to ${email}` }).toBeDefined();
  return (await find()) as NonNullable<Awaited<ReturnType<typeof find>>>;
}

/** The invitation's link in its e-mail. */
async function invitationLink(email: string, subject: string): Promise<string> {
  const mail = await mailTo(email, subject);
  return mail.links.find((href) => href.includes('/mon-compte/invitation#')) as string;
}

/** An invitation sent as the portal sends it: the invite-member function, with the owner's session. */
async function invite(
  owner: TestOwner,
  animalId: string,
  email: string,
  role: 'owner' | 'co_owner' | 'keeper',
  accessUntil: string | null = null,
) {
  const { error } = await owner.client.functions.invoke('invite-member', {
    body: { animal_id: animalId, email, role, access_until: accessUntil },
  });
  if (error) throw error;
}

/** Who owns the animal now, and the invitations still waiting for an answer. */
async function stateOf(animalId: string) {
  const db = serviceClient(product);
  const { data: animal } = await db.from('animals').select('proprietaire_id').eq('id', animalId).single();
  const { data: waiting } = await db
    .from('animal_invitations')
    .select('email')
    .eq('animal_id', animalId)
    .is('accepted_at', null);
  return { owner: animal?.proprietaire_id as string, waiting: (waiting ?? []).map((row) => row.email) };
}

const userIdOf = async (owner: TestOwner) => (await owner.client.auth.getUser()).data.user?.id as string;

test('opening the offer of an animal changes nothing: its receiver reads who offers what, accepts with a button, the giver is told, and the I-CAD reminder tops the animal’s page', async ({
  page,
  browser,
}) => {
  const chloe = await newOwner(product, 'chloe');
  const filou = await animalOnNewCode(product, chloe, { nom: 'Filou', espece: 'cat', sexe: 'M' }, 1);
  const buyer = await newOwner(product, 'nouveau');
  await invite(chloe, filou.animalId, buyer.email, 'owner');
  const link = await invitationLink(buyer.email, 'Invitation à devenir propriétaire de Filou');
  const before = { owner: await userIdOf(chloe), waiting: [buyer.email] };

  // A mail service's scanner follows every link of the e-mail, with and without JavaScript: nothing changes.
  expect((await fetch(link)).status).toBe(200);
  const scanner = await phoneOf(browser);
  await scanner.goto(link);
  await expect(scanner.getByText(`${chloe.email} vous confie Filou`)).toBeVisible();
  expect(await stateOf(filou.animalId)).toEqual(before);

  // The receiver, signed in, opens it: who offers what, and what follows the animal; still nothing changed.
  await signIn(page, product, buyer);
  await page.goto(link);
  await expect(page.getByText(`${chloe.email} vous confie Filou`)).toBeVisible();
  const follows = page.getByRole('list', { name: 'Ce qui vous suit' });
  for (const thing of ['Sa médaille', 'Ses photos', 'Son carnet de santé', 'Son historique']) {
    await expect(follows.getByRole('listitem').filter({ hasText: thing })).toBeVisible();
  }
  await expect(page.getByText("doit aussi être déclaré à l'I-CAD")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accepter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refuser' })).toBeVisible();
  await expectAccessible(page);
  await readmeScreenshot(page, 'household-offer');
  expect(await stateOf(filou.animalId)).toEqual(before);

  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(toastTitle(page, 'Vous êtes maintenant propriétaire de Filou')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${filou.animalId}`);
  // The reminder of I-CAD is the first thing the new owner reads, not 3,000 px below.
  const reminder = page.getByRole('status').filter({ hasText: "déclaré à l'I-CAD" });
  await expect(reminder).toBeInViewport();
  await expect(reminder.getByRole('link', { name: 'Aller sur i-cad.fr' })).toBeVisible();
  expect(await stateOf(filou.animalId)).toEqual({ owner: await userIdOf(buyer), waiting: [] });

  // The giver is told by e-mail, with I-CAD too.
  const told = await mailTo(chloe.email, 'Filou a un nouveau propriétaire');
  expect(told.text).toContain(`${buyer.email} a accepté Filou`);
  expect(told.text).toContain("l'I-CAD");

  // The same link opened again says it kindly.
  await page.goto(link);
  await expect(page.getByText('Filou est déjà à vous : vous avez accepté cette invitation.')).toBeVisible();
  await page.getByRole('link', { name: 'Voir Filou' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${filou.animalId}`);
});

test('a keeper’s invitation refused without an account: the role and last day are shown, nothing changes, and the owner is told', async ({
  page,
}) => {
  const owner = await newOwner(product, 'proprio');
  const nala = await animalOnNewCode(product, owner, { nom: 'Nala', espece: 'dog', sexe: 'F' });
  const keeperEmail = `gardienne-${crypto.randomUUID()}@test.medaille.fr`;
  await invite(owner, nala.animalId, keeperEmail, 'keeper', '2099-08-31');
  const link = await invitationLink(keeperEmail, 'Invitation à rejoindre le foyer de Nala');

  await page.goto(link);
  await expect(page.getByText(`${owner.email} vous invite à veiller sur Nala`)).toBeVisible();
  await expect(page.getByText("Gardien·ne jusqu'au 31 août 2099 inclus")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer mon compte' })).toBeVisible();
  await expectAccessible(page);
  expect((await stateOf(nala.animalId)).waiting).toEqual([keeperEmail]);

  await page.getByRole('button', { name: 'Refuser' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Refuser l'invitation ?" });
  await expect(dialog).toContainText(`${owner.email} en sera informé·e par e-mail.`);
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(page.getByText(`Invitation refusée. ${owner.email} en est informé·e par e-mail.`)).toBeVisible();
  expect((await stateOf(nala.animalId)).waiting).toEqual([]);

  const told = await mailTo(owner.email, 'Invitation refusée : le foyer de Nala');
  expect(told.text).toContain(`${keeperEmail} a refusé votre invitation à rejoindre le foyer de Nala.`);

  // Its link opens nothing any more (opened afresh, as from the e-mail).
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByText("Cette invitation n'est plus valable. Demandez-en une nouvelle.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
});
