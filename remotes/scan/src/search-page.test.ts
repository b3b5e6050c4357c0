import type { CallFunction } from '@medaille/scan-contract';
import { describe, expect, it } from 'vitest';
import { searchPage } from './search-page.tsx';

const ID = '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69';
const SEARCHING = {
  status: 'searching',
  id: ID,
  name: 'Caramel',
  species: 'cat',
  breed: null,
  color: 'Roux',
  sex: 'M',
  birth_year: null,
  temperament: null,
  started_at: '2026-11-28T10:00:00Z',
  found_at: null,
  description: null,
  last_seen_at: null,
  last_seen_place: null,
  area: null,
  photos: [],
  sightings: [],
};

/** The page asked (a GET, or a sighting posted), the functions answering as `answer` says. */
async function ask(answer: CallFunction, form?: Record<string, string>) {
  const request = new Request(`https://medaille.test/recherche/${ID}?lang=en`, {
    method: form ? 'POST' : 'GET',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) }
      : {}),
  });
  const response = await searchPage({
    request,
    params: { id: ID },
    context: { callFunction: answer },
    styles: [],
    config: { supabaseUrl: 'https://project.test', supabaseAnonKey: 'key', imageTransformations: false },
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const reading =
  (sighting: CallFunction): CallFunction =>
  async (name, body, signal) =>
    name === 'search' ? Response.json(SEARCHING) : sighting(name, body, signal);

describe('a search page when a function fails', () => {
  it('says the service is down, with when to come back, never that the reader did wrong', async () => {
    for (const answer of [
      async () => new Response('oops', { status: 500 }),
      async () => Promise.reject(new Error('down')),
    ]) {
      const page = await ask(answer);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('60');
      expect(page.html).toContain('The service is temporarily unavailable. Try again in a moment.');
    }
  });

  it('gives a sighting back to send again when report-sighting fails, and keeps its refusal’s status', async () => {
    const down = await ask(
      reading(async () => new Response('oops', { status: 502 })),
      { kind: 'with_me', place: 'Quai', words: 'Sous le pont' },
    );
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('60');
    expect(down.html).toContain('The service is temporarily unavailable.');
    expect(down.html).toContain('>Sous le pont</textarea>');
    expect(down.html).toContain('value="Quai"');

    const limited = await ask(
      reading(async () =>
        Response.json(
          { code: 'sighting_rate_limited', error: 'Trop.' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
      { kind: 'seen', words: 'Encore' },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    expect(limited.html).toContain('You have already reported this animal several times. Try again in an hour.');
  });
});

describe('following a search when follow-search fails or refuses', () => {
  it('keeps the address typed, says the service is down with when to come back, and a limit in the reader’s words', async () => {
    const down = await ask(
      reading(async () => Promise.reject(new Error('down'))),
      { action: 'follow', email: 'voisine@example.org' },
    );
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('60');
    expect(down.html).toContain('The service is temporarily unavailable.');
    expect(down.html).toContain('value="voisine@example.org"');
    // The sighting's form is not said to have failed.
    expect(down.html.match(/role="alert"/g)).toHaveLength(1);

    const limited = await ask(
      reading(async () =>
        Response.json(
          { code: 'search_follow_rate_limited', error: 'Trop.' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
      { action: 'follow', email: 'voisine@example.org' },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    expect(limited.html).toContain('Too many requests from your connection. Try again in an hour.');
  });
});

describe('the e-mails’ link to a follow', () => {
  const open = async (answer: CallFunction) => {
    const response = await searchPage({
      request: new Request(`https://medaille.test/recherche/${ID}?lang=en&suivi=${'a'.repeat(64)}`),
      params: { id: ID },
      context: { callFunction: answer },
      styles: [],
      config: { supabaseUrl: 'https://project.test', supabaseAnonKey: 'key', imageTransformations: false },
      signal: AbortSignal.timeout(5000),
    });
    return response.text();
  };

  it('says a link is no longer valid only when follow-search says so, not when it is busy or down', async () => {
    const following = (follow: () => Promise<Response>) =>
      open(async (name) => (name === 'search' ? Response.json(SEARCHING) : follow()));
    expect(await following(async () => Response.json({ state: 'pending' }))).toContain(
      'Confirm that you want to follow this search by e-mail.',
    );
    expect(
      await following(async () => Response.json({ code: 'search_follow_link_not_found' }, { status: 404 })),
    ).toContain('This follow link is no longer valid.');
    const busy = await following(async () =>
      Response.json({ code: 'search_follow_rate_limited' }, { status: 429, headers: { 'Retry-After': '3600' } }),
    );
    expect(busy).toContain('Too many requests from your connection. Try again in an hour.');
    expect(busy).not.toContain('no longer valid');
    const down = await following(async () => Promise.reject(new Error('down')));
    expect(down).toContain('The service is temporarily unavailable.');
    expect(down).not.toContain('no longer valid');
  });
});

describe('the time of a sighting', () => {
  it('is read as French time, summer or winter, and a value that is no time is refused before anything is sent', async () => {
    const sent: unknown[] = [];
    const taking = reading(async (_name, body) => {
      sent.push(body);
      return Response.json({ ok: true });
    });
    expect((await ask(taking, { kind: 'seen', when: '2026-07-01T14:00' })).status).toBe(303);
    expect((await ask(taking, { kind: 'seen', when: '2026-12-01T14:00' })).status).toBe(303);
    expect(sent.map((body) => (body as { seen_at: string }).seen_at)).toEqual([
      '2026-07-01T12:00:00.000Z',
      '2026-12-01T13:00:00.000Z',
    ]);
    const odd = await ask(taking, { kind: 'seen', when: 'demain' });
    expect(odd.status).toBe(400);
    expect(sent).toHaveLength(2);
  });
});
