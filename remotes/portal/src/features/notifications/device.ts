import { supabase } from '@medaille/supabase';
import { COPY } from '../../copy.ts';
import { serverMessage } from '../../ui/server-message.ts';
import { NOTIFICATIONS_COPY } from './copy.ts';

// This browser as a device for the household's alerts (Web Push, docs/decisions/0017-finder-owner-conversation.md): the
// portal is installable (its manifest, icons and service worker under /mon-compte/, hosts/shell/public/mon-compte), and
// a member turns notifications on or off for this device. The service worker's scope is the portal's: the scan page
// never downloads, registers or meets any of it.

const SCOPE = '/mon-compte/';
const MANIFEST = '/mon-compte/manifest.webmanifest';

/** Makes the portal installable and registers its service worker, once per page; nothing where unsupported. */
export function installPortal(): void {
  if (typeof document === 'undefined' || document.querySelector(`link[rel="manifest"]`)) return;
  const link = (rel: string, href: string) => {
    const element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    document.head.append(element);
  };
  link('manifest', MANIFEST);
  link('apple-touch-icon', '/mon-compte/apple-touch-icon.png');
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register(`${SCOPE}sw.js`, { scope: SCOPE }).catch((error: unknown) => {
      console.warn('[portal] the service worker could not be registered:', error);
    });
  }
}

/** What this browser can do: push, push once added to the home screen (iOS, iPadOS), or nothing. */
export type PushSupport = 'supported' | 'home-screen-first' | 'unsupported';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  // Safari on iPhone and iPad pushes to a web app added to the home screen only (iPadOS says it is a Mac).
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return apple ? 'home-screen-first' : 'unsupported';
}

/**
 * The portal's service worker once active (the page may be outside its scope: /mon-compte itself is); throws
 * if the worker installing fails (it turns redundant), rather than waiting for ever.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration =
    (await navigator.serviceWorker.getRegistration(SCOPE)) ??
    (await navigator.serviceWorker.register(`${SCOPE}sw.js`, { scope: SCOPE }));
  const worker = registration.installing ?? registration.waiting;
  if (!registration.active && worker) {
    await new Promise<void>((resolve, reject) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
        if (worker.state === 'redundant') reject(new Error('the service worker could not be installed'));
      });
    });
  }
  return registration;
}

/**
 * This device's subscription, if notifications are on here for the member signed in: the browser's subscription
 * must be among the member's devices (it may have been forgotten from another device, or be another account's).
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const { data, error } = await (await supabase())
    .from('push_subscriptions')
    .select('id')
    .eq('endpoint', subscription.endpoint)
    .maybeSingle();
  if (error) throw error;
  return data ? subscription : null;
}

/** What turning notifications on came to: on, refused by the person, or a failure's French words. */
export type TurnOn = { state: 'on' } | { state: 'denied' } | { state: 'failed'; message: string };

/** Asks the person, subscribes this browser with the project's key, and stores the device for the member. */
export async function turnOn(): Promise<TurnOn> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { state: 'denied' };
  const client = await supabase();
  const key = await client.functions.invoke<{ public_key: string | null }>('push-subscription', { body: {} });
  if (key.error) return { state: 'failed', message: (await serverMessage(key.error)) ?? COPY.unexpected };
  if (!key.data?.public_key) return { state: 'failed', message: NOTIFICATIONS_COPY.notifications.unavailable };
  const subscribed = await browserSubscription(key.data.public_key);
  if ('state' in subscribed) return subscribed;
  const subscription = subscribed;
  const stored = await client.functions.invoke('push-subscription', { body: subscription.toJSON() });
  if (stored.error) return { state: 'failed', message: (await serverMessage(stored.error)) ?? COPY.unexpected };
  return { state: 'on' };
}

/** How long the browser's own push service may take to hand out a subscription before the person is told. */
const PUSH_SERVICE_WAIT_MS = 10_000;

/**
 * This browser's subscription from its own push service (Google's for Chrome, Mozilla's, Apple's), or why there
 * is none, in words a person understands: the browser refusing notifications here (a private window, a policy:
 * NotAllowedError), or its push service failing or not answering within PUSH_SERVICE_WAIT_MS (AbortError, or
 * nothing at all): never the spinner for ever, never 'an unexpected error'.
 */
async function browserSubscription(publicKey: string): Promise<PushSubscription | TurnOn> {
  const subscribe = async () => {
    const registration = await activeRegistration();
    return (
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }))
    );
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), PUSH_SERVICE_WAIT_MS);
  });
  try {
    const subscription = await Promise.race([subscribe(), late]);
    if (subscription === 'late') return { state: 'failed', message: NOTIFICATIONS_COPY.notifications.pushServiceDown };
    return subscription;
  } catch (error) {
    const refusedHere = error instanceof DOMException && error.name === 'NotAllowedError';
    return {
      state: 'failed',
      message: refusedHere
        ? NOTIFICATIONS_COPY.notifications.refusedHere
        : NOTIFICATIONS_COPY.notifications.pushServiceDown,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Stops this browser's subscription and forgets the device (the member's own row). */
export async function turnOff(subscription: PushSubscription): Promise<boolean> {
  const { error } = await (await supabase()).from('push_subscriptions').delete().eq('endpoint', subscription.endpoint);
  await subscription.unsubscribe();
  return !error;
}
