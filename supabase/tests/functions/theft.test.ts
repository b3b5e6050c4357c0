// A stolen animal's medal, scanned (docs/product/theft.md): whoever holds the animal gets the very page anyone
// would (same answer, same headers), while the household is told of every opening at once, with the time and
// the language the page was read in; a flood of openings cannot bury the household's mailbox.

import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('vole');
});
afterAll(() => stack?.close());

const alert = (nom: string) => `Alerte vol : la médaille de ${nom} vient d'être scannée`;

async function stolen(nom: string) {
  const animal = await stack.activatedAnimal(owner.client, { nom });
  const { data, error } = await owner.client
    .from('thefts')
    .insert({ animal_id: animal.animalId, stolen_at: new Date(Date.now() - 3_600_000).toISOString() })
    .select('id')
    .single();
  if (error) throw error;
  return { ...animal, theftId: data.id as string };
}

/** The medal's page as a finder's browser asks it, in a language. */
const open = (code: string, address = newClientAddress(), acceptLanguage = 'fr-FR,fr;q=0.9') =>
  invoke(stack, 'get_public_profile', { code }, address, { 'accept-language': acceptLanguage });

describe('a stolen animal’s medal page', () => {
  it('is word for word the page it was, and its headers too', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Pareil' });
    const before = await open(animal.code);
    await owner.client
      .from('thefts')
      .insert({ animal_id: animal.animalId, stolen_at: new Date(Date.now() - 60_000).toISOString() });
    const after = await open(animal.code);
    expect(after.text).toBe(before.text);
    expect([...after.headers].filter(([name]) => !['date', 'content-length'].includes(name))).toEqual(
      [...before.headers].filter(([name]) => !['date', 'content-length'].includes(name)),
    );
  });

  it('alerts the household at every opening, at once, with the time and the page’s language', async () => {
    const { code, animalId } = await stolen('Filou');
    expect((await open(code, newClientAddress(), 'en-GB,en;q=0.9')).status).toBe(200);
    // Through the scan page's server render: the language the page chose, said in the body.
    expect((await invoke(stack, 'get_public_profile', { code, language: 'nl' })).status).toBe(200);
    await expect.poll(() => stack.mails(owner.email, alert('Filou'))).toHaveLength(2);
    const texts = (await stack.mails(owner.email, alert('Filou'))).map((mail) => mail.text);
    expect(texts.some((text) => text.includes(`(${code}), le `) && text.includes(', en anglais.'))).toBe(true);
    expect(texts.some((text) => text.includes(', en néerlandais.'))).toBe(true);
    expect(texts.every((text) => text.includes('La page ne parle pas du vol'))).toBe(true);
    // Each opening is in the household's history, as a lost animal's are.
    const { data } = await owner.client.from('profile_views').select('id').eq('animal_id', animalId);
    expect(data).toHaveLength(2);
  });

  it('tells one finder’s visit once, and at most 30 openings an hour: a flood stays a flood of pages', async () => {
    const { code } = await stolen('Inonde');
    const finder = newClientAddress();
    await open(code, finder);
    await open(code, finder);
    await expect.poll(() => stack.mails(owner.email, alert('Inonde'))).toHaveLength(1);
    for (let i = 0; i < 35; i += 1) expect((await open(code)).status).toBe(200);
    await expect.poll(() => stack.mails(owner.email, alert('Inonde'))).toHaveLength(30);
  });

  it('says nothing once the animal is back, nor for an animal never stolen', async () => {
    const { code, theftId } = await stolen('Rentre');
    await owner.client.from('thefts').update({ found_at: new Date().toISOString() }).eq('id', theftId);
    const never = await stack.activatedAnimal(owner.client, { nom: 'Jamais' });
    await open(code);
    await open(never.code);
    // A lost animal's own alert still comes, as the page it shows says (the control that mails arrive here).
    const lost = await stack.activatedAnimal(owner.client, { nom: 'Egare' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', lost.animalId);
    await open(lost.code);
    await expect.poll(() => stack.mails(owner.email, "Le profil de Egare vient d'être consulté")).toHaveLength(1);
    expect(await stack.mails(owner.email, alert('Rentre'))).toEqual([]);
    expect(await stack.mails(owner.email, alert('Jamais'))).toEqual([]);
  });
});
