import type { CallFunction } from '@medaille/scan-contract';
import { describe, expect, it } from 'vitest';
import { conversationPage } from './conversation-page.tsx';

const TOKEN = 'ab'.repeat(32);
const OPEN = {
  status: 'open',
  code: 'MDL-REX',
  animal_name: 'Rex',
  language: 'fr',
  expires_at: '2026-12-26T10:00:00Z',
  messages: [
    { id: 'm1', from: 'finder', text: 'Je l’ai trouvé', contact: null, with_photo: false, at: '2026-11-26T10:00:00Z' },
  ],
};

const SEND_KEY = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

/** The page asked with a message posted, the function answering a write as `write` says. */
async function post(write: (body: Record<string, unknown>) => Promise<Response>) {
  const callFunction: CallFunction = async (_name, body) =>
    'message' in (body as object) ? write(body as Record<string, unknown>) : Response.json(OPEN);
  const request = new Request(`https://medaille.test/conversation/${TOKEN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ message: 'Je suis au pont', send_key: SEND_KEY }),
  });
  const response = await conversationPage({
    request,
    params: { token: TOKEN },
    context: { callFunction },
    styles: [],
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, html: await response.text() };
}

describe('the conversation page, when a message is not taken', () => {
  it('gives the finder back what they typed with the refusal’s words', async () => {
    const refused = await post(async () =>
      Response.json({ code: 'message_rate_limited', error: 'Trop de messages.' }, { status: 429 }),
    );
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Trop de messages.');
    expect(refused.html).toContain('>Je suis au pont</textarea>');
  });

  it('gives it back too when the function fails or does not answer, to send again', async () => {
    for (const write of [
      async () => new Response('oops', { status: 500 }),
      async () => Promise.reject(new TypeError('fetch failed')),
    ]) {
      const failed = await post(write);
      expect(failed.status).toBe(503);
      expect(failed.html).toContain('Une erreur est survenue. Veuillez réessayer.');
      expect(failed.html).toContain('>Je suis au pont</textarea>');
    }
  });

  it('sends the key its form was drawn with, and draws the form again with it: sent again, it is stored once', async () => {
    const sent: unknown[] = [];
    const failed = await post(async (body) => {
      sent.push(body.send_key);
      return new Response('oops', { status: 500 });
    });
    expect(sent).toEqual([SEND_KEY]);
    expect(failed.html).toContain(`name="send_key" value="${SEND_KEY}"`);
  });
});

describe('the conversation page once the animal is home', () => {
  it('says so in the finder’s language, agreed with the animal, in the server’s HTML', async () => {
    const read = async (language: string, sex: string) => {
      const found = { ...OPEN, language, animal_name: 'Mina', animal_sex: sex };
      found.messages = [
        ...OPEN.messages,
        { id: 'r1', from: 'household', kind: 'found', text: null, at: '2026-11-26T11:00:00Z' } as never,
      ];
      const response = await conversationPage({
        request: new Request(`https://medaille.test/conversation/${TOKEN}`),
        params: { token: TOKEN },
        context: { callFunction: async () => Response.json(found) },
        styles: [],
        signal: AbortSignal.timeout(5000),
      });
      return response.text();
    };
    expect(await read('en', 'F')).toContain('Mina is back home. Thank you!');
    expect(await read('fr', 'F')).toContain('Mina est rentrée chez elle, merci !');
    expect(await read('fr', 'M')).toContain('Mina est rentré chez lui, merci !');
  });

  it('names no animal when opened from a search page whose household hides the name', async () => {
    const unnamed = {
      ...OPEN,
      language: 'en',
      animal_name: null,
      messages: [
        ...OPEN.messages,
        { id: 'r1', from: 'household', kind: 'found', text: null, at: '2026-11-26T11:00:00Z' },
      ],
    };
    const response = await conversationPage({
      request: new Request(`https://medaille.test/conversation/${TOKEN}`),
      params: { token: TOKEN },
      context: { callFunction: async () => Response.json(unnamed) },
      styles: [],
      signal: AbortSignal.timeout(5000),
    });
    const html = await response.text();
    expect(html).toContain('<h1>Conversation about this animal</h1>');
    expect(html).toContain('The animal is back home. Thank you!');
    expect(html).not.toMatch(/about null|>null</);
  });
});

describe('the conversation page of a medal an operator suspended', () => {
  const closed = (language: string) => async () =>
    Response.json(
      {
        code: 'conversation_suspended',
        error: 'Cette médaille a été suspendue. Contactez le support pour en savoir plus.',
        language,
      },
      { status: 410 },
    );
  const read = async (language: string) => {
    const response = await conversationPage({
      request: new Request(`https://medaille.test/conversation/${TOKEN}`),
      params: { token: TOKEN },
      context: { callFunction: closed(language) },
      styles: [],
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status, html: await response.text() };
  };

  it('says so, with no message form, in French and in the finder’s language', async () => {
    const french = await read('fr');
    expect(french.status).toBe(410);
    expect(french.html).toContain('Cette médaille a été suspendue. Contactez le support pour en savoir plus.');
    expect(french.html).not.toContain('<textarea');
    const english = await read('en');
    expect(english.html).toContain('This tag has been suspended. Contact support to find out more.');
  });
});

describe('the conversation page read through the link e-mailed to the finder', () => {
  /** The page for a GET or a POST of `form`, the function answering reads with `mail`; the bodies it was sent. */
  async function page(mail: 'ask' | 'on' | null, form?: Record<string, string>) {
    const sent: unknown[] = [];
    const callFunction: CallFunction = async (_name, body) => {
      sent.push(body);
      return 'mail' in (body as object) ? Response.json({ mail: 'on' }) : Response.json({ ...OPEN, mail });
    };
    const request = new Request(`https://medaille.test/conversation/${TOKEN}`, {
      method: form ? 'POST' : 'GET',
      ...(form
        ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) }
        : {}),
    });
    const response = await conversationPage({
      request,
      params: { token: TOKEN },
      context: { callFunction },
      styles: [],
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status, html: await response.text(), sent };
  }

  it('offers to be told of answers by a button, which opening the page never presses', async () => {
    const offered = await page('ask');
    expect(offered.html).toContain('Voulez-vous être prévenu par e-mail quand le propriétaire vous répond ?');
    const button = /<button ([^>]*)>Me prévenir par e-mail<\/button>/.exec(offered.html)?.[1] ?? '';
    expect(button).toContain('type="submit"');
    expect(button).toContain('name="mail"');
    expect(button).toContain('value="on"');
    expect(offered.sent).toEqual([{ token: TOKEN }]);
    expect((await page('on')).html).toContain('Vous serez prévenu par e-mail quand le propriétaire vous répond.');
    // The sender's link: nothing of it.
    expect((await page(null)).html).not.toContain('par e-mail');
  });

  it('asks for the answers when the button is pressed, then shows the page again by GET', async () => {
    const pressed = await page('ask', { mail: 'on' });
    expect(pressed.sent).toEqual([{ token: TOKEN, mail: 'on' }]);
    expect(pressed.status).toBe(303);
  });
});

describe('the conversation page of a closed link', () => {
  const closed = async (answer: Record<string, unknown>, status = 410) => {
    const response = await conversationPage({
      request: new Request(`https://medaille.test/conversation/${TOKEN}`),
      params: { token: TOKEN },
      context: { callFunction: async () => Response.json(answer, { status }) },
      styles: [],
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status, html: await response.text() };
  };
  const blocked = { code: 'conversation_blocked', error: 'Le propriétaire a clos cette conversation.', language: 'fr' };

  it('leads a blocked link back to the animal’s page, and to the call its page offers', async () => {
    const page = await closed({
      ...blocked,
      reach: { code: 'MDL-REX', name: 'Rex', public_phone: '+33612345678', show_public_phone: true },
    });
    expect(page.status).toBe(410);
    expect(page.html).toContain('Le propriétaire a clos cette conversation.');
    expect(page.html).toContain(
      '<a class="md-button md-button-primary" href="tel:+33612345678">Appeler le propriétaire</a>',
    );
    expect(page.html).toContain('<a class="md-button md-button-secondary" href="/MDL-REX">Voir la page de Rex</a>');
  });

  it('calls the second contact by name when theirs is the number shown, in the finder’s language', async () => {
    const page = await closed({
      ...blocked,
      language: 'en',
      reach: {
        code: 'MDL-REX',
        name: 'Rex',
        show_public_phone: false,
        second_contact_name: 'Marie',
        second_contact_phone: '+33711223344',
        show_second_contact_phone: true,
      },
    });
    expect(page.html).toContain('href="tel:+33711223344">Call Marie</a>');
    expect(page.html).toContain('href="/MDL-REX">See Rex&#x27;s page</a>');
  });

  it('offers the page alone when it shows no number, and nothing for a link it does not know', async () => {
    const page = await closed({ ...blocked, reach: { code: 'MDL-REX', name: 'Rex', show_public_phone: false } });
    expect(page.html).toContain('href="/MDL-REX"');
    expect(page.html).not.toContain('tel:');
    const unknown = await closed({ code: 'conversation_not_found', error: 'Cette conversation est introuvable.' }, 404);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Ce lien n&#x27;est pas, ou plus, valable.');
    expect(unknown.html).not.toContain('href="/');
  });

  it('says a cut link opens nothing, in the browser’s language, without asking the function', async () => {
    const asked: unknown[] = [];
    const response = await conversationPage({
      request: new Request(`https://medaille.test/conversation/${TOKEN.slice(5)}`, {
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      }),
      params: { token: TOKEN.slice(5) },
      context: {
        callFunction: async (name) => {
          asked.push(name);
          return Response.json({});
        },
      },
      styles: [],
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This link is not, or no longer, valid.');
    expect(asked).toEqual([]);
  });
});
