// Following a search without an account (docs/product/search.md, 'Suivre cette recherche'), over HTTP as the
// search page calls it: an address gets the confirmation and nothing else until its owner confirms; then at
// most one digest an hour of the sightings shown on the page, and 'Retrouvé !' once; every such e-mail stops
// the follow in one click (RFC 8058). A browser follows by push, with the same news. As an attacker: nobody
// learns who follows, a subscription cannot be taken, a link names one follow of one search, and the follows a
// client asks for are limited whatever headers it forges.

import { type PushReceiver, startPushReceiver } from '@medaille/local-stack/push-receiver';
import { newEmail, type ReceivedMail, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let receiver: PushReceiver;
let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  receiver = await startPushReceiver();
  stack = await startTestStack({ functionEnv: { PUSH_SERVICE_ORIGINS: receiver.origin } });
  owner = await stack.signedInOwner('suivi');
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

async function lostAnimal(nom: string) {
  const animal = await stack.activatedAnimal(owner.client, { nom });
  await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
  const { data } = await owner.client.from('searches').select('id').eq('animal_id', animal.animalId).single();
  return { ...animal, searchId: (data as { id: string }).id };
}
const follow = (body: Record<string, unknown>, address = newClientAddress(), headers: Record<string, string> = {}) =>
  invoke(stack, 'follow-search', body, address, headers);
const sighting = (searchId: string, words: string, place: string | null = null) =>
  invoke(stack, 'report-sighting', { id: searchId, kind: 'seen', words, place }, newClientAddress());
const found = (animalId: string) => owner.client.from('animals').update({ is_lost: false }).eq('id', animalId);

/** The follow's token of the confirmation's link (the search page with `suivi`), and that link. */
function followLink(mail: ReceivedMail, searchId: string) {
  const link = mail.links.find((href) => new URL(href).searchParams.has('suivi')) as string;
  const url = new URL(link);
  expect(url.pathname).toBe(`/recherche/${searchId}`);
  return { link, token: url.searchParams.get('suivi') as string };
}

/** An e-mail's RFC 8058 one-click URL. */
function oneClick(mail: ReceivedMail): string {
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  return /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] as string;
}

describe('following a search by e-mail', () => {
  it('sends the confirmation alone, then a digest at most every hour, then the news once; the address is never shown', async () => {
    const { searchId, animalId } = await lostAnimal('Caramel');
    const follower = newEmail('voisine');
    expect((await follow({ id: searchId, email: ` ${follower.toUpperCase()} `, language: 'en' })).body).toEqual({
      status: 'confirm',
    });
    const [confirmation, ...others] = await stack.mails(follower);
    expect(others).toEqual([]);
    // It carries nothing anyone chose (not the animal's name), and stops every e-mail to the address.
    expect(confirmation?.subject).toBe('Confirm that you follow the search');
    expect(`${confirmation?.subject}${confirmation?.text}`).not.toContain('Caramel');
    expect(new URL(oneClick(confirmation as ReceivedMail)).pathname).toBe('/functions/v1/stop-finder-mail');
    const { token } = followLink(confirmation as ReceivedMail, searchId);

    // Not confirmed: a sighting tells it nothing; reading the link (a mail scanner opens it) confirms nothing.
    await sighting(searchId, 'Vu avant la confirmation');
    expect((await follow({ id: searchId, token, action: 'read' })).body).toEqual({ state: 'pending' });
    await runDeliverOutbox(stack);
    expect(await stack.mails(follower)).toHaveLength(1);

    expect((await follow({ id: searchId, token, action: 'confirm' })).body).toEqual({ state: 'following' });
    await runDeliverOutbox(stack);
    expect(await stack.mails(follower)).toHaveLength(1);
    // Followed again from the page: no second confirmation, and the same answer as a new follow.
    expect((await follow({ id: searchId, email: follower, language: 'fr' })).body).toEqual({ status: 'confirm' });
    expect(await stack.mails(follower)).toHaveLength(1);

    await sighting(searchId, '<b>Près du parc</b>', 'Rue des Lilas, Lyon');
    await sighting(searchId, 'Dans le jardin du n° 12');
    await runDeliverOutbox(stack);
    const digest = await stack.lastMail(follower);
    expect(digest.subject).toBe('Nouveaux signalements : Caramel');
    expect(digest.text).toContain('2 nouveaux signalements sur la page de recherche de Caramel :');
    expect(digest.text).toContain('Rue des Lilas, Lyon');
    expect(digest.text).not.toContain('Vu avant la confirmation');
    // A passer-by's words are text in it, never markup.
    expect(digest.html).toContain('&lt;b&gt;Près du parc&lt;/b&gt;');
    expect(new URL(oneClick(digest)).pathname).toBe('/functions/v1/follow-search');

    // Within the hour, nothing more; after it, the sightings since.
    await sighting(searchId, 'Encore vu');
    await runDeliverOutbox(stack);
    expect(await stack.mails(follower)).toHaveLength(2);
    await stack.db.query(
      `update public.search_followers set last_digest_at = now() - interval '61 minutes' where search_id = $1`,
      [searchId],
    );
    await runDeliverOutbox(stack);
    expect((await stack.lastMail(follower)).text).toContain('1 nouveau signalement');

    const { error } = await owner.client
      .from('searches')
      .update({ thanks: 'Merci à tous, il dort au chaud !' })
      .eq('id', searchId);
    expect(error).toBeNull();
    await found(animalId);
    await runDeliverOutbox(stack);
    await runDeliverOutbox(stack);
    const news = await stack.mails(follower, 'Retrouvé !');
    expect(news).toHaveLength(1);
    expect(news[0]?.text).toContain('Caramel est rentré à la maison, merci !');
    // The household's own thanks, as it wrote them.
    expect(news[0]?.text).toContain('Merci à tous, il dort au chaud !');
    expect(await stack.mails(follower)).toHaveLength(4);
  });

  it('stops in one click from any of its e-mails; opening that URL only leads to the page', async () => {
    const { searchId } = await lostAnimal('Pistache');
    const follower = newEmail('suiveur');
    await follow({ id: searchId, email: follower, language: 'fr' });
    const { token, link } = followLink(await stack.lastMail(follower), searchId);
    await follow({ id: searchId, token, action: 'confirm' });
    await sighting(searchId, 'Vu rue Haute');
    await runDeliverOutbox(stack);
    const url = oneClick(await stack.lastMail(follower));
    expect(url).not.toContain(follower);

    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(link);
    expect((await follow({ id: searchId, token, action: 'read' })).body).toEqual({ state: 'following' });

    const stopped = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await stopped.json()).toEqual({ state: 'stopped' });
    await stack.db.query(`update public.search_followers set last_digest_at = null where search_id = $1`, [searchId]);
    await sighting(searchId, 'Vu rue Basse');
    await runDeliverOutbox(stack);
    expect(await stack.mails(follower)).toHaveLength(2);
    expect((await follow({ id: searchId, token, action: 'read' })).status).toBe(404);
  });

  it('never e-mails an address that asked for no more, and answers it as any other', async () => {
    const { searchId } = await lostAnimal('Réglisse');
    const stranger = newEmail('jamais');
    await follow({ id: searchId, email: stranger, language: 'fr' });
    const confirmation = await stack.lastMail(stranger);
    const stop = await fetch(oneClick(confirmation), { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(stop.status).toBe(200);

    const other = await lostAnimal('Cannelle');
    expect((await follow({ id: other.searchId, email: stranger, language: 'fr' })).body).toEqual({ status: 'confirm' });
    expect(await stack.mails(stranger)).toHaveLength(1);
    // Its follow of the first search, were it confirmed, ends too.
    const { token } = followLink(confirmation, searchId);
    await follow({ id: searchId, token, action: 'confirm' });
    await sighting(searchId, 'Vu place du marché');
    await runDeliverOutbox(stack);
    expect(await stack.mails(stranger)).toHaveLength(1);
    expect((await follow({ id: searchId, token, action: 'read' })).status).toBe(404);
  });

  it('refuses a link on another search’s page, a malformed address and an ended search, with clear 4xx', async () => {
    const { searchId } = await lostAnimal('Gribouille');
    const other = await lostAnimal('Moustache');
    const follower = newEmail('lien');
    await follow({ id: searchId, email: follower, language: 'fr' });
    const { token } = followLink(await stack.lastMail(follower), searchId);
    const elsewhere = await follow({ id: other.searchId, token, action: 'confirm' });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'search_follow_link_not_found']);
    expect((await follow({ id: searchId, token, action: 'read' })).body).toEqual({ state: 'pending' });

    const invalid = await follow({ id: searchId, email: 'pas une adresse', language: 'fr' });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'finder_email_invalid']);
    const unknown = await follow({ id: crypto.randomUUID(), email: follower, language: 'fr' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'search_not_found']);
    await found(other.animalId);
    expect((await follow({ id: other.searchId, email: follower, language: 'fr' })).status).toBe(404);
  });

  it('limits what one client asks, forged forwarding headers or not', async () => {
    const { searchId } = await lostAnimal('Tornade');
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i <= 20; i += 1) {
      const forged = { 'x-forwarded-for': `198.51.100.${i}`, 'cf-connecting-ip': `203.0.113.${i}` };
      statuses.push(
        (await follow({ id: searchId, email: newEmail(`flot${i}`), language: 'fr' }, address, forged)).status,
      );
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });
});

describe('following a search by push', () => {
  it('tells a browser of new sightings and of the return, on the search page’s address', async () => {
    const { searchId, animalId } = await lostAnimal('Biscotte');
    const browser = receiver.subscribe();
    expect((await follow({ id: searchId, push: browser, language: 'fr' })).body).toEqual({ status: 'following' });
    await sighting(searchId, 'Vu sous un banc, près de la fontaine');
    await runDeliverOutbox(stack);
    const [digest] = receiver.received(browser.endpoint);
    // Nothing a passer-by typed on a lock screen.
    expect(digest?.payload).toEqual({
      title: 'Nouveaux signalements : Biscotte',
      body: '1 nouveau signalement sur la page de recherche de Biscotte',
      url: `/recherche/${searchId}`,
      tag: `search-${searchId}`,
    });
    await found(animalId);
    await runDeliverOutbox(stack);
    expect(receiver.received(browser.endpoint).at(-1)?.payload).toMatchObject({
      title: 'Retrouvé !',
      body: 'Biscotte est rentré à la maison, merci !',
    });
    expect(receiver.received(browser.endpoint)).toHaveLength(2);
  });

  it('cannot be taken with other keys, stops by its endpoint, and refuses an endpoint that is no push service', async () => {
    const { searchId } = await lostAnimal('Filou');
    const browser = receiver.subscribe();
    await follow({ id: searchId, push: browser, language: 'fr' });
    const thief = receiver.subscribe();
    const taken = await follow({
      id: searchId,
      push: { endpoint: browser.endpoint, keys: thief.keys },
      language: 'fr',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'search_follow_taken']);

    const elsewhere = await follow({
      id: searchId,
      push: { endpoint: 'https://attacker.example/collect', keys: browser.keys },
      language: 'fr',
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'push_endpoint_invalid']);

    expect((await follow({ id: searchId, unfollow: browser.endpoint })).body).toEqual({ status: 'stopped' });
    await sighting(searchId, 'Vu au marché');
    await runDeliverOutbox(stack);
    expect(receiver.received(browser.endpoint)).toEqual([]);
    expect(receiver.received(thief.endpoint)).toEqual([]);
  });
});
