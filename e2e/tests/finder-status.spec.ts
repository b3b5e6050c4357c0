// What a finder says they are doing, with their message: 'I saw it here' with their position (a phone in English,
// with JavaScript), 'Je l'ai déposé chez un vétérinaire / à la mairie' with the place (a page without JavaScript).
// The household reads it first in the inbox, with the point on the map and a way to answer in its conversation;
// marking the animal found tells the finder, on their link and by e-mail, and the owner says how it went.
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, serviceClient } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

test.use(PHONE);

test('a finder in English says they saw the animal here, with their position; the inbox shows it first, on the map, and leads to its conversation', async ({
  browser,
  page,
}) => {
  const owner = await newOwner(product, 'vu-ici');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M', is_lost: true });

  const finderEmail = `seen-${crypto.randomUUID()}@example.org`;
  const english = await browser.newContext({
    ...PHONE,
    locale: 'en-GB',
    geolocation: { latitude: 45.764, longitude: 4.8357, accuracy: 20 },
    permissions: ['geolocation'],
  });
  const scan = await english.newPage();
  await scan.goto(`${product.url}/${rex.code}`);
  await scan.getByRole('button', { name: 'Send a message' }).click();
  const dialog = scan.getByRole('dialog', { name: 'Write to Rex’s owner' });
  await dialog.getByRole('radio', { name: 'I saw it here' }).check();
  await dialog.getByRole('checkbox', { name: 'Add my location: only the owner will get it' }).check();
  await dialog.getByLabel('Your email, to be told of their answers (optional)').fill(finderEmail);
  await dialog.getByRole('button', { name: 'Send' }).click();
  const followUp = scan.getByRole('dialog', { name: 'Follow the conversation' });
  await followUp.getByRole('link', { name: 'Open the conversation' }).click();
  const own = scan.getByRole('list').getByRole('listitem').first();
  await expect(own).toContainText('I saw it here · Location sent');
  await expect(own).not.toContainText('45.764');
  const conversationUrl = scan.url();
  // The finder asks, on the page of the link e-mailed to them, to be told by e-mail.
  await expect.poll(async () => (await product.mails(finderEmail)).length).toBe(1);
  const [linkMail] = await product.mails(finderEmail);
  await scan.goto(linkMail?.links.find((link) => /\/conversation\//.test(link)) as string);
  await scan.getByRole('button', { name: 'Tell me by e-mail' }).click();
  await expect(scan.getByText('You will get an e-mail when the owner answers you.')).toBeVisible();

  // The household is told at once, the point on the map in the e-mail.
  const mail = await product.lastMail(owner.email);
  expect(mail.subject).toBe("Quelqu'un a vu Rex");
  expect(mail.html).toContain('mlat=45.764&amp;mlon=4.8357');

  await signIn(page, product, owner, `/mon-compte/animal/${rex.animalId}/historique`);
  const news = page.getByRole('region', { name: 'Dernières nouvelles de Rex' });
  await expect(news).toContainText("« Je l'ai vu ici »");
  await expect(news.getByRole('link', { name: "Voir l'endroit sur la carte" })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=17/45.764/4.8357',
  );
  // First on the page: before the conversations and the messages.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Dernières nouvelles de Rex');
  await news.getByRole('link', { name: 'Répondre dans sa conversation' }).click();
  const thread = page.getByRole('region', { name: 'Conversations', exact: true }).getByRole('article');
  await expect(thread).toBeInViewport();
  await expect(thread).toContainText("« Je l'ai vu ici »");
  await expectAccessible(page);

  // Rex is home: the owner marks him found and says how; the finder reads it on their link, and by e-mail.
  await page.getByRole('link', { name: 'Modifier la fiche' }).click();
  await page.getByRole('switch', { name: 'Animal perdu' }).click();
  const question = page.getByRole('group', { name: "Rex est rentré ! Comment l'avez-vous retrouvé ?" });
  await question.getByRole('button', { name: 'Par une conversation sur Médaille' }).click();
  await expect(toastTitle(page, 'Merci pour votre réponse')).toBeVisible();
  await expect(question).toHaveCount(0);
  const { data: reunions } = await owner.client.from('reunions').select('channel').eq('animal_id', rex.animalId);
  expect(reunions).toEqual([{ channel: 'conversation' }]);
  await scan.goto(conversationUrl);
  await expect(scan.getByRole('list').getByRole('listitem').last()).toContainText('Rex is back home. Thank you!');
  await english.close();
  // deliver-outbox's next run, as pg_cron or the stack's timer makes it every minute.
  expect((await serviceClient(product).functions.invoke('deliver-outbox')).error).toBeNull();
  const [home, ...more] = (await product.mails(finderEmail)).filter(
    (mail) => mail.subject === 'Good news: the animal is back home',
  );
  expect(more).toEqual([]);
  expect(home?.text).toContain('Rex is back home. Thank you!');
});

test('without JavaScript, a finder says where they left the animal; the place is asked again when missing, and reaches the inbox', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'depose');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M', is_lost: true });
  const plain = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`${product.url}/${rex.code}`);
  await page.getByText('Envoyer un message', { exact: true }).click();
  const left = page.getByRole('radio', { name: "Je l'ai déposé chez un vétérinaire / à la mairie" });
  await left.check();
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText("Indiquez où vous l'avez déposé.")).toBeVisible();
  await expect(left).toBeChecked();

  await page.getByLabel('Où ? (nom et adresse du lieu)').fill('Clinique vétérinaire du Parc, Lyon 6e');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Message transmis au propriétaire')).toBeVisible();
  const mail = await product.lastMail(owner.email);

  // A place typed with another choice is kept, as a line of the message.
  await page.goto(`${product.url}/${rex.code}`);
  await page.getByText('Envoyer un message', { exact: true }).click();
  await page.getByRole('radio', { name: "Je l'ai vu ici" }).check();
  await page.getByLabel('Où ? (nom et adresse du lieu)').fill("Parc de la Tête d'Or");
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Message transmis au propriétaire')).toBeVisible();
  await plain.close();

  expect(mail.subject).toBe("Quelqu'un a déposé Rex");
  expect(mail.text).toContain('Lieu : Clinique vétérinaire du Parc, Lyon 6e');
  const { data } = await owner.client
    .from('finder_messages')
    .select('message, finder_status, status_place')
    .eq('animal_id', rex.animalId)
    .order('created_at');
  expect(data).toEqual([
    { message: null, finder_status: 'dropped_off', status_place: 'Clinique vétérinaire du Parc, Lyon 6e' },
    { message: "Lieu : Parc de la Tête d'Or", finder_status: 'seen_here', status_place: null },
  ]);
});
