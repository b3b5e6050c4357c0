// Alerts on the owner's phone without an app (Web Push), in Chromium: the portal is installable and registers its
// service worker for /mon-compte/ only; the owner turns notifications on for the device; a finder says 'Je l'ai
// avec moi'; the test's push service receives the alert and decrypts it with the device's keys (RFC 8291); the
// service worker shows it once its push event hands it over (support/push.ts), and its click leads to the
// animal's inbox, the news first. The scan page has no part in any of it.
//
// Chromium's own push service is Google's, which this machine cannot reach: the page's PushManager hands out the
// test push service's subscription instead (its endpoint and keys), and everything after it is the product's.
import { type PushReceiver, startPushReceiver } from '@medaille/local-stack/push-receiver';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, finderCall, newOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
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

test('the owner turns notifications on, and “Je l’ai avec moi” reaches the phone as a push whose click opens the inbox', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'push');
  const rex = await animalOnNewCode(product, owner, { nom: 'Rex', sexe: 'M', is_lost: true });
  const subscription = receiver.subscribe();
  const context = await browser.newContext({ ...PHONE, permissions: ['notifications'] });
  await context.addInitScript((given) => {
    let current: unknown = null;
    const device = {
      ...given,
      expirationTime: null,
      toJSON: () => given,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      current = device;
      return device as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, subscription);
  const page = await context.newPage();

  // The scan page: no manifest, no service worker.
  await page.goto(`${product.url}/${rex.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
  expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);

  await signIn(page, product, owner);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/mon-compte/manifest.webmanifest');
  const manifest = await (await page.request.get(`${product.url}/mon-compte/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ start_url: '/mon-compte', scope: '/mon-compte', display: 'standalone', lang: 'fr' });
  const section = page.getByRole('region', { name: 'Notifications sur cet appareil' });
  await section.getByRole('button', { name: 'Activer les notifications' }).click();
  await expect(toastTitle(page, 'Notifications activées')).toBeVisible();
  await expect(section).toContainText('Les notifications sont activées sur cet appareil.');
  await expectAccessible(page);
  const scopes = await page.evaluate(() =>
    navigator.serviceWorker.getRegistrations().then((all) => all.map((registration) => registration.scope)),
  );
  expect(scopes).toEqual([`${product.url}/mon-compte/`]);

  // A finder on a phone in English says they have him.
  expect(
    (await finderCall(product, 'post_finder_message', { code: rex.code, status: 'with_me', language: 'en' })).status,
  ).toBe(200);
  // Pushed after the finder's answer: it arrives a moment later.
  await expect.poll(() => receiver.received(subscription.endpoint).length).toBe(1);
  const [push] = receiver.received(subscription.endpoint);
  const inboxPath = `/mon-compte/animal/${rex.animalId}/historique`;
  expect(push?.payload).toEqual({
    title: "Rex est avec quelqu'un qui l'a trouvé",
    body: "« Je l'ai avec moi » Répondez-lui dans vos messages.",
    url: inboxPath,
    tag: `message-${rex.animalId}`,
  });

  // The push service hands it to the browser: the service worker shows it.
  await pushToWorker(context, `${product.url}/mon-compte/sw.js`, push?.payload);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/mon-compte/');
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((notification) => ({
          title: notification.title,
          body: notification.body,
          ...notification.data,
        }));
      }),
    )
    .toEqual([
      {
        title: "Rex est avec quelqu'un qui l'a trouvé",
        body: "« Je l'ai avec moi » Répondez-lui dans vos messages.",
        url: inboxPath,
      },
    ]);

  // A click on it: the service worker closes it and opens its page. A headless browser cannot click a system
  // notification, and a click dispatched by script may not open a window (no user gesture): the click's page
  // is opened here from what the notification carries (the handler's choice of page: hosts/shell's
  // service-worker test).
  const [worker] = context.serviceWorkers();
  expect(worker?.url()).toBe(`${product.url}/mon-compte/sw.js`);
  const clicked = await worker?.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the service worker's global, whose types are not this file's.
    const scope = self as any;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    return { url: notification?.data?.url, left: (await scope.registration.getNotifications()).length };
  });
  expect(clicked).toEqual({ url: inboxPath, left: 0 });
  const inbox = await context.newPage();
  await inbox.goto(`${product.url}${clicked?.url}`);
  await expect(inbox.getByRole('region', { name: 'Dernières nouvelles de Rex' })).toContainText("« Je l'ai avec moi »");
  const headings = await inbox.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Dernières nouvelles de Rex');

  // Turned off on this device: its row is gone.
  await section.getByRole('button', { name: 'Désactiver sur cet appareil' }).click();
  await expect(toastTitle(page, 'Notifications désactivées sur cet appareil')).toBeVisible();
  expect((await owner.client.from('push_subscriptions').select('endpoint')).data).toEqual([]);

  // The browser still holds a subscription the member's devices no longer list (forgotten from another
  // device, say): the switch says off, and turning it on stores it again.
  await section.getByRole('button', { name: 'Activer les notifications' }).click();
  await expect(section).toContainText('Les notifications sont activées sur cet appareil.');
  await owner.client.from('push_subscriptions').delete().eq('endpoint', subscription.endpoint);
  await page.reload();
  await expect(section.getByRole('button', { name: 'Activer les notifications' })).toBeVisible();
  await section.getByRole('button', { name: 'Activer les notifications' }).click();
  await expect(section).toContainText('Les notifications sont activées sur cet appareil.');

  // Signing out of this browser forgets it as a device: the next news reaches no lock screen here.
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(toastTitle(page, 'Déconnexion réussie')).toBeVisible();
  expect((await owner.client.from('push_subscriptions').select('endpoint')).data).toEqual([]);
  const stillSubscribed = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/mon-compte/');
    return Boolean(await registration?.pushManager.getSubscription());
  });
  expect(stillSubscribed).toBe(false);
  expect(
    (await finderCall(product, 'post_finder_message', { code: rex.code, status: 'seen_here', language: 'fr' })).status,
  ).toBe(200);
  // The stack's mailbox answers once the work after the functions' answers has ended, the pushes' included.
  await product.mails(owner.email);
  expect(receiver.received(subscription.endpoint)).toHaveLength(1);
  await context.close();
});

test('where the browser cannot subscribe, the switch stops and says why in French, never “an unexpected error”', async ({
  browser,
}) => {
  const owner = await newOwner(product, 'push-refused');
  // This browser's own push service (Google's, for Chromium) cannot be reached from this machine: the real
  // subscribe fails as it does on a network that blocks it.
  const unreachable = await browser.newContext({ ...PHONE, permissions: ['notifications'] });
  const page = await unreachable.newPage();
  await signIn(page, product, owner);
  const section = page.getByRole('region', { name: 'Notifications sur cet appareil' });
  await section.getByRole('button', { name: 'Activer les notifications' }).click();
  await expect(toastTitle(page, "Impossible d'activer les notifications")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Le service de notifications de ce navigateur ne répond pas/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Activer les notifications' })).toBeEnabled();
  await expect(page.getByText("Une erreur inattendue s'est produite")).toHaveCount(0);
  await unreachable.close();

  // A browser that refuses notifications to every site here (a private window, a policy): said as such.
  const refusing = await browser.newContext(PHONE);
  await refusing.addInitScript(() => {
    Notification.requestPermission = async () => 'granted';
    PushManager.prototype.subscribe = async () => {
      throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
    };
  });
  const other = await refusing.newPage();
  await signIn(other, product, owner);
  const again = other.getByRole('region', { name: 'Notifications sur cet appareil' });
  await again.getByRole('button', { name: 'Activer les notifications' }).click();
  await expect(other.getByText(/Ce navigateur refuse les notifications ici/)).toBeVisible();
  await expect(other.getByText("Une erreur inattendue s'est produite")).toHaveCount(0);
  await refusing.close();
});
