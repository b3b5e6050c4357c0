// A found animal's page and 'C'est le mien' over HTTP (docs/product/found.md): the found function shows anyone the
// report as an area with the losses nearby, and its finder, through their private token, the conversations owners
// opened; only that token closes it. claim-found lets an animal's owner or co-owner say it is theirs, which opens
// the masked conversation and e-mails a finder who left an address once, their later e-mails waiting until they
// ask for them; nobody else claims, and neither side reads the other's contact.
import { PhotonImage } from '@cf-wasm/photon';
import { newEmail, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('trouve-page');
});
afterAll(() => stack?.close());

const TOKEN_URL = /\/conversation\/([0-9a-f]{64})$/;

/** A lost animal of the owner's whose search's area is centred at that point. */
async function lostAt(nom: string, espece: string, lat: number, lon: number) {
  const animal = await stack.activatedAnimal(owner.client, { nom, espece });
  await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
  const { data } = await owner.client
    .from('searches')
    .update({ area_lat: lat, area_lon: lon, area_radius_m: 500 })
    .eq('animal_id', animal.animalId)
    .select('id')
    .single();
  return { ...animal, searchId: (data as { id: string }).id };
}

/** A report as the /trouve form sends it; its id and the finder's token. */
async function reported(body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const answer = await invoke(stack, 'report-found', body, newClientAddress());
  expect(answer.status).toBe(200);
  return answer.body as { id: string; token: string };
}

/** The ASCII the EXIF segment below carries, which no stored photo may keep. */
const GPS_MARK = 'GPSLatitude 47.213100 N';

/**
 * A phone's JPEG of one colour, `width` × `height`, with an APP1 'Exif' segment right after its start that
 * names where it was taken (as a phone's camera writes it).
 */
function phoneJpeg(width: number, height: number): string {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([200, 120, 40, 255], i);
  const image = new PhotonImage(pixels, width, height);
  const jpeg = image.get_bytes_jpeg(90);
  image.free();
  const exif = new TextEncoder().encode(`Exif\0\0${GPS_MARK}`);
  const segment = new Uint8Array([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff, ...exif]);
  const marked = new Uint8Array([...jpeg.slice(0, 2), ...segment, ...jpeg.slice(2)]);
  return Buffer.from(marked).toString('base64');
}

const claim = (reportId: string, animalId: string, words: string, client = owner.client) =>
  client.functions.invoke('claim-found', { body: { report_id: reportId, animal_id: animalId, words } });

describe('a found animal’s page', () => {
  it('shows anyone an area and the losses nearby, its species first, never the point, token or address', async () => {
    const cat = await lostAt('Minette', 'cat', 48.8566, 2.3522);
    const dog = await lostAt('Rex', 'dog', 48.857, 2.3525);
    const email = newEmail('trouveur');
    const { id, token } = await reported({
      species: 'cat',
      place: 'Rue de Rivoli, Paris',
      position: { lat: 48.85712, lon: 2.35263 },
      description: 'Tigrée, collier bleu',
      email,
      language: 'en',
    });
    const { status, body, text } = await invoke(stack, 'found', { id }, newClientAddress());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'open',
      species: 'cat',
      place: 'Rue de Rivoli, Paris',
      description: 'Tigrée, collier bleu',
      area: { lat: expect.any(Number), lon: expect.any(Number), radius_m: 400 },
      mine: false,
      mail: null,
      conversations: [],
    });
    const names = body.nearby.map((lost: { name: string }) => lost.name);
    expect(names.indexOf('Minette')).toBeLessThan(names.indexOf('Rex'));
    expect(body.nearby.find((lost: { id: string }) => lost.id === cat.searchId)).toMatchObject({
      species: 'cat',
      distance_m: expect.any(Number),
      photo_url: null,
    });
    expect(body.nearby.some((lost: { id: string }) => lost.id === dog.searchId)).toBe(true);
    for (const secret of ['48.85712', '2.35263', token, email, owner.email]) expect(text).not.toContain(secret);
    // The area's centre is the point kept, 100 to 300 m from the phone's, to some 100 m: never the phone's.
    const { lat, lon } = body.area as { lat: number; lon: number };
    const metres = Math.hypot(
      (lat - 48.85712) * 111_320,
      (lon - 2.35263) * 111_320 * Math.cos((48.857 * Math.PI) / 180),
    );
    expect(metres).toBeGreaterThan(20);
    expect(metres).toBeLessThan(400);
  });

  it('shows its finder, by their token alone, that it is theirs; only that token closes it', async () => {
    const { id, token } = await reported({ species: 'dog', place: 'Quai de la Fosse, Nantes' });
    expect((await invoke(stack, 'found', { id, token }, newClientAddress())).body.mine).toBe(true);
    const other = await reported({ species: 'dog', place: 'Ailleurs' });
    expect((await invoke(stack, 'found', { id, token: other.token }, newClientAddress())).body.mine).toBe(false);

    const wrong = await invoke(stack, 'found', { id, token: other.token, close: true }, newClientAddress());
    expect([wrong.status, wrong.body.code]).toEqual([403, 'found_link_not_valid']);
    const bare = await invoke(stack, 'found', { id, close: true }, newClientAddress());
    expect([bare.status, bare.body.code]).toEqual([403, 'found_link_not_valid']);
    expect((await invoke(stack, 'found', { id }, newClientAddress())).body.status).toBe('open');

    const closed = await invoke(stack, 'found', { id, token, close: true }, newClientAddress());
    expect([closed.status, closed.body]).toEqual([200, { status: 'closed' }]);
    // Closing twice is no error.
    expect((await invoke(stack, 'found', { id, token, close: true }, newClientAddress())).status).toBe(200);
    const after = await invoke(stack, 'found', { id }, newClientAddress());
    expect(after.body).toMatchObject({ status: 'closed', nearby: [] });
  });

  it('answers an id that names nothing as not found, and refuses what is not a request', async () => {
    for (const id of [crypto.randomUUID(), 'pas-un-id', '../etc/passwd']) {
      expect(await invoke(stack, 'found', { id }, newClientAddress())).toMatchObject({
        status: 200,
        body: { status: 'not_found' },
      });
    }
    for (const body of [{}, { id: 42 }, { id: crypto.randomUUID(), token: 7 }]) {
      expect((await invoke(stack, 'found', body, newClientAddress())).status).toBe(400);
    }
  });
});

describe('a found animal’s photos', () => {
  it('are drawn anew without what the camera wrote, at most 1600 px a side, and shown by public URL', async () => {
    expect(Buffer.from(phoneJpeg(8, 8), 'base64').toString('latin1')).toContain(GPS_MARK);
    const { id } = await reported({
      species: 'dog',
      place: 'Quai',
      photos: [phoneJpeg(2400, 1200), phoneJpeg(40, 30)],
    });
    const { body } = await invoke(stack, 'found', { id }, newClientAddress());
    expect(body.photos).toEqual([
      {
        url: expect.stringMatching(/\/storage\/v1\/object\/public\/found-photos\/[0-9a-f-]+\/[0-9a-f-]+\.jpg$/),
        width: 1600,
        height: 800,
      },
      { url: expect.any(String), width: 40, height: 30 },
    ]);
    // Anyone downloads it without a key: a JPEG with none of the camera's metadata.
    const photo = await fetch(body.photos[0].url);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).not.toContain('Exif');
    expect(text).not.toContain(GPS_MARK);
    const image = PhotonImage.new_from_byteslice(bytes);
    expect([image.get_width(), image.get_height()]).toEqual([1600, 800]);
    image.free();
  });

  it('refuses what is not an image, or more than 3, with a clear 4xx, and stores no report', async () => {
    const place = `Quai ${crypto.randomUUID()}`;
    const text = Buffer.from('pas une photo').toString('base64');
    const refusals = [
      [{ species: 'dog', place, photos: [text] }, 400, 'photo_type'],
      [{ species: 'dog', place, photos: Array(4).fill(phoneJpeg(8, 8)) }, 400, 'invalid_request'],
      [{ species: 'dog', place, photos: 'une' }, 400, 'invalid_request'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await invoke(stack, 'report-found', body, newClientAddress());
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
    const { rows } = await stack.db.query('select 1 from public.found_reports where place = $1', [place]);
    expect(rows).toEqual([]);
  });
});

describe('‘Signaler un abus’', () => {
  it('hides a report’s photos and words from the third client on; one client counts once', async () => {
    const { id } = await reported({
      species: 'cat',
      place: 'Rue des Insultes',
      description: 'Un texte déplacé',
      photos: [phoneJpeg(20, 20)],
    });
    const abuse = (address: string) => invoke(stack, 'found', { id, abuse: true }, address);
    const first = newClientAddress();
    expect((await abuse(first)).body).toEqual({ status: 'recorded' });
    expect((await abuse(first)).body).toEqual({ status: 'recorded' });
    expect((await abuse(newClientAddress())).body).toEqual({ status: 'recorded' });
    expect((await invoke(stack, 'found', { id }, newClientAddress())).body.hidden).toBe(false);
    expect((await abuse(newClientAddress())).body).toEqual({ status: 'hidden' });
    const { body } = await invoke(stack, 'found', { id }, newClientAddress());
    expect(body).toMatchObject({ hidden: true, place: null, description: null, words: null, photos: [] });
  });

  it('takes 10 a day from one client, forged headers or not', async () => {
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const { id } = await reported({ species: 'cat', place: `Rue ${i}` });
      const forged = { 'x-forwarded-for': `198.51.100.${i}` };
      statuses.push((await invoke(stack, 'found', { id, abuse: true }, address, forged)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('‘C’est le mien’', () => {
  it('e-mails a finder who left an address their report’s own link, and nothing more until they ask', async () => {
    const lost = await lostAt('Filou', 'cat', 45.1885, 5.7245);
    const email = newEmail('trouveur');
    const { id, token } = await reported({
      species: 'cat',
      position: { lat: 45.189, lon: 5.725 },
      email,
      language: 'de',
    });
    const [mail, ...others] = await stack.mails(email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Ihre Meldung auf Médaille');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<https?:\/\/.+>$/);
    // A key of its own, apart from the page's: opening it shows that the address reads its e-mail.
    const link = mail?.links.find((href) => href.includes('/trouve/')) as string;
    const key = new URL(link).searchParams.get('cle') as string;
    expect(new URL(link).pathname).toBe(`/trouve/${id}`);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(token);
    expect((await invoke(stack, 'found', { id, token: key }, newClientAddress())).body).toMatchObject({
      mine: true,
      mail: 'ask',
    });
    expect((await invoke(stack, 'found', { id, token }, newClientAddress())).body).toMatchObject({
      mine: true,
      mail: null,
    });
    // An owner says it is theirs before the finder asked: nothing is e-mailed; their page lists it.
    expect((await claim(id, lost.animalId, 'C’est Filou !')).error).toBeNull();
    expect(await stack.mails(email)).toHaveLength(1);
    // Only the e-mailed key asks; opening its link asked nothing.
    const refused = await invoke(stack, 'found', { id, token, mail: 'on' }, newClientAddress());
    expect([refused.status, refused.body.code]).toEqual([403, 'found_link_not_valid']);
    expect((await invoke(stack, 'found', { id, token: key, mail: 'on' }, newClientAddress())).body).toEqual({
      mail: 'on',
    });
    expect((await invoke(stack, 'found', { id, token: key }, newClientAddress())).body.mail).toBe('on');
  });

  it('opens the masked conversation with the finder, who is told at once once they asked, answers too', async () => {
    const lost = await lostAt('Caramel', 'cat', 43.6045, 1.444);
    const email = newEmail('trouveur');
    const { id, token } = await reported({
      species: 'cat',
      position: { lat: 43.605, lon: 1.4445 },
      email,
      language: 'en',
    });
    const reportMail = await stack.lastMail(email);
    const key = new URL(reportMail.links.find((href) => href.includes('/trouve/')) as string).searchParams.get('cle');
    expect((await invoke(stack, 'found', { id, token: key, mail: 'on' }, newClientAddress())).status).toBe(200);

    const claimed = await claim(id, lost.animalId, 'Caramel a une tache blanche sous le menton.');
    expect(claimed.error).toBeNull();
    const conversationId = (claimed.data as { conversation_id: string }).conversation_id;

    // The finder's page lists it, with the link to the conversation.
    const page = await invoke(stack, 'found', { id, token }, newClientAddress());
    expect(page.body.conversations).toEqual([
      { token: expect.stringMatching(/^[0-9a-f]{64}$/), name: 'Caramel', created_at: expect.any(String) },
    ]);
    const conversation = await invoke(stack, 'conversation', { token: page.body.conversations[0].token });
    expect(conversation.body).toMatchObject({ status: 'open', animal_name: 'Caramel', language: 'en' });
    expect(conversation.body.messages).toEqual([
      expect.objectContaining({ from: 'household', text: 'Caramel a une tache blanche sous le menton.' }),
    ]);

    // One e-mail, in the report's language, with the conversation's e-mailed link and nothing the owner wrote.
    const subject = 'Someone thinks the animal you found is theirs';
    const mails = await stack.mails(email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toContain('tache');
    expect(mails[0]?.text).not.toContain('Caramel');
    expect(mails[0]?.headers?.['List-Unsubscribe']).toMatch(/^<https?:\/\/.+>$/);
    const mailed = mails[0]?.links.map((link) => TOKEN_URL.exec(link)?.[1]).find(Boolean) as string;
    expect((await invoke(stack, 'conversation', { token: mailed })).body.mail).toBe('on');

    // The household's first answer reaches them at once: the claim's e-mail is not its last answer's.
    const answer = (body: string) =>
      owner.client.functions.invoke('answer-conversation', { body: { conversation_id: conversationId, body } });
    expect((await answer('Vous êtes où ?')).error).toBeNull();
    expect(await stack.mails(email, 'New answer in your conversation on Médaille')).toHaveLength(1);

    // Saying it again answers the same conversation and e-mails nobody again.
    const again = await claim(id, lost.animalId, 'Encore moi');
    expect((again.data as { conversation_id: string }).conversation_id).toBe(conversationId);
    expect(await stack.mails(email, subject)).toHaveLength(1);

    // The household never reads the finder's address, nor the finder the household's.
    const { error } = await owner.client.from('conversations').select('finder_email');
    expect(error?.code).toBe('42501');
    expect(JSON.stringify(conversation.body)).not.toContain(owner.email);
  });

  it('is refused to whoever is not the animal’s owner or co-owner, for a closed report, and without words', async () => {
    const lost = await lostAt('Noisette', 'rabbit', 44.8378, -0.5792);
    const { id, token } = await reported({ species: 'rabbit', place: 'Bordeaux' });
    const stranger = await stack.signedInOwner('inconnu');
    const status = async (result: Promise<{ error: unknown }>) => {
      const { error } = await result;
      const context = (error as { context?: Response } | null)?.context;
      return context ? [context.status, ((await context.json()) as { code: string }).code] : null;
    };
    expect(await status(claim(id, lost.animalId, 'À moi', stranger.client))).toEqual([403, 'not_allowed']);
    expect(await status(claim(id, lost.animalId, '   '))).toEqual([400, 'words_invalid']);
    const anonymous = await invoke(stack, 'claim-found', { report_id: id, animal_id: lost.animalId, words: 'À moi' });
    expect(anonymous.status).toBe(401);
    expect((await invoke(stack, 'found', { id, token, close: true }, newClientAddress())).status).toBe(200);
    expect(await status(claim(id, lost.animalId, 'À moi'))).toEqual([410, 'report_closed']);
    const { rows } = await stack.db.query('select 1 from public.conversations where found_report_id = $1', [id]);
    expect(rows).toEqual([]);
  });

  it('takes 10 claims a day from one account, so that nobody makes us write to every finder', async () => {
    const claimer = await stack.signedInOwner('reclame');
    const animal = await stack.activatedAnimal(claimer.client, { nom: 'Partout', espece: 'dog' });
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const { id } = await reported({ species: 'dog', place: `Rue ${i}`, email: newEmail('trouveur') });
      const { error } = await claim(id, animal.animalId, 'C’est le mien', claimer.client);
      statuses.push((error as { context?: Response } | null)?.context?.status ?? 200);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
