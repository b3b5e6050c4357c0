// Alerts on a member's phone (Web Push) over HTTP: a member turns a device on (push-subscription), a finder says
// 'Je l'ai avec moi', and the test's push service receives the alert, signed with the project's VAPID key and
// decrypted with the device's keys; an endpoint that is no push service's is refused; a device the push service
// says is gone is forgotten; a push that failed is delivered by deliver-outbox's next run.
import { type PushReceiver, startPushReceiver } from '@medaille/local-stack/push-receiver';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../support/finder.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let receiver: PushReceiver;
let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  receiver = await startPushReceiver();
  stack = await startTestStack({ functionEnv: { PUSH_SERVICE_ORIGINS: receiver.origin } });
  owner = await stack.signedInOwner('push');
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

/** The portal's call, with the member's session. */
const pushSubscription = (client: typeof owner.client, body: Record<string, unknown>) =>
  client.functions.invoke('push-subscription', { body });

/** A device of `client`'s member, turned on: its subscription as the browser gave it. */
async function device(client = owner.client) {
  const subscription = receiver.subscribe();
  const { error } = await pushSubscription(client, subscription);
  expect(error).toBeNull();
  return subscription;
}

describe('alerts on a member’s phone', () => {
  it('reach each device of the household, signed with the project’s key and readable by that device alone', async () => {
    const { data: key } = await pushSubscription(owner.client, {});
    expect(key.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const phone = await device();
    const stranger = await stack.signedInOwner('push-inconnu');
    const strangersPhone = await device(stranger.client);
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
    // A member of the household who chose no alerts for Rex: none on their phone either.
    const silent = await stack.signedInOwner('push-sans-alertes');
    const silentPhone = await device(silent.client);
    await stack.db.query(
      `insert into public.animal_members (animal_id, user_id, role, alert_email) values ($1, $2, 'co_owner', false)`,
      [animalId, silent.userId],
    );

    expect((await invoke(stack, 'post_finder_message', { code, status: 'with_me' })).status).toBe(200);
    // Pushed after the answer: the finder never waits for a push service.
    await stack.settled();
    const [push, ...more] = receiver.received(phone.endpoint);
    expect(more).toEqual([]);
    expect(push?.payload).toEqual({
      title: "Rex est avec quelqu'un qui l'a trouvé",
      body: "« Je l'ai avec moi » Répondez-lui dans vos messages.",
      url: `/mon-compte/animal/${animalId}/historique`,
      tag: `message-${animalId}`,
    });
    expect(push?.vapid).toMatchObject({
      aud: receiver.origin,
      sub: 'mailto:contact@medaille.fr',
      publicKey: key.public_key,
    });
    expect({ ttl: push?.ttl, urgency: push?.urgency }).toEqual({ ttl: '86400', urgency: 'high' });
    expect(receiver.received(strangersPhone.endpoint)).toEqual([]);
    expect(receiver.received(silentPhone.endpoint)).toEqual([]);

    // A shared position too, without the finder's words or the point on the lock screen.
    await invoke(stack, 'record-scan', { codeId: code, lat: 45.76, lon: 4.83, consent: true });
    await stack.settled();
    expect(receiver.received(phone.endpoint).at(-1)?.payload).toMatchObject({
      title: 'Position partagée pour Rex',
      body: "Quelqu'un a scanné la médaille de Rex et a partagé sa position.",
    });
  });

  it('are sent only to a known push service: any other endpoint is refused, and a caller must be signed in', async () => {
    const keys = receiver.subscribe().keys;
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://user:pass@fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
    ]) {
      const { status, body } = await invoke(stack, 'push-subscription', { endpoint, keys }, undefined, {
        authorization: `Bearer ${(await owner.client.auth.getSession()).data.session?.access_token}`,
      });
      expect({ endpoint, status, code: body.code }).toEqual({ endpoint, status: 400, code: 'push_endpoint_invalid' });
    }
    const good = receiver.subscribe();
    expect((await invoke(stack, 'push-subscription', good)).status).toBe(401);
    expect((await invoke(stack, 'push-subscription', { ...good, keys: { p256dh: 'x', auth: 'y' } })).status).toBe(400);
    const { count } = await stack
      .serviceClient()
      .from('push_subscriptions')
      .select('id', { count: 'exact' })
      .like('endpoint', '%evil%');
    expect(count).toBe(0);
  });

  it('answer 401 to a deleted account’s token, still valid until it expires, and store nothing', async () => {
    const gone = await stack.signedInOwner('push-compte-supprime');
    const token = (await gone.client.auth.getSession()).data.session?.access_token;
    expect((await stack.serviceClient().auth.admin.deleteUser(gone.userId)).error).toBeNull();
    const phone = receiver.subscribe();
    const { status, body } = await invoke(stack, 'push-subscription', phone, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect({ status, code: body.code }).toEqual({ status: 401, code: 'unauthenticated' });
    const { count } = await stack
      .serviceClient()
      .from('push_subscriptions')
      .select('id', { count: 'exact' })
      .eq('endpoint', phone.endpoint);
    expect(count).toBe(0);
  });

  it('forget a device the push service says is gone, and retry one that failed at deliver-outbox’s next run', async () => {
    const { code } = await stack.activatedAnimal(owner.client, { nom: 'Mina' });
    const gone = await device();
    const flaky = await device();
    receiver.answer(gone.endpoint, 410);
    receiver.answer(flaky.endpoint, 500);
    expect((await invoke(stack, 'post_finder_message', { code, status: 'with_me' })).status).toBe(200);
    await stack.settled();

    const mine = await owner.client.from('push_subscriptions').select('endpoint');
    expect(mine.data?.map((row) => row.endpoint)).not.toContain(gone.endpoint);
    expect(mine.data?.map((row) => row.endpoint)).toContain(flaky.endpoint);
    expect(receiver.received(flaky.endpoint)).toEqual([]);

    // The push service is back; the retry is due.
    receiver.answer(flaky.endpoint, 201);
    await stack.db.query('update public.push_outbox set next_attempt_at = now()');
    expect((await runDeliverOutbox(stack)).status).toBe(200);
    expect(receiver.received(flaky.endpoint).map((push) => push.payload.title)).toEqual([
      "Mina est avec quelqu'un qui l'a trouvé",
    ]);
    expect((await stack.db.query('select 1 from public.push_outbox')).rows).toEqual([]);
  });

  it('remind each member of the booklet on their own devices, not another member’s who turned reminders off', async () => {
    const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const phone = await device();
    const quiet = await stack.signedInOwner('push-rappels-off');
    const quietPhone = await device(quiet.client);
    await stack.db.query(
      `insert into public.animal_members (animal_id, user_id, role, reminders_email) values ($1, $2, 'co_owner', false)`,
      [animalId, quiet.userId],
    );
    await owner.client.from('health_records').insert({
      animal_id: animalId,
      kind: 'vaccination',
      label: 'Rage',
      given_on: '2029-03-10',
      next_due_on: '2030-03-10',
    });
    const response = await fetch(`${stack.url}/functions/v1/health-reminders`, {
      method: 'POST',
      headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ as_of: '2030-03-03' }),
    });
    expect(response.status).toBe(200);
    expect(receiver.received(phone.endpoint).map((push) => push.payload)).toEqual([
      {
        title: 'Rappel : Rage de Filou le 10 mars 2030',
        body: 'Le rappel du vaccin « Rage » de Filou est à faire le 10 mars 2030.',
        url: `/mon-compte/animal/${animalId}/carnet`,
        tag: expect.stringMatching(/^reminder-/),
      },
    ]);
    expect(receiver.received(quietPhone.endpoint)).toEqual([]);
  });

  it('are turned off on a device by the member, who sees and removes their own devices only', async () => {
    const phone = await device();
    const stranger = await stack.signedInOwner('push-autre');
    const removedByStranger = await stranger.client
      .from('push_subscriptions')
      .delete()
      .eq('endpoint', phone.endpoint)
      .select('id');
    expect(removedByStranger.data).toEqual([]);
    // Nor can another member take the device over with keys of their own: the alerts would be theirs to read.
    const takeover = await pushSubscription(stranger.client, { ...receiver.subscribe(), endpoint: phone.endpoint });
    const refusal = (await takeover.response?.json()) as { code?: string } | undefined;
    expect({ status: takeover.response?.status, code: refusal?.code }).toEqual({
      status: 403,
      code: 'forbidden',
    });
    // The member's own browser, subscribed anew on the same endpoint with new keys, is still theirs.
    const renewed = { ...receiver.subscribe(), endpoint: phone.endpoint };
    expect((await pushSubscription(owner.client, renewed)).error).toBeNull();
    const { data: mine } = await owner.client
      .from('push_subscriptions')
      .select('endpoint')
      .eq('endpoint', phone.endpoint);
    expect(mine).toHaveLength(1);
    const removed = await owner.client.from('push_subscriptions').delete().eq('endpoint', phone.endpoint).select('id');
    expect(removed.data).toHaveLength(1);
  });
});
