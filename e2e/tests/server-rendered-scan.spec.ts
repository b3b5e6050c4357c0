// docs/decisions/0012-scan-page-server-rendered.md: the scan page arrives as HTML with the animal in it,
// rendered by the scan remote's server entry in the shell's host; the essentials work without JavaScript; with it, the
// scan remote hydrates the page; a redeployed scan remote is rendered within seconds; and when the profile call fails
// the host answers today's client-rendered page.

import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';
import {
  changedScanRemote,
  redeployScan,
  SCAN_CHANGE,
  SCAN_REMOTE,
  untilHostRenders,
} from '../support/scan-deployment.ts';
import { expect, test } from '../support/test.ts';

test.use(PHONE);

let product: TestProduct;
let owner: TestOwner;
let rex: string;
// The same animal on its own medal for the form's journey, which uses up the hour's messages of this finder.
let formRex: string;

// Owner text that would end the inlined JSON's script tag or start an HTML comment if it were not escaped,
// and a line separator that older JavaScript parsers took for the end of a line.
const IMPORTANT_INFO = 'Sourd </script><!-- de naissance\u2028vraiment';
const rexFacts = {
  nom: 'Rex',
  espece: 'dog',
  race: 'Beagle',
  annee_naissance: new Date().getFullYear() - 3,
  sexe: 'M',
  sterilise: true,
  informations_importantes: IMPORTANT_INFO,
  is_lost: true,
  public_phone: '0612345678',
  show_public_phone: true,
  public_email: 'visible@example.fr',
  show_public_email: true,
  public_address_line: '3 rue des Lilas',
  public_city: 'Lyon',
  show_public_address: false,
  // A second contact: its phone shown, its e-mail hidden.
  second_contact_name: 'Marie',
  second_contact_phone: '0711223344',
  show_second_contact_phone: true,
  second_contact_email: 'cache-marie@example.fr',
  show_second_contact_email: false,
};
// The health booklet: what the owner shows a finder, and what never leaves it (a note, a visit, a weight, a
// record not shown, one shown but past).
const NEXT_YEAR = `${new Date().getFullYear() + 1}-03-12`;
const BOOKLET = [
  {
    kind: 'treatment',
    label: 'Insuline matin et soir',
    given_on: '2025-10-02',
    shown_to_finder: true,
    notes: 'Lot CARNET-NOTE',
  },
  { kind: 'vaccination', label: 'Rage', given_on: '2025-03-12', next_due_on: NEXT_YEAR, shown_to_finder: true },
  { kind: 'vaccination', label: 'Leishmaniose CARNET-CACHE', given_on: '2025-03-12', next_due_on: NEXT_YEAR },
  {
    kind: 'treatment',
    label: 'Vermifuge CARNET-PASSE',
    given_on: '2025-01-02',
    next_due_on: '2025-04-02',
    shown_to_finder: true,
  },
  { kind: 'visit', label: 'Visite CARNET-VISITE', given_on: '2025-06-01' },
  // A weight no timestamp's seconds can write (the page carries its render time: '…T21:32:31.460Z' held '31.4'),
  // looked for as a value (':87.3' in the data, '87,3' in French words), not as a chunk's file name could hold it.
  { kind: 'weight', label: 'Pesée CARNET-PESEE', given_on: '2025-06-01', weight_kg: 87.3 },
];
const HIDDEN = ['3 rue des Lilas', 'cache-marie@example.fr', 'CARNET-', ':87.3', '87,3'];

test.beforeAll(async () => {
  // Time is the bench's business (docs/budgets.md); startProduct gives the host a budget that a busy machine
  // does not pass, so the fallback comes here only from the failing profile call below.
  product = await startProduct();
  owner = await newOwner(product, 'server-rendered');
  const shown = await animalOnNewCode(product, owner, rexFacts, 3);
  rex = shown.code;
  const { error } = await owner.client.from('health_records').insert(
    BOOKLET.map((record) => ({
      animal_id: shown.animalId,
      next_due_on: null,
      weight_kg: null,
      notes: null,
      shown_to_finder: false,
      ...record,
    })),
  );
  if (error) throw error;
  formRex = (await animalOnNewCode(product, owner, rexFacts, 1)).code;
});
test.afterAll(async () => {
  await product?.close();
});

const scanUrl = (code: string) => `${product.url}/${code}`;

/** The console's errors and warnings (React's hydration mismatches among them) and uncaught errors. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** The requests the browser itself makes for a profile (the host's own call is not the browser's). */
function watchProfileRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/functions/v1/get_public_profile')) seen.push(request.url());
  });
  return seen;
}

async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test('the name, the lost banner and the visible contacts are in the HTML response itself, the hidden ones nowhere', async ({
  request,
  browser,
}) => {
  const response = await request.get(scanUrl(rex), { headers: { 'accept-language': 'fr-FR' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const html = await response.text();
  for (const shown of [
    '>Rex<',
    'Animal signalé comme perdu',
    'href="tel:+33612345678"',
    'href="mailto:visible@example.fr?subject=',
    'Autre contact : Marie',
    'href="tel:+33711223344"',
    'Insuline matin et soir, depuis le 2 octobre 2025',
    `Rage, valable jusqu&#x27;au 12 mars ${new Date().getFullYear() + 1}`,
  ]) {
    expect(html).toContain(shown);
  }
  // Neither in the markup nor in the profile inlined for hydration.
  for (const hidden of HIDDEN) expect(html).not.toContain(hidden);
  // The owner's text cannot end the data's script tag early.
  expect(html).not.toContain('</script><!--');

  // The same bytes, read by a browser that runs no script: the page's heading, banner and contact links.
  const { context, page } = await withoutJavaScript(browser);
  await page.setContent(html);
  const served = page.locator('#scan-page');
  await expect(served.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
  await expect(served.getByRole('alert').filter({ hasText: 'Animal signalé comme perdu' })).toBeVisible();
  const contact = served.getByRole('region', { name: 'CONTACT' });
  await expect(contact.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
  await expect(contact.getByRole('heading', { name: 'Autre contact : Marie' })).toBeVisible();
  await expect(contact.getByRole('link', { name: '07 11 22 33 44' })).toHaveAttribute('href', 'tel:+33711223344');
  // What the owner shows of the booklet, in the important information.
  await expect(served.getByText('Traitements en cours', { exact: true })).toBeVisible();
  await expect(served.getByText('Vaccins à jour', { exact: true })).toBeVisible();
  // An e-mail to the owner starts written, as an SMS does: a subject and the page's address.
  const mail = new URL((await contact.getByRole('link', { name: 'visible@example.fr' }).getAttribute('href')) ?? '');
  expect(`${mail.protocol}${mail.pathname}`).toBe('mailto:visible@example.fr');
  expect(mail.searchParams.get('subject')).toBe("J'ai trouvé Rex");
  expect(mail.searchParams.get('body')).toMatch(
    new RegExp(`^Bonjour, j'ai trouvé Rex et j'ai scanné sa médaille : http://[^ ]+/${rex}$`),
  );
  // The hydration data is the profile, whole: the owner's text as written.
  const data = JSON.parse((await page.locator('script#medaille-scan-data').textContent()) ?? 'null');
  expect(data.code).toBe(rex);
  expect(JSON.stringify(data.answer)).toContain(JSON.stringify(IMPORTANT_INFO).slice(1, -1));
  await context.close();
});

test('without JavaScript the page shows the animal, the message form sends, and a refusal keeps the typed text', async ({
  browser,
  request,
}) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto(scanUrl(formRex));
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Animal signalé comme perdu' })).toBeVisible();
  await expect(page.getByText('Sourd </script><!-- de naissance')).toBeVisible();
  const contact = page.getByRole('region', { name: 'CONTACT' });
  await expect(contact.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
  await expect(page.getByRole('img', { name: 'Photo 1 de Rex' })).toBeVisible();

  // The message to the owner: a plain HTML form that the host forwards to post_finder_message.
  await page.getByText('Envoyer un message', { exact: true }).click();
  // The owner's e-mail is on the page: the form does not pretend to hide it.
  await expect(page.getByText('Votre message lui sera transmis par e-mail.', { exact: true })).toBeVisible();
  await page.getByLabel('Votre message').fill('Il est avec moi, sans JavaScript.');
  await page.getByLabel(/Comment vous joindre/).fill('07 00 00 00 01');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Message transmis au propriétaire')).toBeVisible();
  const mail = await product.lastMail(owner.email);
  expect(mail.subject).toBe('Message au sujet de Rex');
  expect(mail.text).toContain('Il est avec moi, sans JavaScript.');

  // More from the same finder (the same address, through the same host) use up the hour's 60 for this medal
  // (MESSAGE_RATE_LIMIT_PER_HOUR: many finders may share an address)...
  for (let sent = 2; sent <= 60; sent += 1) {
    const answer = await request.post(scanUrl(formRex), {
      form: { message: `Message ${sent}`, contact: '', website: '' },
    });
    expect(answer.status()).toBe(200);
  }
  // ...and the next is refused in French, with what the finder typed still there to send later.
  await page.goto(scanUrl(formRex));
  await page.getByText('Envoyer un message', { exact: true }).click();
  await page.getByLabel('Votre message').fill('Toujours là, rue Mercière.');
  await page.getByLabel(/Comment vous joindre/).fill('07 00 00 00 02');
  // Sent this time by Enter in the last field (a phone keyboard's 'Go'): the form's default button is 'Envoyer'.
  const refusal = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByLabel(/Comment vous joindre/).press('Enter');
  expect((await refusal).status()).toBe(429);
  await expect(
    page.getByText('Vous avez déjà envoyé plusieurs messages pour cet animal. Réessayez dans une heure.'),
  ).toBeVisible();
  await expect(page.getByLabel('Votre message')).toHaveValue('Toujours là, rue Mercière.');
  await expect(page.getByLabel(/Comment vous joindre/)).toHaveValue('07 00 00 00 02');
  await context.close();
});

test('with JavaScript the page hydrates without a console error or a second profile request, and its dialog, carousel and lightbox work', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const profileRequests = watchProfileRequests(page);
  // The styles are in the page, under the names the chunk loaders look for: none is downloaded again.
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  // The heading as the server sent it, kept to tell a hydrated page (the same element) from one rendered again.
  await page.addInitScript(`new MutationObserver(function () {
    if (!window.__serverHeading) window.__serverHeading = document.querySelector('#scan-page h1');
  }).observe(document, { childList: true, subtree: true });`);
  await page.goto(scanUrl(rex));

  await page.getByRole('button', { name: 'Envoyer un message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' });
  // As wide as the phone allows, no wider: nothing cut off at its right.
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectAccessible(page, 'dialog[open]');
  await dialog.getByLabel('Votre message').fill('Il est avec moi, place Bellecour.');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.locator('.md-toast-title', { hasText: 'Message transmis au propriétaire' })).toBeVisible();
  // The dialog now gives the finder the link to their conversation; 'Fermer' goes back to the page.
  const followUp = page.getByRole('dialog', { name: 'Suivez la conversation' });
  await expect(followUp.getByRole('link', { name: 'Ouvrir la conversation' })).toHaveAttribute(
    'href',
    /^\/conversation\/[0-9a-f]{64}$/,
  );
  await followUp.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  expect((await product.lastMail(owner.email)).text).toContain('Il est avec moi, place Bellecour.');

  const carousel = page.getByRole('region', { name: 'Photos de Rex' });
  await carousel.getByRole('button', { name: 'Photo suivante' }).click();
  await expect(carousel.getByRole('img', { name: 'Photo 2 de Rex' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Photo précédente' }).click();
  await carousel.getByRole('button', { name: 'Photo précédente' }).click();
  await expect(carousel.getByRole('img', { name: 'Photo 3 de Rex' })).toBeVisible();

  await page.getByRole('button', { name: /Agrandir la photo : Photo 3 de Rex/ }).click();
  const lightbox = page.getByRole('dialog', { name: 'Photos de Rex en plein écran' });
  await expect(lightbox.getByRole('img', { name: 'Photo 3 de Rex' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByRole('img', { name: 'Photo 1 de Rex' })).toBeVisible();
  await expectAccessible(page, 'dialog[open]');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  await expect(page.getByText('Sourd </script><!-- de naissance')).toBeVisible();
  expect(
    await page.evaluate(() => {
      const served = (window as unknown as { __serverHeading: Element | null }).__serverHeading;
      return served !== null && served === document.querySelector('#scan-page h1');
    }),
  ).toBe(true);
  expect(profileRequests).toEqual([]);
  expect(stylesheets).toEqual([]);
  expect(problems).toEqual([]);
});

/** Holds back the requests `pattern` matches until `release()`: a page's scripts on a slow link. */
async function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { served: false, release };
  await page.route(pattern, async (route) => {
    await held;
    state.served = true;
    await route.continue();
  });
  return state;
}

const SHELL_ENTRY = /\/static\/js\/index\.[0-9a-f]+\.js$/;
const MESSAGE_DIALOG_CODE = /\/message-dialog\.[0-9a-f]+\.js$/;

test('before the JavaScript has arrived, the message button opens the form as a modal dialog, fetches the page’s dialog at once, and the page’s dialog takes over once it is here', async ({
  page,
}) => {
  const problems = watchConsole(page);
  // The shell's entry held back: the page stays the server's, without JavaScript, until it is let through.
  const entry = await holdRequests(page, SHELL_ENTRY);
  const dialogCode = page.waitForRequest((request) => MESSAGE_DIALOG_CODE.test(new URL(request.url()).pathname));
  const dialogWords = page.waitForRequest((request) =>
    /\/dialogs-fr\.[0-9a-f]+\.js$/.test(new URL(request.url()).pathname),
  );
  const dialogChunk = await holdRequests(page, MESSAGE_DIALOG_CODE);
  // Not 'domcontentloaded': that waits for the deferred entry held here.
  await page.goto(scanUrl(rex), { waitUntil: 'commit' });

  // The server's form opens as a modal dialog (its own inline script), and the page's dialog's code and
  // words are asked for right then.
  const form = page.locator('details.scan-scriptless:has(> dialog)');
  const summary = form.locator('> summary');
  const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' });
  const isModal = () => dialog.evaluate((element) => element.matches(':modal'));
  await summary.click();
  await expect(dialog).toBeVisible();
  expect(await isModal()).toBe(true);
  await Promise.all([dialogCode, dialogWords]);
  // 'Annuler' closes it without sending; Escape too.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(form).not.toHaveAttribute('open');
  await summary.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await summary.click();
  await expect(dialog).toBeVisible();
  expect(entry.served).toBe(false);

  // The JavaScript is here, the page's dialog's code not yet: the server's dialog stays open meanwhile.
  entry.release();
  await expect(page.locator('button', { hasText: 'Partager ma position' })).toBeVisible();
  expect(await isModal()).toBe(true);
  await expect(dialog.getByLabel('Votre message')).toBeVisible();
  expect(dialogChunk.served).toBe(false);

  // Once it is here, the page's own dialog takes its place: the same, with the photo.
  dialogChunk.release();
  await expect(dialog.getByLabel('Photo de l’animal (facultatif)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Envoyer' })).toBeVisible();
  await expect(page.locator('details.scan-scriptless')).toHaveCount(0);
  // Closed, it gives focus back to the button that took the form's place, not to the page's top.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Envoyer un message' })).toBeFocused();
  expect(problems).toEqual([]);
});

test('what the finder typed before the JavaScript arrived stays in the server’s form, whose dialog still opens and closes once the page is hydrated', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const entry = await holdRequests(page, SHELL_ENTRY);
  await page.goto(scanUrl(rex), { waitUntil: 'commit' });
  const form = page.locator('details.scan-scriptless:has(> dialog)');
  const dialog = page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' });
  await form.locator('> summary').click();
  await dialog.getByLabel('Votre message').fill('Il est au café, place des Terreaux.');
  // Closed to look at the page again, before the page is hydrated.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  entry.release();
  await expect(page.locator('button', { hasText: 'Partager ma position' })).toBeVisible();
  // Hydrated: the message button is still the server's form, with the text in it.
  await form.locator('> summary').click();
  await expect(dialog.getByLabel('Votre message')).toHaveValue('Il est au café, place des Terreaux.');
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  // 'Annuler' still closes it: React does not keep the click from it.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(form).not.toHaveAttribute('open');
  // And it sends, through the host, as without JavaScript.
  await form.locator('> summary').click();
  await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Message transmis au propriétaire')).toBeVisible();
  await expect
    .poll(async () => (await product.lastMail(owner.email)).text)
    .toContain('Il est au café, place des Terreaux.');
  expect(problems).toEqual([]);
});

test('a scan remote rebuilt under the running host serves its new HTML within seconds, without a restart', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const rebuilt = await changedScanRemote();
  try {
    const before = await (await request.get(scanUrl(rex))).text();
    expect(before).toContain(SCAN_CHANGE.text);

    await redeployScan(product, rebuilt);
    await untilHostRenders(product, rex, (html) => html.includes(SCAN_CHANGE.replacement));
    const after = await (await request.get(scanUrl(rex))).text();
    expect(after).toContain(SCAN_CHANGE.replacement);
    expect(after).not.toContain(SCAN_CHANGE.text);

    // The browser hydrates that HTML with the new build's code, as one page.
    const problems = watchConsole(page);
    await page.goto(scanUrl(rex));
    await expect(page.getByText(SCAN_CHANGE.replacement)).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    await expect(page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await redeployScan(product, join(SCAN_REMOTE, 'dist'));
    await untilHostRenders(product, rex, (html) => html.includes(SCAN_CHANGE.text));
  }
});

test('when the profile call fails for a medal the host never rendered, it answers today’s client-rendered page, which shows the animal', async ({
  page,
}) => {
  // A medal whose page the host never rendered, so that it keeps no copy to serve instead.
  const unseen = (await animalOnNewCode(product, owner, rexFacts, 1)).code;
  // The profile function fails (the database refuses it the SQL function it calls) while the host asks...
  const profileFunction = (works: boolean) =>
    product.stack.db.exec(
      `${works ? 'grant' : 'revoke'} execute on function public.public_profile_for_client(text, text, integer, integer) ${works ? 'to' : 'from'} service_role`,
    );
  await profileFunction(false);
  try {
    const { anonKey } = product.stack;
    const refused = await fetch(`${product.stack.url}/functions/v1/get_public_profile`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      body: JSON.stringify({ code: unseen }),
    });
    expect(refused.ok).toBe(false);
    const response = await fetch(scanUrl(unseen));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('id="medaille-scan-data"');
    expect(html).not.toContain('Animal signalé comme perdu');
    expect(html).toContain('<div id="root"></div>');

    // ...and works again by the time the browser, given the client-rendered page, asks on its own.
    const problems = watchConsole(page);
    const profileRequests = watchProfileRequests(page);
    await page.route(
      (url) => url.pathname.endsWith('/functions/v1/get_public_profile'),
      async (route) => {
        await profileFunction(true);
        await route.fallback();
      },
    );
    await page.goto(scanUrl(unseen));
    await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Animal signalé comme perdu' })).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    await expect(page.getByRole('dialog', { name: 'Écrire au propriétaire de Rex' })).toBeVisible();
    expect(profileRequests).toHaveLength(1);
    expect(problems).toEqual([]);
  } finally {
    await profileFunction(true);
  }
});
