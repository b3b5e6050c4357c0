// Web Push from the functions (docs/decisions/0017-finder-owner-conversation.md): an alert of an animal goes to every
// device its household's members turned notifications on for (push_targets), encrypted for each browser (RFC 8291,
// aes128gcm) and signed with the project's VAPID key (RFC 8292) by @block65/webcrypto-web-push, which does both with
// Web Crypto alone, so that the same code runs on Deno (hosted functions) and Node (the local stack). A device the push
// service says is gone (404, 410) is forgotten; a push that failed otherwise waits in push_outbox for deliver-outbox's
// next runs. Never throws: an alert is never what fails a stored message.
import { buildPushPayload } from '@block65/webcrypto-web-push';
import { call, type ServiceDatabase } from './database.ts';
import type { FunctionEnv } from './env.ts';

/** A device's subscription, as push_targets and claim_due_pushes answer it. */
export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a service worker shows: a title, a line, the page a click opens, a tag that replaces. */
export interface PushPayload {
  title: string;
  body: string;
  /**
   * A path on the site the service worker serves: the portal's (/mon-compte/…) for a member's device, a search
   * page (/recherche/…) for a search's follower.
   */
  url: string;
  tag: string;
}

/**
 * The push services browsers subscribe with (Chrome and Edge through FCM, Firefox, Safari, Windows): a
 * subscription's endpoint must be https on one of them or below it, or the functions would post wherever a
 * caller said.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether the functions may send to this endpoint: a known push service, or an origin of PUSH_SERVICE_ORIGINS. */
export function isPushEndpoint(env: FunctionEnv, endpoint: unknown): endpoint is string {
  if (typeof endpoint !== 'string' || endpoint.length > 2048 || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  // The local stack's test receiver plays the push service on a loopback origin of its own (never in production).
  const extra = (env.PUSH_SERVICE_ORIGINS ?? '').split(',').map((origin) => origin.trim());
  if (extra.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  );
}

/** A P-256 public key (65 bytes) and an authentication secret (16 bytes), base64url without padding. */
const P256DH_PATTERN = /^[A-Za-z0-9_-]{87}$/;
const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Whether these are a browser subscription's keys (RFC 8291), as the database's checks hold them. */
export function arePushKeys(p256dh: unknown, auth: unknown): p256dh is string {
  return (
    typeof p256dh === 'string' && P256DH_PATTERN.test(p256dh) && typeof auth === 'string' && AUTH_PATTERN.test(auth)
  );
}

/** A P-256 private key in JWK form, as `openssl`, Web Crypto's exportKey or the local stack give it. */
interface VapidKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
}

/** The project's VAPID private key (VAPID_PRIVATE_JWK), or null when push is not set up. */
function vapidPrivateKey(env: FunctionEnv): VapidKey | null {
  const text = env.VAPID_PRIVATE_JWK?.trim();
  if (!text) return null;
  const key = JSON.parse(text) as Partial<VapidKey>;
  if (key.kty !== 'EC' || key.crv !== 'P-256' || !key.x || !key.y || !key.d) {
    throw new Error('VAPID_PRIVATE_JWK is not a P-256 private key in JWK form');
  }
  return key as VapidKey;
}

/** The key browsers subscribe with (applicationServerKey): the uncompressed public point, base64url; or null. */
export function vapidPublicKey(env: FunctionEnv): string | null {
  const key = vapidPrivateKey(env);
  return key ? publicKeyOf(key) : null;
}

const publicKeyOf = (key: VapidKey) =>
  toBase64Url(new Uint8Array([0x04, ...fromBase64Url(key.x), ...fromBase64Url(key.y)]));

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

type Outcome = 'sent' | 'gone' | 'failed';

/** One push to one device, within 5 seconds. */
async function deliver(env: FunctionEnv, key: VapidKey, target: PushTarget, payload: PushPayload): Promise<Outcome> {
  if (!isPushEndpoint(env, target.endpoint)) return 'gone';
  try {
    const { headers, body } = await buildPushPayload(
      // An alert of a found animal is worth waking the phone for; a day later it is no alert. No Topic: the
      // push service would drop an undelivered alert of another animal that shared it.
      { data: { ...payload }, options: { ttl: 24 * 3600, urgency: 'high' } },
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      {
        subject: env.VAPID_SUBJECT?.trim() || 'mailto:contact@medaille.fr',
        publicKey: publicKeyOf(key),
        privateKey: key.d,
      },
    );
    const response = await fetch(target.endpoint, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.status >= 200 && response.status < 300 ? 'sent' : 'failed';
  } catch (error) {
    console.error(`[push] ${new URL(target.endpoint).origin}:`, error instanceof Error ? error.message : error);
    return 'failed';
  }
}

/**
 * Where a push's target is kept: a member's device (push_subscriptions), or a search's follower
 * (search_followers), which a gone endpoint removes, and a failed push's retry names.
 */
const KEPT_IN = {
  device: { table: 'push_subscriptions', outboxColumn: 'subscription_id' },
  follower: { table: 'search_followers', outboxColumn: 'search_follower_id' },
} as const;
type Kept = keyof typeof KEPT_IN;

/** Pushes each payload to its target: forgets the gone ones, queues the failed ones. */
async function deliverAll(
  env: FunctionEnv,
  db: ServiceDatabase,
  kept: Kept,
  pushes: { target: PushTarget; payload: PushPayload }[],
) {
  const key = vapidPrivateKey(env);
  if (!key || pushes.length === 0) return;
  const outcomes = await Promise.all(pushes.map(({ target, payload }) => deliver(env, key, target, payload)));
  const { table, outboxColumn } = KEPT_IN[kept];
  const gone = pushes.filter((_, index) => outcomes[index] === 'gone').map(({ target }) => target.id);
  if (gone.length > 0) await db.from(table).delete().in('id', gone);
  const failed = pushes.filter((_, index) => outcomes[index] === 'failed');
  if (failed.length > 0) {
    await db.from('push_outbox').insert(failed.map(({ target, payload }) => ({ [outboxColumn]: target.id, payload })));
  }
}

/** Pushes an animal's alert to its household's devices, or to one member's (`memberId`). Never throws. */
export async function pushHousehold(
  env: FunctionEnv,
  db: ServiceDatabase,
  animalId: string,
  payload: PushPayload,
  memberId: string | null = null,
): Promise<void> {
  try {
    const targets = await call<PushTarget[]>(db, 'push_targets', { p_animal_id: animalId, p_user_id: memberId });
    await deliverAll(
      env,
      db,
      'device',
      targets.map((target) => ({ target, payload })),
    );
  } catch (error) {
    console.error('[push] the household could not be alerted:', error);
  }
}

/** Pushes each search follower's news to their browser. Never throws. */
export async function pushToFollowers(
  env: FunctionEnv,
  db: ServiceDatabase,
  pushes: { target: PushTarget; payload: PushPayload }[],
): Promise<void> {
  try {
    await deliverAll(env, db, 'follower', pushes);
  } catch (error) {
    console.error('[push] the followers could not be told:', error);
  }
}

/** deliver-outbox's run: the pushes due again, each sent, forgotten with its device, or left for the next run. */
export async function retryPushes(env: FunctionEnv, db: ServiceDatabase): Promise<number> {
  const key = vapidPrivateKey(env);
  if (!key) return 0;
  const due = await call<{ id: string; payload: PushPayload; subscription: PushTarget & { follower: boolean } }[]>(
    db,
    'claim_due_pushes',
    {},
  );
  let sent = 0;
  for (const push of due) {
    const outcome = await deliver(env, key, push.subscription, push.payload);
    const { table } = KEPT_IN[push.subscription.follower ? 'follower' : 'device'];
    if (outcome === 'gone') await db.from(table).delete().eq('id', push.subscription.id);
    if (outcome === 'sent') {
      await db.from('push_outbox').delete().eq('id', push.id);
      sent += 1;
    }
  }
  return sent;
}
