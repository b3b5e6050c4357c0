// A finder who left their address stops every e-mail from Médaille from the link at the foot of the e-mail, on
// a phone without JavaScript: the site's page in the e-mail's language, whose button stops them for good.
import { animalOnNewCode, finderCall, newOwner } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

test('a finder in English stops every e-mail from the link of their e-mail, without JavaScript', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'stop-mail');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M' });
  const luna = await animalOnNewCode(product, owner, { nom: 'Luna', sexe: 'F' });
  const finderEmail = `trouveur-${crypto.randomUUID()}@example.org`;
  const write = async (code: string) => {
    const sent = await finderCall(product, 'post_finder_message', {
      code,
      message: 'I found your pet by the river',
      email: finderEmail,
      language: 'en',
    });
    expect(sent.status).toBe(200);
  };

  await write(rex.code);
  await expect.poll(async () => (await product.mails(finderEmail)).length).toBe(1);
  const [mail] = await product.mails(finderEmail);
  const stopLink = mail?.links.find((link) => new URL(link).pathname.startsWith('/e-mails/')) as string;
  expect(new URL(stopLink).searchParams.get('lang')).toBe('en');

  const scriptless = await browser.newContext({ ...PHONE, javaScriptEnabled: false, locale: 'fr-FR' });
  const page = await scriptless.newPage();
  const response = await page.goto(stopLink);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Stop e-mails from Médaille' })).toBeVisible();
  await expect(page.getByText('You received an e-mail from Médaille because this address')).toBeVisible();
  await page.getByRole('button', { name: 'Stop e-mails' }).click();
  await expect(page.getByText("Done: you won't receive any more e-mails from Médaille at this address.")).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
  expect(page.url()).toBe(stopLink);
  await scriptless.close();

  // A new message to another animal: stored, and nothing more e-mailed to them. Another finder's message after
  // it, e-mailed as usual, says the e-mails of that moment have gone.
  await write(luna.code);
  const otherFinder = `autre-${crypto.randomUUID()}@example.org`;
  const control = await finderCall(product, 'post_finder_message', {
    code: luna.code,
    message: 'Seen near the station',
    email: otherFinder,
    language: 'en',
  });
  expect(control.status).toBe(200);
  await expect.poll(async () => (await product.mails(otherFinder)).length).toBe(1);
  expect(await product.mails(finderEmail)).toHaveLength(1);
});
