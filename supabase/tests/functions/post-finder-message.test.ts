import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('messages');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());

async function storedMessages() {
  const { data } = await owner.client.from('finder_messages').select('message, contact').eq('animal_id', rex.animalId);
  return data ?? [];
}

describe('post_finder_message', () => {
  it('stores the message and e-mails it to the owner, whose address the finder never sees', async () => {
    const { status, body, text } = await invoke(stack, 'post_finder_message', {
      code: rex.code,
      message: '  Je l’ai trouvé près de la gare.  ',
      contact: '06 11 22 33 44',
    });
    expect(status).toBe(200);
    // With the private link to the conversation it opened.
    expect(body).toEqual({ ok: true, conversation_url: expect.stringMatching(/\/conversation\/[0-9a-f]{64}$/) });
    expect(text).not.toContain(owner.email);
    const [mail] = await stack.mails(owner.email);
    expect(mail?.subject).toBe('Message au sujet de Rex');
    expect(mail?.text).toContain('« Je l’ai trouvé près de la gare. »');
    expect(mail?.text).toContain('Pour lui répondre : 06 11 22 33 44');
    expect(await storedMessages()).toContainEqual({
      message: 'Je l’ai trouvé près de la gare.',
      contact: '06 11 22 33 44',
    });
  });

  it('escapes what the finder wrote in the e-mail', async () => {
    await invoke(stack, 'post_finder_message', { code: rex.code, message: '<script>alert("x")</script>' });
    const [mail] = await stack.mails(owner.email);
    expect(mail?.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('pretends to a robot that filled the hidden field, and does nothing', async () => {
    const before = (await stack.mails(owner.email)).length;
    const { status, body } = await invoke(stack, 'post_finder_message', {
      code: rex.code,
      message: 'Achetez maintenant',
      website: 'http://spam.example',
    });
    expect({ status, body }).toEqual({ status: 200, body: { ok: true } });
    expect(await stack.mails(owner.email)).toHaveLength(before);
    expect((await storedMessages()).map((m) => m.message)).not.toContain('Achetez maintenant');
  });

  it('refuses an empty message, one over 300 characters, a long contact and an unknown code', async () => {
    const cases = [
      [
        { code: rex.code, message: '  ', contact: '' },
        400,
        'message_empty',
        'Écrivez un message ou indiquez comment vous joindre.',
      ],
      [
        { code: rex.code, message: 'x'.repeat(301) },
        400,
        'message_too_long',
        'Le message ne doit pas dépasser 300 caractères.',
      ],
      [
        { code: rex.code, contact: 'x'.repeat(255) },
        400,
        'contact_too_long',
        'Le moyen de contact ne doit pas dépasser 254 caractères.',
      ],
      [{ code: 'MDL-INCONNU', message: 'Bonjour' }, 404, 'code_not_found', 'Code introuvable'],
    ] as const;
    for (const [request, status, code, error] of cases) {
      const answer = await invoke(stack, 'post_finder_message', request);
      expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { code, error } });
    }
    expect((await invoke(stack, 'post_finder_message', { code: rex.code, message: 'x'.repeat(300) })).status).toBe(200);
  });

  it('accepts 60 messages an hour from one address for one medal (many finders behind it), then refuses in French', async () => {
    const address = newClientAddress();
    for (let i = 0; i < 60; i += 1) {
      expect((await invoke(stack, 'post_finder_message', { code: rex.code, message: `n°${i}` }, address)).status).toBe(
        200,
      );
    }
    const over = await invoke(stack, 'post_finder_message', { code: rex.code, message: 'encore' }, address);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      code: 'message_rate_limited',
      error: 'Vous avez déjà envoyé plusieurs messages pour cet animal. Réessayez dans une heure.',
    });
    expect((await invoke(stack, 'post_finder_message', { code: rex.code, message: 'autre finder' })).status).toBe(200);
  });
});
