// Following a loss's search without an account (docs/product/search.md, 'Suivre cette recherche'), on phones: a
// stranger in English turns on notifications for the page (its own service worker, scope /recherche/), hears of a
// sighting and then 'Found!'; a neighbour without JavaScript follows by e-mail, confirms from the e-mail's link with
// the page's button (opening the link changes nothing) and gets the news of the return.
//
// Chromium's own push service is Google's, which this machine cannot reach: the page's PushManager hands out the
// test push service's subscription instead (its endpoint and keys), and everything after it is the product's.
import { type PushReceiver, startPushReceiver } from '@medaille/local-stack/push-receiver';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, finderCall, newOwner, serviceClient } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';
import { pushToWorker } from '../support/push.ts';
import { expect, test } from '../support/test.ts';

let receiver: PushReceiver;
let product: TestProduct;
test.beforeAll(async () => {
  receiver = await startPushReceiver();
  product = await startProduct({}, { FUNCTION_PUSH_SERVICE_ORIGINS: receiver.origin });
});
test.afterAll(async () => {
  await product?.close();
  await receiver?.close();
});

/** deliver-outbox's run, as pg_cron (or the stack's timer) makes it every minute. */
async function deliverOutbox() {
  expect((await serviceClient(product).functions.invoke('deliver-outbox')).error).toBeNull();
}

test('a stranger follows a search by push and hears of a sighting, then “Found!”; a neighbour follows by e-mail without JavaScript', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'suivi');
  const biscuit = await animalOnNewCode(product, owner, { nom: 'Biscuit', espece: 'dog', sexe: 'M', is_lost: true });
  const { data } = await owner.client.from('searches').select('id').eq('animal_id', biscuit.animalId).single();
  const searchId = (data as { id: string }).id;
  const link = `${product.url}/recherche/${searchId}`;

  const subscription = receiver.subscribe();
  const phone = await browser.newContext({ ...PHONE, locale: 'en-GB', permissions: ['notifications'] });
  await phone.addInitScript((given) => {
    let current: unknown = null;
    const device = { ...given, expirationTime: null, toJSON: () => given, unsubscribe: async () => true };
    PushManager.prototype.subscribe = async () => {
      current = device;
      return device as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, subscription);
  const page = await phone.newPage();
  await page.goto(link);
  const follow = page.getByRole('region', { name: 'Follow this search' });
  await follow.getByRole('button', { name: 'Get a notification' }).click();
  await expect(follow.getByRole('status')).toHaveText('You will get a notification on this device.');
  await expect(follow.getByRole('button', { name: 'Stop notifications' })).toBeVisible();
  await expectAccessible(page);
  await follow.screenshot({ path: test.info().outputPath('follow-by-push.png') });
  const scopes = await page.evaluate(() =>
    navigator.serviceWorker.getRegistrations().then((all) => all.map((registration) => registration.scope)),
  );
  expect(scopes).toEqual([`${product.url}/recherche/`]);

  // A neighbour without JavaScript follows by e-mail: the page says to confirm from the e-mail.
  const neighbour = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const reader = await neighbour.newPage();
  await reader.goto(link);
  const byMail = reader.getByRole('region', { name: 'Suivre cette recherche' });
  const address = `voisine-${crypto.randomUUID()}@example.org`;
  await byMail.getByLabel('Votre adresse e-mail').fill(address);
  await byMail.getByRole('button', { name: 'Suivre par e-mail' }).click();
  await expect(byMail.getByRole('status')).toHaveText(
    'Presque fini : confirmez depuis l’e-mail que nous venons d’envoyer à cette adresse.',
  );
  const confirmation = await product.lastMail(address);
  expect(confirmation.subject).toBe('Confirmez le suivi de la recherche');
  const followLink = confirmation.links.find((href) => href.includes('suivi=')) ?? '';
  // The e-mail's link: the page asks, and its button confirms.
  await reader.goto(`${product.url}${new URL(followLink).pathname}${new URL(followLink).search}`);
  await expect(byMail).toContainText('Confirmez que vous voulez suivre cette recherche par e-mail.');
  await byMail.getByRole('button', { name: 'Confirmer le suivi' }).click();
  await expect(byMail).toContainText('Vous suivez cette recherche par e-mail.');
  await reader.screenshot({ path: test.info().outputPath('follow-by-email-confirmed.png'), fullPage: true });

  // Someone saw him: the next run of the outbox tells the followers.
  expect(
    (await finderCall(product, 'report-sighting', { id: searchId, kind: 'seen', place: 'Quai de la Fosse' })).status,
  ).toBe(200);
  await deliverOutbox();
  await expect.poll(() => receiver.received(subscription.endpoint).length).toBe(1);
  expect(receiver.received(subscription.endpoint)[0]?.payload).toEqual({
    title: 'New sightings: Biscuit',
    body: "1 new sighting on Biscuit's search page",
    url: `/recherche/${searchId}`,
    tag: `search-${searchId}`,
  });
  const digest = await product.lastMail(address);
  expect(digest.subject).toBe('Nouveaux signalements : Biscuit');
  expect(digest.text).toContain('Quai de la Fosse');

  // The push service hands it to the browser: the search pages' worker shows it.
  await pushToWorker(phone, `${product.url}/recherche/sw.js`, receiver.received(subscription.endpoint)[0]?.payload);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/recherche/');
        return ((await registration?.getNotifications()) ?? []).map((shown) => [shown.title, shown.data?.url]);
      }),
    )
    .toEqual([['New sightings: Biscuit', `/recherche/${searchId}`]]);

  // Home: both followers are told once, and forgotten.
  await owner.client.from('animals').update({ is_lost: false }).eq('id', biscuit.animalId);
  await deliverOutbox();
  await deliverOutbox();
  await expect.poll(() => receiver.received(subscription.endpoint).length).toBe(2);
  expect(receiver.received(subscription.endpoint)[1]?.payload).toMatchObject({
    title: 'Found!',
    body: 'Biscuit is back home. Thank you!',
  });
  const home = await product.lastMail(address);
  expect(home.subject).toBe('Retrouvé !');
  expect(home.text).toContain('Biscuit est rentré chez lui, merci !');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Found!');
  await phone.close();
  await neighbour.close();
});
