// A passer-by reports an animal found without a medal (docs/product/found.md), over HTTP as a page would: stored
// with the nearby losses of its species it matches, answered with the report's id and a private token whose hash
// alone the database keeps; bad input refused with a clear 4xx and nothing stored; at most 5 reports a day per
// client, whatever headers it forges.
import { createHash } from 'node:crypto';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('trouve');
});
afterAll(() => stack?.close());

const report = (body: Record<string, unknown>, address = newClientAddress(), headers: Record<string, string> = {}) =>
  invoke(stack, 'report-found', body, address, headers);

const reportsWith = async (place: string) =>
  (await stack.db.query('select id from public.found_reports where place = $1', [place])).rows;

describe('reporting an animal found without a medal', () => {
  it('stores it with the nearby loss of its species, and gives the finder a token only they have', async () => {
    const lost = await stack.activatedAnimal(owner.client, { nom: 'Grisou', espece: 'cat' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', lost.animalId);
    const { data: search } = await owner.client
      .from('searches')
      .update({ area_lat: 47.2184, area_lon: -1.5536, area_radius_m: 500 })
      .eq('animal_id', lost.animalId)
      .select('id')
      .single();

    const answer = await report({
      species: 'cat',
      place: 'Rue Crébillon, Nantes',
      position: { lat: 47.2131, lon: -1.5604 },
      description: 'Gris, <b>collier</b> rouge',
      words: 'Il est au chaud chez moi.\r\nTrès calme.',
      language: 'en',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'recorded',
      id: expect.any(String),
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const { rows } = await stack.db.query<Record<string, unknown>>(
      `select species, place, description, words, language, token_hash, client_hash, closed_at
       from public.found_reports where id = $1`,
      [answer.body.id],
    );
    expect(rows[0]).toMatchObject({
      species: 'cat',
      place: 'Rue Crébillon, Nantes',
      description: 'Gris, <b>collier</b> rouge',
      words: 'Il est au chaud chez moi.\nTrès calme.',
      language: 'en',
      token_hash: createHash('sha256').update(answer.body.token).digest('hex'),
      closed_at: null,
    });
    expect(JSON.stringify(rows[0])).not.toContain(answer.body.token);
    const matches = await stack.db.query('select search_id from public.found_matches where found_report_id = $1', [
      answer.body.id,
    ]);
    expect(matches.rows).toEqual([{ search_id: (search as { id: string }).id }]);
  });

  it('tells the household of the loss nearby once, by e-mail, as its panel lists the report, at most hourly', async () => {
    const lost = await stack.activatedAnimal(owner.client, { nom: 'Bella', espece: 'dog', sexe: 'F' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', lost.animalId);
    await owner.client
      .from('searches')
      .update({ area_lat: 45.764, area_lon: 4.8357, area_radius_m: 500 })
      .eq('animal_id', lost.animalId);
    const subject = 'Un animal trouvé près de la zone de recherche de Bella';
    const found = { species: 'dog', place: 'Parc de la Tête d’Or, Lyon', position: { lat: 45.774, lon: 4.8357 } };
    expect((await report({ ...found, description: 'Labrador <i>sable</i>, sans collier' })).status).toBe(200);
    expect((await runDeliverOutbox(stack)).status).toBe(200);
    await expect.poll(() => stack.mails(owner.email, subject)).toHaveLength(1);
    const [mail] = await stack.mails(owner.email, subject);
    expect(mail?.text).toContain("près de l'endroit où Bella a été perdue. Est-ce elle ?");
    expect(mail?.text).toContain('Chien trouvé le ');
    // 1.1 km from the area's centre as the phone gave it; the point kept is 100 to 300 m off it.
    expect(mail?.text).toMatch(
      /: Parc de la Tête d’Or, Lyon, à environ (800|900|1000|1100|1200|1300|1400) m du centre de la zone\. Labrador <i>sable<\/i>, sans collier/,
    );
    expect(mail?.html).toContain('Labrador &lt;i&gt;sable&lt;/i&gt;');
    expect(mail?.text).not.toContain('45.774');
    // A second report within the hour waits for the next one's e-mail.
    expect((await report(found)).status).toBe(200);
    await runDeliverOutbox(stack);
    expect(await stack.mails(owner.email, subject)).toHaveLength(1);
  });

  it('refuses what it cannot store with a clear 4xx, and stores nothing then', async () => {
    const place = `Place ${crypto.randomUUID()}`;
    const refusals = [
      [{ species: 'dragon', place }, 400, 'invalid_request'],
      [{ place }, 400, 'invalid_request'],
      [{ species: 'cat', place, position: { lat: 100, lon: 2 } }, 400, 'invalid_request'],
      [{ species: 'cat', place, found_at: 'hier' }, 400, 'invalid_request'],
      [{ species: 'cat', place: `${place} ${'x'.repeat(120)}` }, 400, 'found_too_long'],
      [{ species: 'cat', place, description: 'x'.repeat(301) }, 400, 'found_too_long'],
      [{ species: 'cat', place: `${place}\nNantes` }, 400, 'invalid_characters'],
      [{ species: 'cat', place, words: 'vu \u202e ici' }, 400, 'invalid_characters'],
      [{ species: 'cat', place, found_at: new Date(Date.now() + 3_600_000).toISOString() }, 400, 'found_in_future'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await report(body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await reportsWith(place)).toEqual([]);
  });

  it('takes 5 reports a day from one client, forged headers or not', async () => {
    const address = newClientAddress();
    const forged = (i: number) => ({ 'cf-connecting-ip': `203.0.113.${i}`, 'x-forwarded-for': `198.51.100.${i}` });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await report({ species: 'dog' }, address, forged(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await report({ species: 'dog' }, address);
    expect([refused.body.code, refused.headers.get('retry-after')]).toEqual(['found_rate_limited', '86400']);
    // Another machine is another client.
    expect((await report({ species: 'dog' })).status).toBe(200);
  });
});
