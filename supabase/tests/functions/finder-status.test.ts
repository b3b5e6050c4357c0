// What a finder says they are doing, over HTTP (post_finder_message): 'Je l'ai avec moi', 'Je l'ai vu ici' with
// the position they agreed to give, 'Je l'ai déposé chez un vétérinaire / à la mairie' with the place; the
// household's e-mail says it in its subject, at once, even past the messages' own limits.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('statuts');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());

const says = (body: Record<string, unknown>, address = newClientAddress()) =>
  invoke(stack, 'post_finder_message', { code: rex.code, ...body }, address);

describe('a finder saying what they are doing', () => {
  it('needs no words, and the household’s e-mail says it first', async () => {
    const answer = await says({ status: 'with_me' });
    expect(answer.status).toBe(200);
    const [mail] = await stack.mails(owner.email);
    expect(mail?.subject).toBe("Rex est avec quelqu'un qui l'a trouvé");
    expect(mail?.text).toContain("« Je l'ai avec moi »");
    // Quoted once, in the text part as in the HTML (never '« « Je l'ai avec moi » »').
    expect(mail?.text).not.toContain('« «');
    expect(mail?.html).toContain('>Je l&#39;ai avec moi</blockquote>');
    const { data } = await owner.client
      .from('finder_messages')
      .select('message, finder_status')
      .eq('animal_id', rex.animalId);
    expect(data).toContainEqual({ message: null, finder_status: 'with_me' });
  });

  it('gives where the animal was seen as a point on the map, only with the finder’s consent', async () => {
    const position = { lat: 45.764, lon: 4.8357, accuracy: 20 };
    expect((await says({ status: 'seen_here', position })).body).toEqual({
      code: 'consent_required',
      error: 'Votre accord est nécessaire pour partager votre position.',
    });
    expect((await says({ status: 'seen_here', position: { lat: 95, lon: 4 }, consent: true })).body).toEqual({
      code: 'invalid_location',
      error: 'Position invalide.',
    });
    expect((await says({ status: 'seen_here', position, consent: true, message: 'Au parc' })).status).toBe(200);
    const [mail] = await stack.mails(owner.email);
    expect(mail?.subject).toBe("Quelqu'un a vu Rex");
    expect(mail?.html).toContain('https://www.openstreetmap.org/?mlat=45.764&amp;mlon=4.8357');
    expect(mail?.text).toContain('« Au parc »');
  });

  it('names the place the animal was left at, which it needs, in French when it is missing or too long', async () => {
    expect((await says({ status: 'dropped_off', place: '  ' })).body).toEqual({
      code: 'place_required',
      error: "Indiquez où vous l'avez déposé.",
    });
    expect((await says({ status: 'dropped_off', place: 'x'.repeat(121) })).body).toEqual({
      code: 'place_too_long',
      error: 'Le lieu ne doit pas dépasser 120 caractères.',
    });
    expect((await says({ status: 'gone' })).status).toBe(400);
    expect((await says({ status: 'dropped_off', place: 'Mairie de Lyon 3e' })).status).toBe(200);
    const [mail] = await stack.mails(owner.email);
    // The place is the finder's words: in the body, not the subject.
    expect(mail?.subject).toBe("Quelqu'un a déposé Rex");
    expect(mail?.text).toContain("« Je l'ai déposé chez un vétérinaire / à la mairie\nLieu : Mairie de Lyon 3e »");
  });

  it('agrees with a female animal, in the subject and in the words quoted, as the finder read them', async () => {
    const mina = await stack.activatedAnimal(owner.client, { nom: 'Mina', sexe: 'F' });
    const minaSays = (body: Record<string, unknown>) =>
      invoke(stack, 'post_finder_message', { code: mina.code, ...body }, newClientAddress());
    expect((await minaSays({ status: 'with_me' })).status).toBe(200);
    expect((await stack.mails(owner.email))[0]?.subject).toBe("Mina est avec quelqu'un qui l'a trouvée");
    expect((await minaSays({ status: 'seen_here' })).status).toBe(200);
    expect((await stack.mails(owner.email))[0]?.text).toContain("« Je l'ai vue ici »");
    expect((await minaSays({ status: 'dropped_off', place: 'Clinique du Parc' })).status).toBe(200);
    expect((await stack.mails(owner.email))[0]?.text).toContain(
      "« Je l'ai déposée chez un vétérinaire / à la mairie\nLieu : Clinique du Parc »",
    );
  });

  it('reaches the household at once where a plain message from the same connection no longer would', async () => {
    const address = newClientAddress();
    for (let index = 0; index < 3; index += 1)
      expect((await says({ message: `Vu ${index}` }, address)).status).toBe(200);
    const before = (await stack.mails(owner.email)).length;
    await says({ message: 'Encore vu' }, address);
    expect(await stack.mails(owner.email)).toHaveLength(before);
    await says({ status: 'with_me', message: 'Je le garde' }, address);
    const mails = await stack.mails(owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe("Rex est avec quelqu'un qui l'a trouvé");
  });
});
