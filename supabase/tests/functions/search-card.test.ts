// The picture of a search page's shared link (docs/product/search.md, 'Partager'), read as a link preview reads
// it: a GET without any key. It shows the cover photo as the phone gave it, under the page's heading and first
// line in the page's language, and never says more than the page: no name the household hid.

import { PhotonImage } from '@cf-wasm/photon';
import { fetchFrom, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCard } from '../../functions/search-card/card.ts';
import { newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('carte');
});
afterAll(() => stack?.close());

/** A photo of one colour, as a phone's browser may send it: WebP, wider than the card. */
function photoOf([red, green, blue]: [number, number, number], width = 1600, height = 1000): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([red, green, blue, 255], i);
  const image = new PhotonImage(pixels, width, height);
  const webp = image.get_bytes_webp();
  image.free();
  return webp;
}

/** A lost animal with that photo as its cover, and its search page's id. */
async function lostWithCover(nom: string, photo: Uint8Array | null) {
  const animal = await stack.activatedAnimal(owner.client, { nom });
  if (photo) {
    const path = `${animal.animalId}/cover.webp`;
    const upload = await owner.client.storage
      .from('animal-photos')
      .upload(path, new Blob([photo as Uint8Array<ArrayBuffer>], { type: 'image/webp' }));
    if (upload.error) throw upload.error;
    const { data } = await owner.client
      .from('animal_photos')
      .insert({ animal_id: animal.animalId, path, width: 1600, height: 1000, position: 0 })
      .select('id')
      .single();
    await owner.client
      .from('animals')
      .update({ cover_photo_id: (data as { id: string }).id })
      .eq('id', animal.animalId);
  }
  await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
  const { data } = await owner.client
    .from('searches')
    .update({ last_seen_place: 'Près de la boulangerie' })
    .eq('animal_id', animal.animalId)
    .select('id, started_at')
    .single();
  const search = data as { id: string; started_at: string };
  return { ...animal, searchId: search.id, startedAt: search.started_at };
}

/** The picture as a link preview fetches it: no key, no cookie. */
async function card(query: string, method = 'GET', address = newClientAddress()) {
  const response = await fetchFrom(address)(`${stack.url}/functions/v1/search-card?${query}`, { method });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The colour at a point of a JPEG, and its size. */
function read(jpeg: Uint8Array) {
  const image = PhotonImage.new_from_byteslice(jpeg);
  const pixels = image.get_raw_pixels();
  const width = image.get_width();
  const height = image.get_height();
  image.free();
  return {
    width,
    height,
    at: (x: number, y: number) => Array.from(pixels.slice((y * width + x) * 4, (y * width + x) * 4 + 3)),
  };
}

const near = (colour: number[], expected: number[]) =>
  colour.every((value, i) => Math.abs(value - (expected[i] as number)) <= 12);

describe('the picture of a search page’s shared link', () => {
  it('is the cover photo under the page’s heading and first line, in the page’s language, kept a few minutes', async () => {
    const green: [number, number, number] = [40, 160, 60];
    const photo = photoOf(green);
    const { searchId, startedAt } = await lostWithCover('Caramel', photo);

    const { response, bytes } = await card(`id=${searchId}&lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const picture = read(bytes);
    expect([picture.width, picture.height]).toEqual([1200, 630]);
    expect(near(picture.at(600, 200), green)).toBe(true);
    // The words are the page's: the picture is exactly the one composed with them.
    const since = new Date(startedAt).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'Europe/Paris' });
    const expected = await composeCard(photo, {
      heading: 'Help us find Caramel',
      detail: `Search started on ${since} · Près de la boulangerie`,
    });
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    // Without a language it speaks French, the page's own.
    const french = await card(`id=${searchId}`);
    expect(
      Buffer.from(french.bytes).equals(
        Buffer.from(
          await composeCard(photo, {
            heading: 'Aidez-nous à retrouver Caramel',
            detail: `Recherche lancée le ${new Date(startedAt).toLocaleDateString('fr', { dateStyle: 'long', timeZone: 'Europe/Paris' })} · Près de la boulangerie`,
          }),
        ),
      ),
    ).toBe(true);
  });

  it('never names an animal whose household hid its name, and says when it is found', async () => {
    const photo = photoOf([200, 120, 40]);
    const { searchId, animalId, startedAt } = await lostWithCover('Secret', photo);
    await owner.client.from('searches').update({ hide_name: true }).eq('id', searchId);
    const since = new Date(startedAt).toLocaleDateString('fr', { dateStyle: 'long', timeZone: 'Europe/Paris' });
    const hidden = await card(`id=${searchId}&lang=fr`);
    const unnamed = await composeCard(photo, {
      heading: 'Aidez-nous à retrouver cet animal',
      detail: `Recherche lancée le ${since} · Près de la boulangerie`,
    });
    expect(Buffer.from(hidden.bytes).equals(Buffer.from(unnamed))).toBe(true);

    await owner.client.from('animals').update({ is_lost: false }).eq('id', animalId);
    const found = await card(`id=${searchId}&lang=de`);
    expect(
      Buffer.from(found.bytes).equals(Buffer.from(await composeCard(photo, { heading: 'Gefunden!', detail: '' }))),
    ).toBe(true);
  });

  it('is the brand’s colour without a photo, or when the photo’s file is gone', async () => {
    const brand = [154, 52, 18];
    const { searchId } = await lostWithCover('Sans photo', null);
    const { response, bytes } = await card(`id=${searchId}`);
    expect(response.status).toBe(200);
    expect(near(read(bytes).at(600, 200), brand)).toBe(true);

    const gone = await lostWithCover('Fichier perdu', photoOf([0, 0, 255]));
    await owner.client.storage.from('animal-photos').remove([`${gone.animalId}/cover.webp`]);
    const after = await card(`id=${gone.searchId}`);
    expect(after.response.status).toBe(200);
    expect(near(read(after.bytes).at(600, 200), brand)).toBe(true);
  });

  it('answers a HEAD with the headers alone, and an id that names no search 404 without a picture', async () => {
    const { searchId } = await lostWithCover('Tête', null);
    const head = await card(`id=${searchId}`, 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-type')).toBe('image/jpeg');
    expect(head.bytes.length).toBe(0);

    for (const query of [`id=${crypto.randomUUID()}`, 'id=nope', "id=1' or 1=1 --", '']) {
      const { response, bytes } = await card(query);
      expect({ query, status: response.status, length: bytes.length }).toEqual({ query, status: 404, length: 0 });
    }
    expect((await card(`id=${searchId}`, 'POST')).response.status).toBe(400);
  });
});
