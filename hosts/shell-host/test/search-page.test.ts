// A loss's search page, /recherche/{id}: rendered by the scan deployment through the host from the search
// function, in the reader's language, usable without any script; it shows the animal, the household's words and an
// area, never the household's contacts nor a point, and says plainly when a search is not there.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { searchPath } from '@medaille/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOverStack } from './support.ts';

let stack: TestStack;
let site: Awaited<ReturnType<typeof hostOverStack>>;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('search-page');
  site = await hostOverStack(stack);
});

afterAll(async () => {
  await site?.close();
  await stack?.close();
});

/** A lost animal of the owner's whose household gave a phone and an address to finders, and its search's id. */
async function lostAnimal(nom: string) {
  const code = await stack.newCode();
  const { data, error } = await owner.client.rpc('register_animal_with_code', {
    p_code: code,
    p_animal: { nom, espece: 'cat', sexe: 'F' },
  });
  if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
  const animalId = data.animal_id as string;
  const updated = await owner.client
    .from('animals')
    .update({
      couleur: 'Tigrée',
      is_lost: true,
      public_phone: '+33698765432',
      show_public_phone: true,
      public_address_line: '3 rue des Lilas',
      public_city: 'Nantes',
      show_public_address: true,
    })
    .eq('id', animalId);
  if (updated.error) throw new Error(updated.error.message);
  const { data: search } = await owner.client.from('searches').select('id').eq('animal_id', animalId).single();
  return { animalId, searchId: (search as { id: string }).id };
}

const open = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers });

describe('a loss’s search page', () => {
  it('shows the animal, the household’s words and an area in the reader’s language, never the household', async () => {
    const { searchId } = await lostAnimal('Mistigri');
    const worded = await owner.client
      .from('searches')
      .update({
        description: 'Porte un collier <b>rouge</b>.',
        last_seen_place: 'Rue des Lilas, Nantes',
        area_lat: 47.218371,
        area_lon: -1.553621,
        area_radius_m: 500,
      })
      .eq('id', searchId);
    expect(worded.error).toBeNull();

    const french = await open(searchPath(searchId));
    expect(french.status).toBe(200);
    expect(french.headers.get('cache-control')).toBe('private, no-store');
    expect(french.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await french.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('Aidez-nous à retrouver Mistigri');
    expect(page).toContain('Tigrée');
    // The household's words as text, never as markup.
    expect(page).toContain('Porte un collier &lt;b&gt;rouge&lt;/b&gt;.');
    expect(page).toContain('Rue des Lilas, Nantes');
    expect(page).toContain('Dans un rayon d’environ 500 m');
    expect(page).toContain('#map=16/47.218/-1.554');
    for (const secret of ['+33698765432', '3 rue des Lilas', '47.218371', owner.email]) {
      expect(page, secret).not.toContain(secret);
    }
    // Two scripts, the photo's (made small before it is sent) and the push button's ('Suivre cette recherche');
    // everything works without them.
    expect(page.match(/<script/g)).toHaveLength(2);
    // A shared link shows the animal: the page's heading, since when and where (Open Graph, Twitter's card).
    expect(page).toContain('<meta property="og:title" content="Aidez-nous à retrouver Mistigri">');
    expect(page).toMatch(
      /<meta property="og:description" content="Recherche lancée le [^"]+ · Rue des Lilas, Nantes">/,
    );
    // Its picture, composed from the cover photo with the same words (search-card), which a preview reads by GET.
    const picture = `${stack.url}/functions/v1/search-card?id=${searchId}&amp;lang=fr`;
    expect(page).toContain(`<meta property="og:image" content="${picture}">`);
    expect(page).toContain(
      '<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">',
    );
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
    const image = await fetch(picture.replace('&amp;', '&'));
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    const english = await (await open(searchPath(searchId), { 'accept-language': 'en-GB,en;q=0.9' })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Help us find Mistigri');
    expect(english).toContain('Within about 500 m');
    expect(english).toContain(`search-card?id=${searchId}&amp;lang=en">`);
    expect(await (await open(`${searchPath(searchId)}?lang=nl`)).text()).toContain('Help ons Mistigri te vinden');
  });

  it('hides the name when the household asks, and says the animal was found once it is', async () => {
    const { animalId, searchId } = await lostAnimal('Voleuse');
    await owner.client.from('searches').update({ hide_name: true }).eq('id', searchId);
    const hidden = await (await open(searchPath(searchId))).text();
    expect(hidden).toContain('Aidez-nous à retrouver cet animal');
    expect(hidden).toContain('<meta property="og:image:alt" content="Aidez-nous à retrouver cet animal">');
    expect(hidden).not.toContain('Voleuse');

    await owner.client.from('searches').update({ thanks: 'Merci à vous <b>tous</b> !' }).eq('id', searchId);
    await owner.client.from('animals').update({ is_lost: false }).eq('id', animalId);
    const found = await open(searchPath(searchId));
    expect(found.status).toBe(200);
    const home = await found.text();
    expect(home).toContain('Retrouvé !');
    // The household's own thanks, as text.
    expect(home).toContain('Merci à vous &lt;b&gt;tous&lt;/b&gt; !');
  });

  it('answers 404 for an id that names no search, of any form', async () => {
    for (const id of [crypto.randomUUID(), 'pas-un-id', '%3Cscript%3E']) {
      const response = await open(`/recherche/${id}`);
      expect(response.status, id).toBe(404);
      const text = await response.text();
      expect(text).toContain('Cette recherche n’existe pas ou n’est plus en ligne.');
      expect(text).not.toContain('<script');
    }
  });

  it('takes a sighting from its form without JavaScript, tells the household, and shows it', async () => {
    const { searchId } = await lostAnimal('Noisette');
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${site.url}${searchPath(searchId)}?lang=en`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields),
      });

    // Refused: the page again, the form as written, the reason in the reader's language.
    const refused = await post({ kind: 'seen', place: 'x'.repeat(121), words: 'Près du <b>parc</b>' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('The place must be at most 120 characters, the message 500.');
    expect(again).toContain('Près du &lt;b&gt;parc&lt;/b&gt;</textarea>');

    // A browser sends a textarea's lines as CRLF: kept as lines.
    const lines = await post({ kind: 'seen', place: 'Quai', words: 'Sous le pont,\r\nprès des escaliers.' });
    expect(lines.status).toBe(303);
    expect(await (await open(searchPath(searchId))).text()).toContain('Sous le pont,\nprès des escaliers.');

    const seen = await post({ kind: 'seen', place: 'Quai', when: '', words: 'Vue sur le quai' });
    expect(seen.status).toBe(303);
    const location = seen.headers.get('location') ?? '';
    expect(location).toBe(`${searchPath(searchId)}?lang=en&envoye=1#signaler`);
    expect(await (await open(location)).text()).toContain('Thank you! Its family has been told.');

    // 'Je l'ai avec moi' leads on to the masked conversation it opened with the household, in English.
    const withMe = await post({
      kind: 'with_me',
      place: 'Place Royale',
      when: '',
      words: 'Elle est avec moi <b>ici</b>',
    });
    expect(withMe.status).toBe(303);
    const conversation = withMe.headers.get('location') ?? '';
    expect(conversation).toMatch(/^\/conversation\/[0-9a-f]{64}$/);
    const talk = await (await open(conversation)).text();
    expect(talk).toContain('<html lang="en"');
    expect(talk).toContain('Place Royale · Elle est avec moi &lt;b&gt;ici&lt;/b&gt;');
    const after = await (await open(searchPath(searchId))).text();
    expect(after).toContain('Je l&#x27;ai avec moi');
    expect(after).toContain('Elle est avec moi &lt;b&gt;ici&lt;/b&gt;');

    const mail = await stack.lastMail(owner.email);
    expect(mail.subject).toBe("Quelqu'un dit avoir Noisette avec lui");
    expect(mail.text).toContain('Place Royale');
    expect(mail.text).toMatch(/Lui répondre : \S+\/historique/);

    // A body that is no form is refused, and nothing is stored.
    const json = await post({}, { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
  });

  it('takes a photo and a position with a sighting, for the household alone; a photo too large is refused in the reader’s words', async () => {
    const { searchId } = await lostAnimal('Caramel');
    const jpeg = (size: number) => {
      const bytes = new Uint8Array(size).fill(0x2a);
      bytes.set([0xff, 0xd8, 0xff, 0xe0]);
      return new File([bytes], 'IMG_0042.JPG', { type: 'image/jpeg' });
    };
    const send = (photo: File) => {
      const form = new FormData();
      form.set('kind', 'seen');
      form.set('place', 'Quai de la Fosse');
      form.set('words', 'Vu ce matin');
      // As the form's script writes the phone's position, once the person asked for it.
      form.set('lat', '47.21234');
      form.set('lon', '-1.56789');
      form.set('photo', photo);
      return fetch(`${site.url}${searchPath(searchId)}?lang=en`, { method: 'POST', redirect: 'manual', body: form });
    };
    // Over what may be sent, a phone's photo as it was taken: refused as such, never as the service down.
    for (const size of [700 * 1024 + 1, 3 * 1024 * 1024]) expect((await send(jpeg(size))).status).toBe(400);
    const large = await send(jpeg(3 * 1024 * 1024));
    const again = await large.text();
    expect(again).toContain('The photo is too large (700 KB at most). Choose another one or send without a photo.');
    expect(again).toContain('>Vu ce matin</textarea>');

    const sent = await send(jpeg(20_000));
    expect(sent.status).toBe(303);
    const { data } = await owner.client
      .from('sightings')
      .select('photo_path, words, lat, lon')
      .eq('search_id', searchId);
    expect(data).toEqual([
      { photo_path: expect.stringMatching(/\.jpg$/), words: 'Vu ce matin', lat: 47.21234, lon: -1.56789 },
    ]);
    const page = await (await open(searchPath(searchId))).text();
    expect(page).toContain('Vu ce matin');
    expect(page).not.toContain('47.21234');
    expect(page).not.toContain((data as { photo_path: string }[])[0]?.photo_path ?? 'jpg');
  });

  it('is followed by e-mail without JavaScript: confirmed by a button on the e-mail’s link, never by opening it, and stopped', async () => {
    const { searchId } = await lostAnimal('Pralin');
    const page = `${searchPath(searchId)}?lang=en`;
    const post = (fields: Record<string, string>) =>
      fetch(`${site.url}${page}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const follower = `voisin-${crypto.randomUUID()}@example.org`;

    const invalid = await post({ action: 'follow', email: 'voisin<b>@' });
    expect(invalid.status).toBe(400);
    const refused = await invalid.text();
    expect(refused).toContain('The e-mail address is not valid.');
    expect(refused).toContain('value="voisin&lt;b&gt;@"');

    const asked = await post({ action: 'follow', email: follower });
    expect(asked.status).toBe(303);
    const back = asked.headers.get('location') ?? '';
    expect(back).toBe(`${searchPath(searchId)}?lang=en&suivi-demande=1#suivre`);
    expect(await (await open(back)).text()).toContain(
      'Almost done: confirm from the e-mail we have just sent to this address.',
    );

    // The e-mail's link opens the page, which asks: opened twice (a mail scanner, then the person), nothing changes.
    const link = new URL((await stack.lastMail(follower)).links.find((href) => href.includes('suivi=')) ?? '');
    expect(link.pathname).toBe(searchPath(searchId));
    const linked = `${link.pathname}${link.search}`;
    for (let i = 0; i < 2; i += 1) {
      const opened = await (await open(linked)).text();
      expect(opened).toContain('Confirm that you want to follow this search by e-mail.');
    }
    const token = link.searchParams.get('suivi') ?? '';
    const confirmed = await post({ action: 'confirm', token });
    expect(confirmed.status).toBe(303);
    const following = await (await open(confirmed.headers.get('location') ?? '')).text();
    expect(following).toContain('You follow this search by e-mail.');
    expect(following).toContain('Stop following');

    const stopped = await post({ action: 'stop', token });
    expect(stopped.headers.get('location')).toBe(`${searchPath(searchId)}?lang=en&suivi-arrete=1#suivre`);
    expect(await (await open(stopped.headers.get('location') ?? '')).text()).toContain(
      'You no longer follow this search.',
    );
    expect(await (await open(linked)).text()).toContain('This follow link is no longer valid.');
    // A form of no known kind is refused, and changes nothing.
    expect((await post({ action: 'everything', token })).status).toBe(400);
  });

  it('carries its two scripts, the photo’s and following by push, each allowed by the page’s policy', async () => {
    const { searchId } = await lostAnimal('Sésame');
    const response = await open(searchPath(searchId));
    const html = await response.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(2);
    for (const script of scripts) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script));
      const hash = `'sha256-${Buffer.from(digest).toString('base64')}'`;
      expect(response.headers.get('content-security-policy')).toContain(hash);
    }
    expect(html).toMatch(/id="suivre-notification" class="search-follow-push" hidden="" data-key="[A-Za-z0-9_-]{87}"/);
  });
});
