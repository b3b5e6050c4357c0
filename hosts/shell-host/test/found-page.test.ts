// A found animal's pages, /trouve and /trouve/{id}, rendered by the scan deployment through the host from the
// report-found and found functions, usable without any script: the form sends a report and leads its finder to
// the report's page through their private link; the page shows an area, never the point, with the losses nearby,
// and its finder closes it with their link alone.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { foundPath, pathOf, searchPath } from '@medaille/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOverStack } from './support.ts';

let stack: TestStack;
let site: Awaited<ReturnType<typeof hostOverStack>>;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('found-page');
  site = await hostOverStack(stack);
});

afterAll(async () => {
  await site?.close();
  await stack?.close();
});

const open = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { headers, redirect: 'manual' });
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

describe('a found animal’s pages', () => {
  it('take a report without JavaScript, lead its finder to its page, show the loss nearby and close', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Pistache', espece: 'cat' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
    const { data: search } = await owner.client
      .from('searches')
      .update({ area_lat: 47.218371, area_lon: -1.553621, area_radius_m: 500 })
      .eq('animal_id', animal.animalId)
      .select('id')
      .single();
    const searchId = (search as { id: string }).id;

    const form = await open(`${pathOf('reportFound')}?lang=en`);
    expect(form.status).toBe(200);
    const formPage = await form.text();
    expect(formPage).toContain('<h1>I found an animal</h1>');
    expect(formPage).toContain('<option value="cat">Cat</option>');
    expect(formPage.match(/<script/g)).toHaveLength(1);

    const sent = await post(`${pathOf('reportFound')}?lang=en`, {
      species: 'cat',
      when: '',
      place: 'Place du Commerce, Nantes',
      lat: '47.21301',
      lon: '-1.55892',
      description: 'Tigré <b>roux</b>',
      words: '',
      email: '',
    });
    expect(sent.status).toBe(303);
    const privateLink = sent.headers.get('location') ?? '';
    const [, id, key] = /^\/trouve\/([0-9a-f-]{36})\?lang=en&cle=([0-9a-f]{64})&envoye=1$/.exec(privateLink) ?? [];
    expect(id && key).toBeTruthy();

    const mine = await open(privateLink);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('referrer-policy')).toBe('no-referrer');
    const minePage = await mine.text();
    expect(minePage).toContain('Thank you! Your report is online');
    expect(minePage).toContain('Tigré &lt;b&gt;roux&lt;/b&gt;');
    expect(minePage).toContain(`href="${searchPath(searchId)}"`);
    expect(minePage).toContain('Pistache');
    for (const secret of ['47.21301', '-1.55892', '47.218371']) expect(minePage, secret).not.toContain(secret);

    // Anyone else reads the public page: 'C'est le mien', not the finder's part.
    const publicPage = await (await open(foundPath(id as string))).text();
    expect(publicPage).toContain('C’est le mien');
    expect(publicPage).toContain('name="action" value="abuse"');
    expect(publicPage).not.toContain('value="close"');
    expect(publicPage).not.toContain(key as string);

    const closed = await post(`${foundPath(id as string)}?lang=en&cle=${key}`, { action: 'close' });
    expect(closed.status).toBe(303);
    const after = await (await open(closed.headers.get('location') ?? '')).text();
    expect(after).toContain('The report is closed. Thank you for your help!');
    expect(after).not.toContain('Pistache');
  });

  it('answers 404 for an id that names no report, of any form', async () => {
    for (const id of [crypto.randomUUID(), 'pas-un-id', '%3Cscript%3E']) {
      const response = await open(`/trouve/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.text()).toContain('Ce signalement n’existe pas ou n’est plus en ligne.');
    }
  });
});
