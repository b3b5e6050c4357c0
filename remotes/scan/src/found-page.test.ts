import type { CallFunction } from '@medaille/scan-contract';
import { describe, expect, it } from 'vitest';
import { foundPage } from './found-page.tsx';

const ID = '0b3f7a52-9d6a-4c1b-9b8e-2f1d3c4b5a70';
const KEY = 'a'.repeat(64);
const SEARCH_ID = '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69';
const REPORT = {
  status: 'open',
  id: ID,
  hidden: false,
  species: 'cat',
  found_at: '2026-11-28T10:00:00Z',
  place: 'Rue de Rivoli, Paris',
  description: 'Tigrée, <b>collier</b> bleu',
  words: null,
  area: { lat: 48.857, lon: 2.353, radius_m: 400 },
  photos: [{ url: 'https://project.test/storage/v1/object/public/found-photos/a/b.jpg', width: 800, height: 600 }],
  mine: false,
  mail: null,
  conversations: [],
  nearby: [
    {
      id: SEARCH_ID,
      name: 'Minette',
      species: 'cat',
      started_at: '2026-11-27T08:00:00Z',
      distance_m: 200,
      photo_url: null,
    },
  ],
};

/** A page asked: /trouve (id null) or /trouve/{id}, with the address's query, a GET or a form posted. */
async function ask(
  answer: CallFunction,
  {
    id = ID as string | null,
    query = '?lang=en',
    form,
  }: { id?: string | null; query?: string; form?: Record<string, string> } = {},
) {
  const request = new Request(`https://medaille.test/trouve${id ? `/${id}` : ''}${query}`, {
    method: form ? 'POST' : 'GET',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) }
      : {}),
  });
  const response = await foundPage({
    request,
    params: { id },
    context: { callFunction: answer },
    styles: [],
    config: { supabaseUrl: 'https://project.test', supabaseAnonKey: 'key', imageTransformations: false },
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The functions as the page calls them: what each was sent, and `answers` by name. */
function functions(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: { name: string; body: Record<string, unknown> }[] = [];
  const call: CallFunction = async (name, body) => {
    calls.push({ name, body: body as Record<string, unknown> });
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer();
  };
  return { call, calls };
}

describe('the form that reports a found animal, /trouve', () => {
  it('sends the report in the reader’s language, then leads to its page through the finder’s private link', async () => {
    const { call, calls } = functions({
      'report-found': () => Response.json({ status: 'recorded', id: ID, token: KEY }),
    });
    const page = await ask(call, {
      id: null,
      form: {
        species: 'cat',
        place: 'Rue de Rivoli',
        when: '2026-11-28T11:00',
        description: 'Tigrée',
        email: 'a@b.fr',
        lat: '',
        lon: '',
      },
    });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/trouve/${ID}?lang=en&cle=${KEY}&envoye=1`);
    expect(calls[0]).toEqual({
      name: 'report-found',
      body: expect.objectContaining({
        species: 'cat',
        place: 'Rue de Rivoli',
        position: null,
        description: 'Tigrée',
        email: 'a@b.fr',
        language: 'en',
        // 11:00 in Paris, in winter.
        found_at: '2026-11-28T10:00:00.000Z',
      }),
    });
  });

  it('sends up to 3 photos in base64, and refuses a fourth or one too large before sending anything', async () => {
    const { call, calls } = functions({
      'report-found': () => Response.json({ status: 'recorded', id: ID, token: KEY }),
    });
    const post = (photos: Uint8Array<ArrayBuffer>[]) => {
      const form = new FormData();
      form.set('species', 'cat');
      form.set('place', 'Quai');
      for (const bytes of photos) form.append('photos', new File([bytes], 'IMG.JPG', { type: 'image/jpeg' }));
      return foundPage({
        request: new Request('https://medaille.test/trouve?lang=en', { method: 'POST', body: form }),
        params: { id: null },
        context: { callFunction: call },
        styles: [],
        config: { supabaseUrl: 'https://project.test', supabaseAnonKey: 'key', imageTransformations: false },
        signal: AbortSignal.timeout(5000),
      });
    };
    const jpeg = (size: number) => new Uint8Array(size).fill(0x2a);
    expect((await post([jpeg(3), jpeg(4)])).status).toBe(303);
    expect(calls[0]?.body.photos).toEqual([btoa('***'), btoa('****')]);
    const four = await post([jpeg(3), jpeg(3), jpeg(3), jpeg(3)]);
    expect([four.status, (await four.text()).includes('Send 3 photos at most.')]).toEqual([400, true]);
    const heavy = await post([jpeg(701 * 1024)]);
    expect([heavy.status, (await heavy.text()).includes('The photo is too large (700 KB at most).')]).toEqual([
      400,
      true,
    ]);
    expect(calls).toHaveLength(1);
  });

  it('keeps the position it was sent with when refused, and says a photo’s refusal in the reader’s words', async () => {
    const refused = (code: string, error: string) =>
      functions({ 'report-found': () => Response.json({ code, error }, { status: 400 }) }).call;
    const form = { species: 'dog', place: 'Quai', lat: '47.21301', lon: '-1.55892' };
    const future = await ask(refused('found_in_future', 'L’heure indiquée est dans le futur.'), { id: null, form });
    expect(future.html).toContain('name="lat" value="47.21301"');
    expect(future.html).toContain('name="lon" value="-1.55892"');
    expect(future.html).toContain('Position added: it is used to tell the families');
    const photo = await ask(refused('photo_type', 'La photo doit être au format JPEG, PNG ou WebP.'), {
      id: null,
      form,
    });
    expect([photo.status, photo.html.includes('The photo must be a JPEG, PNG or WebP.')]).toEqual([400, true]);
    const french = await ask(refused('photo_type', 'La photo doit être au format JPEG, PNG ou WebP.'), {
      id: null,
      query: '?lang=fr',
      form,
    });
    expect(french.html).toContain('La photo doit être au format JPEG, PNG ou WebP.');
  });

  it('asks where, before sending anything, when neither a place nor a position is given', async () => {
    const { call, calls } = functions({});
    const page = await ask(call, {
      id: null,
      form: { species: 'dog', place: ' ', description: 'Beagle', lat: '', lon: '' },
    });
    expect(page.status).toBe(400);
    expect(page.html).toContain('Say where you found it, or add your position.');
    expect(page.html).toContain('>Beagle</textarea>');
    expect(calls).toEqual([]);
  });

  it('says each refusal in the reader’s words with its status, and the service down as such', async () => {
    const refused = (code: string, status: number, headers?: Record<string, string>) =>
      functions({ 'report-found': () => Response.json({ code, error: 'Non.' }, { status, headers }) }).call;
    const form = { species: 'dog', place: 'Quai', email: 'pas-une-adresse' };
    const invalid = await ask(refused('finder_email_invalid', 400), { id: null, form });
    expect([invalid.status, invalid.html.includes('The e-mail address is not valid.')]).toEqual([400, true]);
    expect(invalid.html).toContain('value="pas-une-adresse"');
    const limited = await ask(refused('found_rate_limited', 429, { 'Retry-After': '86400' }), { id: null, form });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '86400']);
    expect(limited.html).toContain('You have already reported several animals today. Try again tomorrow.');
    const down = await ask(functions({ 'report-found': () => new Response('oops', { status: 502 }) }).call, {
      id: null,
      form,
    });
    expect([down.status, down.headers.get('retry-after')]).toEqual([503, '60']);
    expect(down.html).toContain('The service is temporarily unavailable. Try again in a moment.');
  });
});

describe('a found animal’s page, /trouve/{id}', () => {
  it('shows the animal and the losses nearby, each leading to its search page, and ‘C’est le mien’', async () => {
    const { call, calls } = functions({ found: () => Response.json(REPORT) });
    const page = await ask(call);
    expect(page.status).toBe(200);
    expect(calls[0]?.body).toEqual({ id: ID });
    expect(page.html).toContain('<h1>Found animal: Cat</h1>');
    expect(page.html).toContain('Tigrée, &lt;b&gt;collier&lt;/b&gt; bleu');
    expect(page.html).toContain('Within about 400 m');
    expect(page.html).toContain(`href="/recherche/${SEARCH_ID}"`);
    expect(page.html).toContain('about 200 m away');
    expect(page.html).toContain(`href="/mon-compte/trouve/${ID}"`);
    expect(page.html).toContain('src="https://project.test/storage/v1/object/public/found-photos/a/b.jpg"');
    expect(page.html).toContain('name="action" value="abuse"');
    expect(page.html).not.toContain('value="close"');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('shows its finder, through their link, the owners’ conversations and the way to close it', async () => {
    const conversation = 'c'.repeat(64);
    const mine = {
      ...REPORT,
      mine: true,
      conversations: [{ token: conversation, name: 'Minette', created_at: '2026-11-28T12:00:00Z' }],
    };
    const { call, calls } = functions({ found: () => Response.json(mine) });
    const page = await ask(call, { query: `?lang=en&cle=${KEY}&envoye=1` });
    expect(calls[0]?.body).toEqual({ id: ID, token: KEY });
    expect(page.html).toContain('Thank you! Your report is online');
    expect(page.html).toContain('Minette’s owner thinks it is theirs');
    expect(page.html).toContain(`href="/conversation/${conversation}"`);
    expect(page.html).toContain('name="action" value="close"');
    expect(page.html).not.toContain('/mon-compte/trouve/');
    // Changing language keeps the key, not the word that the form was sent.
    expect(page.html).toContain(`href="?lang=de&amp;cle=${KEY}"`);
  });

  it('takes ‘Signaler un abus’ and says it was recorded; a hidden report shows none of the finder’s words', async () => {
    const { call, calls } = functions({ found: () => Response.json({ status: 'recorded' }) });
    const sent = await ask(call, { form: { action: 'abuse' } });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/trouve/${ID}?lang=en&signale=1`);
    expect(calls[0]?.body).toEqual({ id: ID, abuse: true });
    const said = await ask(functions({ found: () => Response.json(REPORT) }).call, { query: '?lang=en&signale=1' });
    expect(said.html).toContain('Thank you: your report of abuse is recorded.');
    expect(said.html).not.toContain('value="abuse"');
    const hidden = { ...REPORT, hidden: true, place: null, description: null, photos: [] };
    const page = await ask(functions({ found: () => Response.json(hidden) }).call);
    expect(page.html).toContain('This report was hidden after several reports of abuse.');
    expect(page.html).not.toContain('/mon-compte/trouve/');
    const limited = await ask(
      functions({
        found: () =>
          Response.json({ code: 'found_abuse_rate_limited' }, { status: 429, headers: { 'Retry-After': '86400' } }),
      }).call,
      { form: { action: 'abuse' } },
    );
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '86400']);
  });

  it('lets its finder, through the e-mailed link alone, ask to be told when an owner writes', async () => {
    const ask_ = { ...REPORT, mine: true, mail: 'ask' };
    const page = await ask(functions({ found: () => Response.json(ask_) }).call, { query: `?lang=en&cle=${KEY}` });
    expect(page.html).toContain('Would you like an e-mail when an owner writes to you?');
    expect(page.html).toContain('name="action" value="mail"');
    const { call, calls } = functions({ found: () => Response.json({ mail: 'on' }) });
    const asked = await ask(call, { query: `?lang=en&cle=${KEY}`, form: { action: 'mail' } });
    expect([asked.status, asked.headers.get('location')]).toEqual([303, `/trouve/${ID}?lang=en&cle=${KEY}`]);
    expect(calls[0]?.body).toEqual({ id: ID, token: KEY, mail: 'on' });
    const on = await ask(functions({ found: () => Response.json({ ...ask_, mail: 'on' }) }).call, {
      query: `?lang=en&cle=${KEY}`,
    });
    expect(on.html).toContain('You will get an e-mail when an owner writes to you.');
    // Sent without a position: the finder is told it matches no loss.
    const unplaced = { ...REPORT, mine: true, area: null, nearby: [] };
    const sent = await ask(functions({ found: () => Response.json(unplaced) }).call, {
      query: `?lang=en&cle=${KEY}&envoye=1`,
    });
    expect(sent.html).toContain('Without a position it cannot be matched with the lost animals around');
  });

  it('says a key that is not the report’s, and shows the public page', async () => {
    const page = await ask(functions({ found: () => Response.json(REPORT) }).call, { query: `?cle=${KEY}` });
    expect(page.status).toBe(403);
    expect(page.html).toContain('Ce lien privé n’est pas celui de ce signalement.');
    expect(page.html).toContain('Perdus près d’ici');
  });

  it('closes it with the key, then says so; without it, refuses', async () => {
    const { call, calls } = functions({ found: () => Response.json({ status: 'closed' }) });
    const closed = await ask(call, { query: `?lang=en&cle=${KEY}`, form: { action: 'close' } });
    expect(closed.status).toBe(303);
    expect(closed.headers.get('location')).toBe(`/trouve/${ID}?lang=en&cle=${KEY}&clos=1`);
    expect(calls[0]?.body).toEqual({ id: ID, token: KEY, close: true });
    const keyless = await ask(functions({}).call, { form: { action: 'close' } });
    expect(keyless.status).toBe(400);
  });

  it('answers an unknown report 404, too many pages 429 and the service down 503, each in words', async () => {
    const notFound = await ask(functions({ found: () => Response.json({ status: 'not_found' }) }).call);
    expect([notFound.status, notFound.html.includes('This report does not exist')]).toEqual([404, true]);
    const busy = await ask(
      functions({ found: () => Response.json({ code: 'x' }, { status: 429, headers: { 'Retry-After': '60' } }) }).call,
    );
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '60']);
    const down = await ask(functions({ found: () => Promise.reject(new Error('down')) }).call);
    expect([down.status, down.headers.get('retry-after')]).toEqual([503, '60']);
  });
});
