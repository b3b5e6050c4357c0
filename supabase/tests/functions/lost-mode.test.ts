// While an animal is lost, each opening of its page is recorded for the owner, and the owner is
// e-mailed at most once every 10 minutes per animal; nothing of the kind while it is not lost.

import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { animalHistoryPath } from '@medaille/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('lost');
});
afterAll(() => stack?.close());

async function lostAnimal(nom: string, sexe: 'M' | 'F' | null = null) {
  const animal = await stack.activatedAnimal(owner.client, { nom });
  const { error } = await owner.client.from('animals').update({ is_lost: true, sexe }).eq('id', animal.animalId);
  if (error) throw error;
  return animal;
}

// Read as the functions' service role: the owner may not read client_hash.
const views = async (animalId: string) =>
  (
    await stack
      .serviceClient()
      .from('profile_views')
      .select('id, code_id, client_hash, created_at')
      .eq('animal_id', animalId)
  ).data ?? [];

describe('a lost animal’s page opened by finders', () => {
  it('records every opening and e-mails the owner once, with a link to the history', async () => {
    const { code, animalId } = await lostAnimal('Perdue');
    for (let i = 0; i < 4; i += 1) {
      const answer = await invoke(stack, 'get_public_profile', { code });
      expect(answer.status).toBe(200);
      // The finder's answer never carries the owner's address.
      expect(answer.text).not.toContain(owner.email);
    }
    const recorded = await views(animalId);
    expect(recorded).toHaveLength(4);
    expect(new Set(recorded.map((view) => view.client_hash)).size).toBe(4);
    for (const view of recorded) expect(view.client_hash).not.toMatch(/^127\./);

    await expect.poll(() => stack.mails(owner.email, "Le profil de Perdue vient d'être consulté")).toHaveLength(1);
    const [mail] = await stack.mails(owner.email, "Le profil de Perdue vient d'être consulté");
    expect(mail?.links.some((link) => new URL(link).pathname === animalHistoryPath(animalId))).toBe(true);
  });

  it("words the e-mail by the animal's sex: 'signalée comme perdue' for a female, 'signalé comme perdu' otherwise", async () => {
    for (const [nom, sexe, words] of [
      ['Gribouille', 'F', 'Gribouille, signalée comme perdue.'],
      ['Grigri', 'M', 'Grigri, signalé comme perdu.'],
      ['Gris', null, 'Gris, signalé comme perdu.'],
    ] as const) {
      const { code } = await lostAnimal(nom, sexe);
      await invoke(stack, 'get_public_profile', { code });
      const subject = `Le profil de ${nom} vient d'être consulté`;
      await expect.poll(() => stack.mails(owner.email, subject)).toHaveLength(1);
      expect((await stack.mails(owner.email, subject))[0]?.text).toContain(words);
    }
  });

  it('e-mails again once 10 minutes have passed since the last e-mail', async () => {
    const { code, animalId } = await lostAnimal('Revue');
    await invoke(stack, 'get_public_profile', { code });
    await stack.db.query(
      "update public.rate_limit_hits set window_start = now() - interval '11 minutes' where bucket = $1",
      [`lost-view-mail:${animalId}`],
    );
    await invoke(stack, 'get_public_profile', { code });
    await invoke(stack, 'get_public_profile', { code });
    await expect.poll(() => stack.mails(owner.email, "Le profil de Revue vient d'être consulté")).toHaveLength(2);
  });

  it('counts one opening per visit: the same finder asking again within 5 minutes is the same opening', async () => {
    // The scan page asks for the profile again after a shared position or a retry; that is no new visitor.
    const { code, animalId } = await lostAnimal('Une visite');
    const finder = newClientAddress();
    await invoke(stack, 'get_public_profile', { code }, finder);
    await invoke(stack, 'get_public_profile', { code }, finder);
    expect(await views(animalId)).toHaveLength(1);
    await stack.db.query(
      "update public.profile_views set created_at = now() - interval '6 minutes' where animal_id = $1",
      [animalId],
    );
    await invoke(stack, 'get_public_profile', { code }, finder);
    expect(await views(animalId)).toHaveLength(2);
  });

  it('records nothing and sends nothing while the animal is not lost', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Maison' });
    await invoke(stack, 'get_public_profile', { code });
    expect(await views(animalId)).toEqual([]);
    expect(await stack.mails(owner.email, "Le profil de Maison vient d'être consulté")).toEqual([]);
  });
});
