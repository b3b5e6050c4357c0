// A finder's conversation with the household (docs/decisions/0017-finder-owner-conversation.md): the finder's message
// opens it with a private link (answered at once, e-mailed in their language); the owner answers from the animal's
// inbox on a phone; the finder reads the answer through their link and is told by e-mail without its words; the owner
// blocks the link.
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, finderCall, newOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { readmeScreenshot } from '../support/readme-screenshots.ts';
import { expect, product, test } from '../support/test.ts';

test.use(PHONE);

test('the owner answers a finder from the inbox on a phone, the finder reads it through their link, then the owner blocks it', async ({
  page,
}) => {
  const owner = await newOwner(product, 'conversation');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M', is_lost: true });
  const finderEmail = `trouveur-${crypto.randomUUID()}@example.org`;

  const sent = await finderCall(product, 'post_finder_message', {
    code: rex.code,
    message: 'I found your dog by the river',
    email: finderEmail,
    language: 'en',
  });
  expect(sent.status).toBe(200);
  const token = /\/conversation\/([0-9a-f]{64})$/.exec(sent.body.conversation_url)?.[1] as string;
  expect(token).toBeTruthy();
  await expect
    .poll(async () => (await product.mails(finderEmail)).map((mail) => mail.subject))
    .toEqual(['Your conversation on Médaille']);
  // On the page of the link e-mailed to them (a token of its own), the finder asks to be told of answers.
  const [linkMail] = await product.mails(finderEmail);
  const mailed = linkMail?.links.map((link) => /\/conversation\/([0-9a-f]{64})$/.exec(link)?.[1]).find(Boolean);
  expect((await finderCall(product, 'conversation', { token: mailed, mail: 'on' })).status).toBe(200);

  await signIn(page, product, owner, `/mon-compte/animal/${rex.animalId}/historique`);
  const conversations = page.getByRole('region', { name: 'Conversations', exact: true });
  const thread = conversations.getByRole('article');
  await expect(thread).toContainText('La personne qui a trouvé Rex');
  await expect(thread).toContainText('I found your dog by the river');
  await thread.getByLabel('Votre réponse').fill('Merci ! Je viens le chercher ce soir.');
  await thread.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(toastTitle(page, 'Réponse envoyée')).toBeVisible();
  await expect(thread.getByRole('listitem').last()).toContainText(`${owner.email} (vous)`);
  await expect(thread.getByRole('listitem').last()).toContainText('Je viens le chercher ce soir.');
  await expectAccessible(page);

  // The finder is told in English, without the answer's words, and reads it through their link.
  await expect
    .poll(async () => (await product.mails(finderEmail)).map((mail) => mail.subject))
    .toContain('New answer in your conversation on Médaille');
  const [told] = (await product.mails(finderEmail)).filter(
    (mail) => mail.subject === 'New answer in your conversation on Médaille',
  );
  expect(told?.text).not.toContain('ce soir');
  const read = await finderCall(product, 'conversation', { token });
  expect(read.status).toBe(200);
  expect(read.body.messages.map((line: { from: string; text: string }) => [line.from, line.text])).toEqual([
    ['finder', 'I found your dog by the river'],
    ['household', 'Merci ! Je viens le chercher ce soir.'],
  ]);
  expect(JSON.stringify(read.body)).not.toContain(owner.email);

  // Blocked: the link opens nothing more, and the inbox says so.
  await thread.getByRole('button', { name: 'Bloquer cet interlocuteur' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Bloquer cet interlocuteur' }).click();
  await expect(toastTitle(page, 'Interlocuteur bloqué')).toBeVisible();
  await expect(thread).toContainText('Vous avez bloqué cet interlocuteur : la conversation est close.');
  await expect(thread.getByLabel('Votre réponse')).toHaveCount(0);
  expect(await finderCall(product, 'conversation', { token })).toMatchObject({
    status: 410,
    body: { code: 'conversation_blocked' },
  });
});

test('a finder in English writes from the scan page and gets their link; their page reads and writes without JavaScript, shows an answer while open, and says when the link is closed', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'conversation-page');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M', is_lost: true });
  const finderEmail = `finder-${crypto.randomUUID()}@example.org`;

  // A finder on a phone in English writes from the scan page, with their address, and gets the link at once.
  const english = await browser.newContext({ ...PHONE, locale: 'en-GB' });
  const scan = await english.newPage();
  await scan.goto(`${product.url}/${rex.code}`);
  await scan.getByRole('button', { name: 'Send a message' }).click();
  const dialog = scan.getByRole('dialog', { name: 'Write to Rex’s owner' });
  await dialog.getByLabel('Your message').fill('I found your dog by the river');
  await dialog.getByLabel('Your email, to be told of their answers (optional)').fill(finderEmail);
  await dialog.getByRole('button', { name: 'Send' }).click();
  const followUp = scan.getByRole('dialog', { name: 'Follow the conversation' });
  const path = (await followUp.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')) as string;
  expect(path).toMatch(/^\/conversation\/[0-9a-f]{64}$/);
  await expect
    .poll(async () => (await product.mails(finderEmail)).map((mail) => mail.subject))
    .toEqual(['Your conversation on Médaille']);
  await followUp.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(scan.getByRole('heading', { level: 1, name: 'Conversation about Rex' })).toBeVisible();
  await english.close();

  const { data: conversation } = await owner.client
    .from('conversations')
    .select('id')
    .eq('animal_id', rex.animalId)
    .single();
  const answer = (body: string) =>
    owner.client.functions.invoke('answer-conversation', { body: { conversation_id: conversation?.id, body } });
  expect((await answer('Thank you! I am coming.')).error).toBeNull();

  // Without JavaScript: the whole conversation in the HTML, in English, and forms that work.
  const scriptless = await browser.newContext({ ...PHONE, javaScriptEnabled: false, locale: 'fr-FR' });
  const page = await scriptless.newPage();
  const response = await page.goto(`${product.url}${path}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation about Rex' })).toBeVisible();
  const lines = page.getByRole('list');
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines.getByRole('listitem').first()).toContainText('You');
  await expect(lines.getByRole('listitem').last()).toContainText('The owner');
  await expect(lines.getByRole('listitem').last()).toContainText('Thank you! I am coming.');
  expect(await page.content()).not.toContain(owner.email);
  await readmeScreenshot(page, 'conversation');

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Write a message or tell the owner how to reach you.');
  await page.getByLabel('Your message', { exact: true }).fill('I am waiting at the bridge');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(`${product.url}${path}`);
  await expect(lines.getByRole('listitem')).toHaveCount(3);
  await expect(lines.getByRole('listitem').last()).toContainText('I am waiting at the bridge');
  await lines
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Delete your message of / })
    .click();
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines).not.toContainText('I found your dog by the river');

  // The link e-mailed to the finder: opening it asks for nothing; its button asks for the owner's answers.
  const [linkMail] = await product.mails(finderEmail);
  const mailedLink = linkMail?.links.find((link) => /\/conversation\/[0-9a-f]{64}$/.test(link)) as string;
  expect(new URL(mailedLink).pathname).not.toBe(path);
  await page.goto(mailedLink);
  await expect(page.getByText('Would you like an e-mail when the owner answers you?')).toBeVisible();
  expect((await answer('Are you still there?')).error).toBeNull();
  await page.getByRole('button', { name: 'Tell me by e-mail' }).click();
  await expect(page.getByText('You will get an e-mail when the owner answers you.')).toBeVisible();
  expect((await product.mails(finderEmail)).map((mail) => mail.subject)).toEqual(['Your conversation on Médaille']);
  expect((await answer('I am leaving now.')).error).toBeNull();
  await expect
    .poll(async () => (await product.mails(finderEmail)).map((mail) => mail.subject))
    .toContain('New answer in your conversation on Médaille');
  await scriptless.close();

  // With JavaScript: the owner's next answer appears on the open page, what is typed stays.
  const live = await browser.newContext(PHONE);
  const open = await live.newPage();
  await open.goto(`${product.url}${path}`);
  await expectAccessible(open);
  await open.getByLabel('Your message', { exact: true }).fill('Still here');
  expect((await answer('I am at the bridge now.')).error).toBeNull();
  await expect(open.getByRole('list')).toContainText('I am at the bridge now.', { timeout: 15_000 });
  await expect(open.getByLabel('Your message', { exact: true })).toHaveValue('Still here');

  // Blocked: said in the conversation's language; an unknown link, in the browser's (French here).
  await owner.client.rpc('block_conversation', { p_conversation_id: conversation?.id });
  const closed = await open.goto(`${product.url}${path}`);
  expect(closed?.status()).toBe(410);
  await expect(open.getByRole('alert')).toHaveText('The owner has closed this conversation.');
  const unknown = await open.goto(`${product.url}/conversation/${'0'.repeat(64)}`);
  expect(unknown?.status()).toBe(404);
  await expect(open.getByRole('alert')).toHaveText(
    "Ce lien n'est pas, ou plus, valable. Vérifiez qu'il est complet : un lien coupé ne s'ouvre pas.",
  );
  await live.close();
});
