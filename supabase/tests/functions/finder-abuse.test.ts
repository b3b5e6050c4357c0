// The finder's doors as an attacker tries them: limits keyed on an identity the client cannot
// forge, e-mails to one owner capped, positions that cannot be planted on an animal at home, and bad text
// refused with a clear 4xx.
import { fetchFrom, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

// Small limits, so that a forged header's worth is seen in a few requests: look-ups (misses and one medal's
// openings alike) and messages.
const PROFILE_LIMIT = 5;
const MESSAGE_LIMIT = 5;
beforeAll(async () => {
  stack = await startTestStack({
    functionEnv: {
      PROFILE_RATE_LIMIT_PER_MINUTE: String(PROFILE_LIMIT),
      PROFILE_OPENINGS_PER_MINUTE: String(PROFILE_LIMIT),
      MESSAGE_RATE_LIMIT_PER_HOUR: String(MESSAGE_LIMIT),
    },
  });
  owner = await stack.signedInOwner('abuse');
});
afterAll(() => stack?.close());

/** Headers a client may write to pose as someone else; a gateway replaces them all. */
const forged = (i: number) => ({
  'cf-connecting-ip': `203.0.113.${i}`,
  'x-forwarded-for': `198.51.100.${i}, 192.0.2.${i}`,
  'x-real-ip': `192.0.2.${i}`,
  forwarded: `for=192.0.2.${i}`,
});

describe('who a finder is comes from the socket, as the gateway sees it', () => {
  it('gives no new profile look-ups to a client that forges forwarding headers', async () => {
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i <= PROFILE_LIMIT; i += 1) {
      statuses.push((await invoke(stack, 'get_public_profile', { code: 'MDL-DEMO-REX' }, address, forged(i))).status);
    }
    expect(statuses).toEqual([...Array(PROFILE_LIMIT).fill(200), 429]);
    // Another machine is another client, whatever the first one wrote in its headers.
    expect((await invoke(stack, 'get_public_profile', { code: 'MDL-DEMO-REX' }, newClientAddress())).status).toBe(200);
  });

  it('gives no new messages to a client that forges forwarding headers', async () => {
    const rex = await stack.activatedAnimal(owner.client);
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i <= MESSAGE_LIMIT; i += 1) {
      statuses.push(
        (await invoke(stack, 'post_finder_message', { code: rex.code, message: `n°${i}` }, address, forged(i))).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('search pages', () => {
  it('cannot be walked: guesses count like pages read, forged headers or not, and name nothing', async () => {
    const address = newClientAddress();
    const answers = [];
    for (let i = 0; i <= PROFILE_LIMIT; i += 1) {
      answers.push(await invoke(stack, 'search', { id: crypto.randomUUID() }, address, forged(i)));
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array(PROFILE_LIMIT).fill(200), 429]);
    expect(answers[0]?.body).toEqual({ status: 'not_found' });
    expect(answers.at(-1)?.headers.get('retry-after')).toBe('60');
    // Counted before the id is read: a malformed one costs a try too, and is refused without a database error.
    const other = newClientAddress();
    expect((await invoke(stack, 'search', { id: "1' or 1=1 --" }, other)).body).toEqual({ status: 'not_found' });
    expect((await invoke(stack, 'search', { id: 42 }, other)).status).toBe(400);
  });

  it('nor through their shared links’ pictures: guesses count per client, forged headers or not', async () => {
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i <= PROFILE_LIMIT; i += 1) {
      const response = await fetchFrom(address)(`${stack.url}/functions/v1/search-card?id=${crypto.randomUUID()}`, {
        headers: forged(i),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('60');
    }
    expect(statuses).toEqual([...Array(PROFILE_LIMIT).fill(404), 429]);
  });
});

describe('found animals’ pages', () => {
  it('cannot be walked, nor their finders’ keys guessed: each try counts as a page read, forged headers or not', async () => {
    const { body: report } = await invoke(stack, 'report-found', { species: 'cat', place: 'Quai' }, newClientAddress());
    const address = newClientAddress();
    const answers = [];
    for (let i = 0; i <= PROFILE_LIMIT; i += 1) {
      const guess = i % 2 === 0 ? { id: crypto.randomUUID() } : { id: report.id, token: 'f'.repeat(64), close: true };
      answers.push(await invoke(stack, 'found', guess, address, forged(i)));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array.from({ length: PROFILE_LIMIT }, (_, i) => (i % 2 === 0 ? 200 : 403)),
      429,
    ]);
    expect(answers[0]?.body).toEqual({ status: 'not_found' });
    expect(answers.at(-1)?.headers.get('retry-after')).toBe('60');
    // The report stays open: no guessed key closed it.
    expect((await invoke(stack, 'found', { id: report.id }, newClientAddress())).body.status).toBe('open');
  });
});

describe('sightings on a search page', () => {
  async function search(nom: string) {
    const animal = await stack.activatedAnimal(owner.client, { nom });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
    const { data } = await owner.client.from('searches').select('id').eq('animal_id', animal.animalId).single();
    return { ...animal, searchId: (data as { id: string }).id };
  }
  const sighting = (id: string, words: string, address: string, headers: Record<string, string> = {}) =>
    invoke(stack, 'report-sighting', { id, kind: 'seen', words }, address, headers);

  it('take none more from a client whose sighting the household reported as abusive, and say only it is a limit', async () => {
    const { searchId, animalId } = await search('Réglisse');
    const address = newClientAddress();
    expect((await sighting(searchId, 'Insultes', address)).status).toBe(200);
    const { error } = await owner.client
      .from('sightings')
      .update({ reported_at: new Date().toISOString(), hidden_at: new Date().toISOString() })
      .eq('animal_id', animalId);
    expect(error).toBeNull();
    const again = await sighting(searchId, 'Encore', address);
    expect([again.status, again.body.code]).toEqual([429, 'sighting_rate_limited']);
    expect((await sighting(searchId, 'Vu au parc', newClientAddress())).status).toBe(200);
  });

  it('take 5 an hour from one client on one search, forged headers or not; the next is 429 and not stored', async () => {
    const { searchId, animalId } = await search('Flocon');
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i <= 5; i += 1) statuses.push((await sighting(searchId, `Vu n°${i}`, address, forged(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const { data } = await owner.client.from('sightings').select('words').eq('animal_id', animalId);
    expect(data).toHaveLength(5);
  });

  it('from many addresses are all kept, and mail the household within the finders’ limits (10, then a digest)', async () => {
    const { searchId, animalId } = await search('Tempête');
    const before = (await stack.mails(owner.email)).length;
    for (let i = 0; i < 13; i += 1)
      expect((await sighting(searchId, `Vu rue ${i}`, newClientAddress())).status).toBe(200);
    const all = await stack.mails(owner.email);
    const mails = all.slice(0, all.length - before);
    expect(mails.filter((mail) => mail.subject === 'Tempête a été vu')).toHaveLength(10);
    expect(mails.filter((mail) => mail.subject === "D'autres messages au sujet de Tempête")).toHaveLength(1);
    const { data } = await owner.client.from('sightings').select('id').eq('animal_id', animalId);
    expect(data).toHaveLength(13);
  });

  it('refuse what the database would, with the reason, and name no search for a guessed id', async () => {
    const { searchId } = await search('Brume');
    const address = newClientAddress();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await invoke(stack, 'report-sighting', { id: searchId, kind: 'seen', ...body }, address);
      return [answer.status, answer.body.code];
    };
    expect(await refused({ place: 'x'.repeat(121) })).toEqual([400, 'sighting_too_long']);
    expect(await refused({ place: 'Rue\u202e' })).toEqual([400, 'invalid_characters']);
    expect(await refused({ words: 'a\u0000b' })).toEqual([400, 'invalid_characters']);
    expect(await refused({ words: 'a\u202eb' })).toEqual([400, 'invalid_characters']);
    expect(await refused({ words: 'a\tb' })).toEqual([400, 'invalid_characters']);
    expect(await refused({ kind: 'stolen' })).toEqual([400, 'invalid_request']);
    expect(await refused({ position: { lat: 91, lon: 0 } })).toEqual([400, 'invalid_request']);
    expect(await refused({ seen_at: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([
      400,
      'sighting_in_future',
    ]);
    expect(await refused({ id: crypto.randomUUID() })).toEqual([404, 'search_not_found']);
  });
});

describe('e-mails to one owner about one animal', () => {
  const message = (code: string, text: string, address: string) =>
    invoke(stack, 'post_finder_message', { code, message: text }, address);

  it('still mails a real finder after 2 addresses sent 5 junk messages each, and keeps every message', async () => {
    const mimi = await stack.activatedAnimal(owner.client, { nom: 'Mimi' });
    for (const junk of [newClientAddress(), newClientAddress()]) {
      for (let i = 0; i < 5; i += 1) expect((await message(mimi.code, `Pub ${i}`, junk)).status).toBe(200);
    }
    expect((await message(mimi.code, 'Je l’ai trouvée rue des Lilas', newClientAddress())).status).toBe(200);
    const mails = (await stack.mails(owner.email)).filter((mail) => mail.subject === 'Message au sujet de Mimi');
    expect(mails.filter((mail) => mail.text.includes('Je l’ai trouvée rue des Lilas'))).toHaveLength(1);
    // Each junk address had 3 e-mails, its 2 other messages kept in the inbox only.
    expect(mails).toHaveLength(7);
    const { data } = await owner.client.from('finder_messages').select('id').eq('animal_id', mimi.animalId);
    expect(data).toHaveLength(11);
  });

  it('mails the first 10 finders of an hour, then sends the owner one digest of the others, and keeps them all', async () => {
    const nala = await stack.activatedAnimal(owner.client, { nom: 'Nala' });
    const before = (await stack.mails(owner.email)).length;
    for (let i = 0; i < 15; i += 1) {
      expect((await message(nala.code, `Vue rue ${i}`, newClientAddress())).status).toBe(200);
    }
    const all = await stack.mails(owner.email);
    const mails = all.slice(0, all.length - before); // newest first
    expect(mails.filter((mail) => mail.subject === 'Message au sujet de Nala')).toHaveLength(10);
    const digests = mails.filter((mail) => mail.subject === "D'autres messages au sujet de Nala");
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('11 messages non lus vous attendent');
    expect(digests[0]?.text).toContain(`/mon-compte/animal/${nala.animalId}/historique`);
    expect(mails).toHaveLength(11);
    const { data } = await owner.client.from('finder_messages').select('id').eq('animal_id', nala.animalId);
    expect(data).toHaveLength(15);
  });
});

describe('a shared position', () => {
  const share = (code: string, animalId: string, lat: number) => ({
    codeId: code,
    animalId,
    lat,
    lon: 2.35,
    accuracy: 10,
    consent: true,
  });

  it('does not move the public location of an animal that is not lost, and is kept for its owner', async () => {
    const home = await stack.activatedAnimal(owner.client, { nom: 'Casanier' });
    expect((await invoke(stack, 'record-scan', share(home.code, home.animalId, 48.1))).status).toBe(200);
    const profile = await invoke(stack, 'get_public_profile', { code: home.code });
    expect(profile.body.last_known_location).toBeNull();
    const { data } = await owner.client.from('scan_events').select('lat').eq('animal_id', home.animalId);
    expect(data).toEqual([{ lat: 48.1 }]);
  });

  it('shows where a lost animal was seen until it is found, then forgets it', async () => {
    const lost = await stack.activatedAnimal(owner.client, { nom: 'Fugueur' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', lost.animalId);
    await invoke(stack, 'record-scan', share(lost.code, lost.animalId, 43.3));
    expect((await invoke(stack, 'get_public_profile', { code: lost.code })).body.last_known_location).toMatchObject({
      lat: 43.3,
    });
    await owner.client.from('animals').update({ is_lost: false }).eq('id', lost.animalId);
    expect((await invoke(stack, 'get_public_profile', { code: lost.code })).body.last_known_location).toBeNull();
  });
});

describe('text a person cannot type', () => {
  it('refuses a NUL byte in a message or a contact with a 400 and a French message, and stores nothing', async () => {
    const rex = await stack.activatedAnimal(owner.client);
    for (const payload of [
      { code: rex.code, message: 'Bonjour\u0000' },
      { code: rex.code, contact: '06\u000012' },
    ]) {
      const answer = await invoke(stack, 'post_finder_message', payload);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { code: 'invalid_characters', error: 'Le texte contient des caractères non valides.' },
      });
    }
    const { data } = await owner.client.from('finder_messages').select('id').eq('animal_id', rex.animalId);
    expect(data).toEqual([]);
  });

  it('keeps a position shared with a NUL byte in the user agent, without it', async () => {
    const rex = await stack.activatedAnimal(owner.client);
    const answer = await invoke(stack, 'record-scan', {
      codeId: rex.code,
      lat: 1,
      lon: 2,
      consent: true,
      userAgent: 'Mozilla\u0000/5.0',
    });
    expect(answer.status).toBe(200);
    // Read as the service role: the owner is not shown the finder's browser.
    const { data } = await stack.serviceClient().from('scan_events').select('user_agent').eq('animal_id', rex.animalId);
    expect(data).toEqual([{ user_agent: 'Mozilla/5.0' }]);
  });

  it('answers a NUL byte in a code as an unknown code, not a 500', async () => {
    const answer = await invoke(stack, 'get_public_profile', { code: 'MDL-\u0000' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('not_found');
  });
});

describe('code_status, the one function anonymous callers may run', () => {
  it('answers 30 checks per client in 5 minutes, then 429 with a French message, forged headers or not', async () => {
    const address = newClientAddress();
    const client = stack.client(address);
    for (let i = 0; i < 30; i += 1) {
      const { error } = await client.rpc('code_status', { p_code: `MDL-WALK-${i}` });
      expect(error).toBeNull();
    }
    const refused = await fetchFrom(address)(`${stack.url}/rest/v1/rpc/code_status`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...forged(1) },
      body: JSON.stringify({ p_code: 'MDL-WALK-31' }),
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Trop de vérifications de code. Réessayez dans quelques minutes.',
    );
    const free = await stack.newCode();
    expect((await stack.client().rpc('code_status', { p_code: free })).data).toBe('free');
  });
});
