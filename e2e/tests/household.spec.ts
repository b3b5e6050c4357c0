import { addMonths } from '@medaille/domain';
import type { Browser, Page } from '@playwright/test';
import * as mupdf from 'mupdf';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, serviceClient } from '../support/owners.ts';
import { openEmailLink, PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The household's journeys end to end, on a phone, each person in a browser of their own: a keeper invited
// without an account who signs up from the e-mail, gets the lost animal's alert, and loses access after their
// last day; a co-owner's vaccination whose reminder arrives once on its day; and an animal given to another
// account, which takes everything with it.

test.use(PHONE);

/** A phone of its own for another person. */
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

/** Today in Paris as the database counts a keeper's last day ('YYYY-MM-DD'). */
async function parisToday(): Promise<string> {
  const { rows } = await product.stack.db.query<{ day: string }>('select private.today_in_paris()::text as day');
  return rows[0]?.day as string;
}

test('a keeper invited without an account signs up from the e-mail, is alerted while the animal is lost, and sees nothing after their last day', async ({
  page,
  browser,
}) => {
  const owner = await newOwner(product, 'proprio');
  const biscotte = await animalOnNewCode(product, owner, { nom: 'Biscotte', espece: 'dog', sexe: 'F' });
  const keeperEmail = `gardienne-${crypto.randomUUID()}@test.medaille.fr`;
  const lastDay = await parisToday();

  // The owner invites the keeper from the animal's page, until today.
  await signIn(page, product, owner, `/mon-compte/animal/${biscotte.animalId}`);
  const household = page.getByRole('region', { name: 'Foyer' });
  await household.getByLabel('Adresse e-mail').fill(keeperEmail);
  await household.getByRole('radio', { name: /^Gardien·ne/ }).check();
  await household.getByLabel('Dernier jour', { exact: true }).fill(lastDay);
  await household.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(toastTitle(page, `Invitation envoyée à ${keeperEmail}`)).toBeVisible();
  await expect(household.getByRole('list', { name: 'Invitations en attente' })).toContainText(keeperEmail);

  // The keeper opens the e-mail's link on their phone, creates an account, confirms it, lands on the
  // invitation again and accepts it.
  const keeper = await phoneOf(browser);
  await keeper.goto(
    await linkIn(keeperEmail, 'Invitation à rejoindre le foyer de Biscotte', '/mon-compte/invitation#'),
  );
  // The token is kept in the browser, out of the address bar, where it could be copied or shared.
  await expect(keeper).toHaveURL(`${product.url}/mon-compte/invitation`);
  await expect(keeper.getByText(`${owner.email} vous invite à veiller sur Biscotte`)).toBeVisible();
  await expectAccessible(keeper);
  await keeper.getByRole('link', { name: 'Créer mon compte' }).click();
  await expect(keeper.getByLabel('Email')).toHaveValue(keeperEmail);
  await keeper.getByLabel('Mot de passe', { exact: true }).fill('secret-garde-1');
  await keeper.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toastTitle(keeper, 'Compte créé !')).toBeVisible();
  await openEmailLink(keeper, await linkIn(keeperEmail, 'Confirmez votre inscription à Médaille', '/'));
  await expect(keeper).toHaveURL(`${product.url}/mon-compte/invitation`);
  await keeper.getByRole('button', { name: 'Accepter' }).click();
  await expect(toastTitle(keeper, 'Vous faites maintenant partie du foyer de Biscotte')).toBeVisible();
  await expect(keeper.getByRole('heading', { level: 1, name: 'Fiche de Biscotte' })).toBeVisible();
  expect(await keeper.evaluate(() => localStorage.getItem('pending_invitation'))).toBeNull();
  await expectAccessible(keeper);

  // Lost: a finder opens her page, and the keeper is told as the owner is.
  await page.getByRole('switch', { name: 'Animal perdu' }).click();
  await expect(toastTitle(page, 'Statut mis à jour')).toBeVisible();
  const finder = await phoneOf(browser);
  await finder.goto(`${product.url}/${biscotte.code}`);
  await expect(finder.getByRole('heading', { level: 1, name: 'Biscotte' })).toBeVisible();
  const alert = "Le profil de Biscotte vient d'être consulté";
  for (const email of [keeperEmail, owner.email]) {
    await expect.poll(async () => (await product.mails(email)).filter((mail) => mail.subject === alert).length).toBe(1);
  }

  // The day after the last one: the keeper's access is gone, everywhere. (The test moves the last day back one
  // day rather than the clock forward: the same comparison, in the database.)
  const { error } = await serviceClient(product)
    .from('animal_members')
    .update({ access_until: new Date(Date.parse(`${lastDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) })
    .eq('animal_id', biscotte.animalId)
    .eq('role', 'keeper');
  if (error) throw error;
  await keeper.goto(`${product.url}/mon-compte`);
  await expect(keeper.getByText('Aucun animal trouvé.')).toBeVisible();
  await keeper.goto(`${product.url}/mon-compte/animal/${biscotte.animalId}/historique`);
  await expect(toastTitle(keeper, 'Accès refusé')).toBeVisible();
  await expect(keeper).toHaveURL(`${product.url}/mon-compte`);
});

test('an animal given to another account takes its medal, photos and history along, and the former owner sees nothing', async ({
  page,
  browser,
}) => {
  const seller = await newOwner(product, 'cedant');
  const praline = await animalOnNewCode(
    product,
    seller,
    { nom: 'Praline', espece: 'cat', sexe: 'F', public_phone: '0611223344', show_public_phone: true },
    1,
  );
  const message = await serviceClient(product)
    .from('finder_messages')
    .insert({ animal_id: praline.animalId, code_id: praline.code, message: 'Vue près de la gare' });
  if (message.error) throw message.error;
  const buyer = await newOwner(product, 'acquereur');

  await signIn(page, product, seller, `/mon-compte/animal/${praline.animalId}`);
  const transfer = page.getByRole('region', { name: 'Donner Praline à un autre compte' });
  await expect(transfer.getByText("doit aussi être déclaré à l'I-CAD")).toBeVisible();
  await transfer.getByLabel('Adresse e-mail du nouveau propriétaire').fill(buyer.email);
  await transfer.getByRole('button', { name: 'Proposer Praline' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Donner Praline à ${buyer.email} ?` });
  await dialog.getByRole('button', { name: 'Proposer Praline' }).click();
  await expect(toastTitle(page, `Proposition envoyée à ${buyer.email}`)).toBeVisible();
  await expect(transfer.getByText(`Proposé à ${buyer.email}.`)).toBeVisible();
  await expectAccessible(page);

  // Until it is accepted, the finder's page still shows the seller's number.
  const finder = await phoneOf(browser);
  await finder.goto(`${product.url}/${praline.code}`);
  await expect(finder.getByText('06 11 22 33 44').first()).toBeVisible();

  const newHome = await phoneOf(browser);
  await signIn(newHome, product, buyer);
  await newHome.goto(
    await linkIn(buyer.email, 'Invitation à devenir propriétaire de Praline', '/mon-compte/invitation#'),
  );
  // Opening the link shows the offer; the button accepts it.
  await expect(newHome.getByText(`${seller.email} vous confie Praline`)).toBeVisible();
  await newHome.getByRole('button', { name: 'Accepter' }).click();
  await expect(toastTitle(newHome, 'Vous êtes maintenant propriétaire de Praline')).toBeVisible();
  await expect(newHome.getByRole('heading', { level: 1, name: 'Modifier le profil de Praline' })).toBeVisible();
  await expect(newHome.getByRole('status').filter({ hasText: "déclaré à l'I-CAD" })).toBeVisible();
  await expect(newHome.getByRole('button', { name: "Supprimer le profil de l'animal" })).toBeVisible();
  await newHome.goto(`${product.url}/mon-compte/animal/${praline.animalId}/historique`);
  await expect(newHome.getByText('Vue près de la gare')).toBeVisible();
  // The household's history says who did what, the new owner first.
  const history = newHome.getByRole('region', { name: 'Dans le foyer' });
  await expect(history.getByRole('listitem').first()).toContainText(`${buyer.email} (vous) est devenu propriétaire`);

  // The seller's account no longer has it, and the finder's page no longer shows the seller's number.
  await page.goto(`${product.url}/mon-compte`);
  await expect(page.getByText('Aucun animal trouvé.')).toBeVisible();
  const { data } = await seller.client.from('animals').select('id').eq('id', praline.animalId);
  expect(data).toEqual([]);
  await finder.goto(`${product.url}/${praline.code}`);
  await expect(finder.getByRole('heading', { level: 1, name: 'Praline' })).toBeVisible();
  await expect(finder.getByText('06 11 22 33 44')).toHaveCount(0);
  await expect(finder.getByRole('img', { name: 'Photo 1 de Praline' })).toBeVisible();
});

/** health-reminders as the morning's schedule runs it, standing for the day `asOf` (the clock moved, not waited for). */
async function remindersOf(asOf: string) {
  const response = await fetch(`${product.stack.url}/functions/v1/health-reminders`, {
    method: 'POST',
    headers: { apikey: product.stack.secretKey, 'content-type': 'application/json' },
    body: JSON.stringify({ as_of: asOf }),
  });
  expect(response.status).toBe(200);
}

test('a co-owner adds a vaccination and its certificate to the booklet, shows it on the public page then hides it, and its reminder arrives once on the day it is due', async ({
  page,
}) => {
  const owner = await newOwner(product, 'proprio');
  const mistral = await animalOnNewCode(product, owner, { nom: 'Mistral', espece: 'cat', sexe: 'M' });
  const coOwner = await newOwner(product, 'coproprio');
  const { data: invited } = await owner.client.rpc('invite_animal_member', {
    p_animal_id: mistral.animalId,
    p_email: coOwner.email,
    p_role: 'co_owner',
    p_access_until: null,
  });
  const { data: accepted } = await coOwner.client.rpc('accept_animal_invitation', { p_token: invited?.token });
  expect(accepted).toMatchObject({ success: true });
  const today = await parisToday();

  await signIn(page, product, coOwner, `/mon-compte/animal/${mistral.animalId}`);
  await page.getByRole('link', { name: 'Carnet de santé' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carnet de santé de Mistral' })).toBeVisible();
  // A cat's usual vaccine: its next date comes from its usual interval, a year.
  await page.getByLabel('Quoi').fill('Typhus');
  const due = addMonths(today, 12);
  await expect(page.getByLabel('Prochaine échéance')).toHaveValue(due);
  // Shown to whoever finds Mistral: the public page says it, and nothing of its notes.
  await page.getByLabel('Notes').fill('Lot NOTE-PRIVEE');
  await page.getByLabel("Montrer sur la page publique de Mistral, en cas d'urgence").check();
  await page.getByRole('button', { name: 'Ajouter au carnet' }).click();
  await expect(toastTitle(page, 'Typhus ajouté au carnet')).toBeVisible();
  const vaccines = page.getByRole('region', { name: 'Vaccins' });
  await expect(vaccines.getByRole('listitem')).toContainText('Typhus');
  await expect(vaccines.getByRole('listitem')).toContainText('Visible sur la page publique');
  const scanHtml = async () => (await page.request.get(`${product.url}/${mistral.code}`)).text();
  expect(await scanHtml()).toContain('Typhus, valable jusqu&#x27;au');
  expect(await scanHtml()).not.toContain('NOTE-PRIVEE');
  await vaccines.getByRole('button', { name: 'Ne plus montrer sur la page publique : Typhus' }).click();
  await expect(toastTitle(page, "Typhus n'est plus visible sur la page publique")).toBeVisible();
  expect(await scanHtml()).not.toContain('Typhus');
  // Its certificate, stored privately and opened through a signed address made on the click.
  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByLabel('Fichier').setInputFiles({
    name: 'certificat.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% certificat de vaccination\n'),
  });
  await documents.getByLabel('Titre').fill('Certificat de vaccination');
  await documents.getByRole('button', { name: 'Ajouter le document' }).click();
  await expect(toastTitle(page, 'Certificat de vaccination ajouté au carnet')).toBeVisible();
  const opened = page.waitForEvent('popup');
  await documents.getByRole('button', { name: 'Ouvrir' }).click();
  const certificate = await opened;
  await certificate.waitForURL(/\/storage\/v1\/object\/sign\/health-documents\/.+\.pdf\?token=/);
  await certificate.close();
  await expectAccessible(page);

  // Printed for the vet: the booklet on A4, its records and documents, none of the page's buttons or forms.
  await page.getByRole('link', { name: 'Imprimer le carnet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carnet de santé de Mistral' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Certificat de vaccination');
  const pdf = mupdf.Document.openDocument(await page.pdf({ format: 'A4' }), 'application/pdf');
  const printed = pdf.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
  expect(printed).toContain('Carnet de santé de Mistral');
  expect(printed).toContain('Typhus');
  expect(printed).toContain('Certificat de vaccination');
  expect(printed).not.toContain('Imprimer');
  expect(printed).not.toContain('Ajouter');

  // A year later, the morning of its due day: one e-mail to each member who kept reminders, and one only.
  const subject = "Rappel : Typhus de Mistral aujourd'hui";
  const reminders = async (email: string) =>
    (await product.mails(email)).filter((mail) => mail.subject === subject).length;
  await remindersOf(due);
  await expect.poll(() => reminders(coOwner.email)).toBe(1);
  await expect.poll(() => reminders(owner.email)).toBe(1);
  await remindersOf(due);
  expect(await reminders(coOwner.email)).toBe(1);
  const [mail] = (await product.mails(coOwner.email)).filter((each) => each.subject === subject);
  expect(mail?.links.some((href) => new URL(href).pathname === `/mon-compte/animal/${mistral.animalId}/carnet`)).toBe(
    true,
  );
});
