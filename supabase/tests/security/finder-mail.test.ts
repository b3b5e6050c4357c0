// The e-mails Médaille sends to a finder's address, tried as an owner who gives a stranger's address in a
// message to their own medal: nothing but the first link reaches an address whose owner never opened the
// link it was sent; every e-mail to one address counts in one window whatever the conversation; one POST to
// the List-Unsubscribe URL (RFC 8058) stops them all, in later conversations too; and no subject carries
// anything an owner typed.
import { CONVERSATION_LIMITS, hasLineOrBidiCharacters } from '@medaille/domain';
import { newEmail, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerMail } from '../../functions/_shared/mail-layout.ts';
import { invoke, newClientAddress } from '../support/finder.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

/** The attacker's words, as an animal's name (no control character: the name rule lets them through). */
const SPAM = 'Gagnez 500 EUR: evil.example/promo';

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('finder-mail');
});
afterAll(() => stack?.close());

/** A message to `code` naming `email` as the finder's address, from a connection of its own. */
async function writeAs(code: string, email: string) {
  const sent = await invoke(stack, 'post_finder_message', { code, message: 'Je l’ai trouvé', email });
  expect(sent.status).toBe(200);
}

/** The household's conversations of an animal, newest first. */
async function conversationIds(animalId: string): Promise<string[]> {
  const { data } = await owner.client
    .from('conversations')
    .select('id')
    .eq('animal_id', animalId)
    .order('created_at', { ascending: false });
  return (data ?? []).map((row) => row.id as string);
}

const answer = (id: string) =>
  owner.client.functions.invoke('answer-conversation', { body: { conversation_id: id, body: SPAM } });

/** Lost, then found: each open conversation's finder gets the word that it is home at deliver-outbox's run. */
async function lostThenFound(animalId: string) {
  expect((await owner.client.from('animals').update({ is_lost: true }).eq('id', animalId)).error).toBeNull();
  return async () => {
    expect((await owner.client.from('animals').update({ is_lost: false }).eq('id', animalId)).error).toBeNull();
    expect((await runDeliverOutbox(stack)).status).toBe(200);
  };
}

/** The conversation token of the link an e-mail carries. */
function mailedToken(mail: { links: string[] }): string {
  const token = mail.links.map((link) => /\/conversation\/([0-9a-f]{64})$/.exec(link)?.[1]).find(Boolean);
  if (!token) throw new Error(`no conversation link in ${mail.links.join(' ')}`);
  return token;
}

/**
 * The finder opens the link of the e-mail they got and presses 'Me prévenir par e-mail': the page reads the
 * conversation with that link's token, then posts the finder's wish.
 */
async function wantAnswersFromMail(mail: { links: string[] }) {
  const token = mailedToken(mail);
  const read = await invoke(stack, 'conversation', { token });
  expect({ status: read.status, mail: read.body.mail }).toEqual({ status: 200, mail: 'ask' });
  expect(await invoke(stack, 'conversation', { token, mail: 'on' })).toMatchObject({
    status: 200,
    body: { mail: 'on' },
  });
}

/**
 * The one-click unsubscribe URL of an e-mail (List-Unsubscribe, the function's), checked against RFC 8058, and
 * the visible link of both its parts: the site's page of the same token, in the e-mail's language.
 */
function unsubscribeUrl(mail: { headers: Record<string, string>; html: string; text: string }) {
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const url = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe URL in ${JSON.stringify(mail.headers)}`);
  const oneClick = new URL(url);
  expect(`${oneClick.origin}${oneClick.pathname}`).toBe(`${stack.url}/functions/v1/stop-finder-mail`);
  const token = oneClick.searchParams.get('token') as string;
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  const page = new RegExp(`https?://[^\\s"]+/e-mails/${token}\\?lang=fr`).exec(mail.text)?.[0];
  if (!page) throw new Error(`no link to the site's page in ${mail.text}`);
  expect(mail.html).toContain(`href="${page}"`);
  // The function's URL is the mail client's alone: no person is sent to it.
  expect(mail.html).not.toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  expect(mail.text).not.toContain(url);
  return { url, page };
}

describe('e-mails to a finder’s address', () => {
  it('send nothing but the link to an address that never opened it, and no owner’s words in any subject', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: SPAM });
    const stranger = newEmail('stranger');
    const found = await lostThenFound(animalId);
    for (let index = 0; index < 3; index += 1) await writeAs(code, stranger);
    for (const id of await conversationIds(animalId)) expect((await answer(id)).error).toBeNull();
    await found();

    const mails = await stack.mails(stranger);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.subject).not.toContain('Gagnez');
      expect(mail.subject).not.toContain('evil.example');
    }
  });

  it('are not asked for by opening the e-mailed link, as a mail scanner does, nor through the link the sender was given', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Praline' });
    const stranger = newEmail('scanned');
    const sent = await invoke(stack, 'post_finder_message', { code, message: 'Bonjour', email: stranger });
    const mail = await stack.lastMail(stranger);
    // A scanner opens the link, again and again: reading asks for nothing.
    for (let index = 0; index < 3; index += 1) {
      expect((await invoke(stack, 'conversation', { token: mailedToken(mail) })).body.mail).toBe('ask');
    }
    // The sender's page has the other token: it cannot ask on the stranger's behalf, nor see the offer.
    const sendersToken = /\/conversation\/([0-9a-f]{64})/.exec(String(sent.body.conversation_url))?.[1] as string;
    expect(sendersToken).not.toBe(mailedToken(mail));
    expect((await invoke(stack, 'conversation', { token: sendersToken })).body.mail).toBeNull();
    expect((await invoke(stack, 'conversation', { token: sendersToken, mail: 'on' })).status).toBe(404);
    const [id] = await conversationIds(animalId);
    expect((await answer(id as string)).error).toBeNull();
    expect(await stack.mails(stranger)).toHaveLength(1);
  });

  it(`count every e-mail to one address in one window of ${CONVERSATION_LIMITS.finderMailsPerDay} a day, across conversations`, async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const finder = newEmail('finder');
    const found = await lostThenFound(animalId);
    const links = CONVERSATION_LIMITS.finderLinkMailsPerDay;
    for (let index = 0; index < links; index += 1) {
      await writeAs(code, finder);
      // Asked for on the page of the e-mailed link: the household's answer is told, with no owner's text in its
      // subject.
      await wantAnswersFromMail(await stack.lastMail(finder));
      const [id] = await conversationIds(animalId);
      expect((await answer(id as string)).error).toBeNull();
      const [told] = await stack.mails(finder);
      expect(told?.subject).not.toContain('Filou');
      expect(told?.text).toContain('Filou');
    }
    expect(await stack.mails(finder)).toHaveLength(2 * links);
    // Beyond the window: neither a new link nor the word that Filou is home (five opened conversations).
    await writeAs(code, finder);
    await found();
    expect(await stack.mails(finder)).toHaveLength(CONVERSATION_LIMITS.finderMailsPerDay);
    // Every message is stored all the same.
    expect(await conversationIds(animalId)).toHaveLength(links + 1);
  });

  it('stop for good, in later conversations too, after one POST to the List-Unsubscribe URL; opening it changes nothing', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Moka' });
    const finder = newEmail('unsubscribe');
    await writeAs(code, finder);
    const mail = await stack.lastMail(finder);
    const { url, page } = unsubscribeUrl(mail);
    expect(url).not.toContain(encodeURIComponent(finder));
    expect(url).not.toContain(finder);

    // A mail scanner, or a mail client that opens the URL instead of posting to it: sent on to the site's page,
    // in the e-mail's language, and nothing stops.
    for (let index = 0; index < 3; index += 1) {
      const opened = await fetch(url, { redirect: 'manual' });
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(page);
    }
    await writeAs(code, finder);
    expect(await stack.mails(finder)).toHaveLength(2);

    // The mail client's one-click POST (RFC 8058) stops them at once.
    const stopped = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ state: 'stopped' });
    await wantAnswersFromMail(mail);
    const [id] = await conversationIds(animalId);
    expect((await answer(id as string)).error).toBeNull();
    await writeAs(code, finder.toUpperCase());
    expect(await stack.mails(finder)).toHaveLength(2);
    // Again is no error.
    expect((await fetch(url, { method: 'POST' })).status).toBe(200);
  });

  it('refuse an unknown unsubscribe link with 404, and too many tries from one client with 429', async () => {
    const base = `${stack.url}/functions/v1/stop-finder-mail`;
    const from = newClientAddress();
    const { fetchFrom } = await import('@medaille/local-stack/testing');
    for (const token of ['0'.repeat(64), 'x', '']) {
      const response = await fetchFrom(from)(`${base}?token=${token}`, { method: 'POST' });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('finder_mail_link_not_found');
    }
    let last = 0;
    for (let index = 0; index < 40; index += 1)
      last = (await fetchFrom(from)(`${base}?token=x`, { method: 'POST' })).status;
    expect(last).toBe(429);
    expect((await fetchFrom(from)(base, { method: 'PUT' })).status).toBe(405);
  });
});

describe('an animal’s name', () => {
  it('with a line break, a tab, a line separator or a bidi override is refused by the database (400, never 500)', async () => {
    const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
    for (const bad of ['Rex\r\nBcc: x@evil.example', 'Rex\tX', 'Rex\u2028X', 'Rex\u202eX', 'Rex\u0085X']) {
      const { error, status } = await owner.client.from('animals').update({ nom: bad }).eq('id', animalId);
      expect(status).toBe(400);
      expect(error?.message).toContain('animals_nom_caracteres');
      const code = await stack.newCode();
      const registered = await owner.client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: bad } });
      expect(registered.status).toBe(400);
    }
    const { error } = await owner.client.from('animals').update({ nom: 'Rex-Émile d’Artois' }).eq('id', animalId);
    expect(error).toBeNull();
  });

  it('and a health record’s label follow the rule of @medaille/domain’s hasLineOrBidiCharacters, character for character', async () => {
    const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
    const characters = ['\u0001', '\t', '\n', '\r', '\u007f', '\u0085', '\u009f', '\u00a0', '\u200e', '\u2028'];
    characters.push('\u2029', '\u202a', '\u202e', '\u202f', '\u2066', '\u2069', '\u206a', 'é', '’', '🐶');
    for (const character of characters) {
      const name = `Re${character}x`;
      const renamed = await owner.client.from('animals').update({ nom: name }).eq('id', animalId);
      const label = await owner.client
        .from('health_records')
        .insert({ animal_id: animalId, kind: 'vaccination', label: name, given_on: '2026-01-01' });
      const refused = hasLineOrBidiCharacters(name);
      expect([character, renamed.status, label.status]).toEqual([character, refused ? 400 : 204, refused ? 400 : 201]);
    }
  });
});

describe('a subject', () => {
  it('is composed on one line: every run of white space or control characters becomes one space', () => {
    const action = { label: 'Voir', href: 'https://medaille.example/' };
    const mail = ownerMail({
      to: 'a@example.org',
      subject: ' Rex\r\nBcc: x@evil.example\t\u2028\u0085 fin ',
      paragraphs: [],
      action,
    });
    expect(mail.subject).toBe('Rex Bcc: x@evil.example fin');
  });
});
