// A loss's public search page in SQL (schemas/searches.sql): the lost switch opens and ends it, the household
// words it, and public_search shows a passer-by the animal and an area, never the household or a point.

import { FINDER_LANGUAGES } from '@medaille/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let keeper: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  [owner, keeper, stranger] = [
    await t.createOwner('recherche'),
    await t.createOwner('gardienne'),
    await t.createOwner('passant'),
  ];
});
afterAll(() => t?.close());

async function value<T = Record<string, unknown>>(actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.as(actor, (tx) => tx.query<{ value: T }>(`select ${sql} as value`, params));
  return rows[0]?.value as T;
}

const setLost = (actor: Actor, animalId: string, lost: boolean) =>
  t.as(actor, (tx) => tx.query('update public.animals set is_lost = $2 where id = $1', [animalId, lost]));

const searchesOf = async (animalId: string) =>
  (
    await t.db.query<{ id: string; found: boolean }>(
      'select id, found_at is not null as found from public.searches where animal_id = $1 order by started_at',
      [animalId],
    )
  ).rows;

/** An animal of the owner's with every private field filled, and a keeper until tomorrow. */
async function animal() {
  const { animalId } = await t.activateAnimal(owner, { nom: 'Caramel', espece: 'Chat', sexe: 'M' });
  await t.db.query(
    `update public.animals set couleur = 'Roux', caractere = 'Craintif', informations_veterinaires = 'Clinique des Lilas',
       telephone_proprietaire = '+33612345678', email_proprietaire = 'proprietaire@example.org',
       public_phone = '+33698765432', show_public_phone = true, public_address_line = '3 rue des Lilas',
       public_city = 'Nantes', show_public_address = true
     where id = $1`,
    [animalId],
  );
  await t.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'keeper', private.today_in_paris() + 1)`,
    [animalId, keeper.id],
  );
  return animalId;
}

describe('a search page', () => {
  it('opens when the animal is marked lost, ends when it is found, and a new loss is a new page', async () => {
    const animalId = await animal();
    expect(await searchesOf(animalId)).toEqual([]);
    await setLost(owner, animalId, true);
    const [first] = await searchesOf(animalId);
    expect(first).toMatchObject({ found: false });
    await setLost(keeper, animalId, false);
    expect(await searchesOf(animalId)).toEqual([{ id: first?.id, found: true }]);
    expect(await value('service', 'public.public_search($1)', [first?.id])).toMatchObject({ status: 'found' });
    await setLost(owner, animalId, true);
    const searches = await searchesOf(animalId);
    expect(searches.map((search) => search.found)).toEqual([true, false]);
    expect(searches[1]?.id).not.toBe(first?.id);
  });

  it('shows a passer-by the animal, the household’s words and an area, and nothing of the household', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    await t.as(keeper, (tx) =>
      tx.query(
        `update public.searches set description = $2, last_seen_place = 'Rue des Lilas, Nantes',
           last_seen_at = '2026-11-28T18:00:00Z', area_lat = 47.218371, area_lon = -1.553621, area_radius_m = 500
         where id = $1`,
        [search?.id, 'Porte un harnais rouge.\nNe pas courir après.'],
      ),
    );
    const page = await value('service', 'public.public_search($1)', [search?.id]);
    expect(page).toMatchObject({
      status: 'searching',
      name: 'Caramel',
      species: 'Chat',
      color: 'Roux',
      temperament: 'Craintif',
      description: 'Porte un harnais rouge.\nNe pas courir après.',
      last_seen_place: 'Rue des Lilas, Nantes',
      // Rounded to some 100 m: the circle never points at a door.
      area: { lat: 47.218, lon: -1.554, radius_m: 500 },
    });
    // The household's details are in the row, for the page to leave out.
    const { rows } = await t.db.query(
      'select telephone_proprietaire, public_phone, public_address_line, informations_veterinaires from public.animals where id = $1',
      [animalId],
    );
    expect(Object.values(rows[0] ?? {}).every((column) => typeof column === 'string')).toBe(true);
    const text = JSON.stringify(page);
    for (const secret of ['+33612345678', '+33698765432', 'proprietaire@example.org', 'rue des Lilas', 'Clinique']) {
      expect(text, secret).not.toContain(secret);
    }

    // A stolen or fearful animal: its name is not shown.
    await t.as(owner, (tx) => tx.query('update public.searches set hide_name = true where id = $1', [search?.id]));
    expect(await value('service', 'public.public_search($1)', [search?.id])).toMatchObject({ name: null });
  });

  it('is the household’s to word while it is open, nobody else’s, and read by nobody but the functions', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const word = (actor: Actor) =>
      t.as(actor, (tx) =>
        tx.query("update public.searches set description = 'mot' where id = $1 returning id", [search?.id]),
      );
    expect((await word(stranger)).rowCount).toBe(0);
    await expect(word('anon')).rejects.toThrow(/permission denied/);
    await expect(value(owner, 'public.public_search($1)', [search?.id])).rejects.toThrow(/permission denied/);
    await expect(value('anon', 'public.public_search($1)', [search?.id])).rejects.toThrow(/permission denied/);
    // Only the words: when it started or ended is the lost switch's.
    await expect(
      t.as(owner, (tx) => tx.query('update public.searches set found_at = now() where id = $1', [search?.id])),
    ).rejects.toThrow(/permission denied/);
    await setLost(owner, animalId, false);
    expect((await word(owner)).rowCount).toBe(0);
  });

  it('refuses an area that points (under 300 m) and words that break a page', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const set = (columns: string) =>
      t.as(owner, (tx) => tx.query(`update public.searches set ${columns} where id = $1`, [search?.id]));
    await expect(set('area_lat = 47.2, area_lon = -1.5, area_radius_m = 50')).rejects.toThrow(/searches_area_radius/);
    await expect(set('area_lat = 47.2')).rejects.toThrow(/searches_area_entiere/);
    await expect(set("last_seen_place = E'Rue\\nbis'")).rejects.toThrow(/searches_textes_caracteres/);
    await expect(set("description = E'a\\u202eb'")).rejects.toThrow(/searches_textes_caracteres/);
  });

  it('is forgotten 90 days after the animal was found: not found, then deleted', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    await setLost(owner, animalId, false);
    const [search] = await searchesOf(animalId);
    await t.db.query("update public.searches set found_at = now() - interval '91 days' where id = $1", [search?.id]);
    expect(await value('service', 'public.public_search($1)', [search?.id])).toEqual({ status: 'not_found' });
    await value('service', 'public.purge_old_scan_events()');
    expect(await searchesOf(animalId)).toEqual([]);
  });

  it('shows the household’s thanks once the animal is found, not before', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    await t.as(keeper, (tx) =>
      tx.query(`update public.searches set thanks = 'Merci à toutes et à tous !' where id = $1`, [search?.id]),
    );
    await expect(
      t.as(owner, (tx) => tx.query(`update public.searches set thanks = 'Merci\u202e' where id = $1`, [search?.id])),
    ).rejects.toThrow(/searches_thanks_caracteres/);
    const page = () => value<Record<string, unknown>>('service', 'public.public_search($1)', [search?.id]);
    expect((await page()).thanks).toBeNull();
    await setLost(owner, animalId, false);
    expect(await page()).toMatchObject({ status: 'found', thanks: 'Merci à toutes et à tous !' });
  });

  it('answers an id that never was as not found', async () => {
    expect(await value('service', 'public.public_search($1)', ['6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69'])).toEqual({
      status: 'not_found',
    });
  });
});

const report = (searchId: string | undefined, values: Partial<Record<string, unknown>> = {}) => {
  const v = {
    kind: 'seen',
    place: null,
    seen_at: null,
    words: null,
    lat: null,
    lon: null,
    client: 'client-1',
    ...values,
  };
  return value('service', 'public.record_sighting($1, $2, $3, $4, $5, $6, $7, $8)', [
    searchId,
    v.kind,
    v.place,
    v.seen_at,
    v.words,
    v.lat,
    v.lon,
    v.client,
  ]);
};

describe('sightings on a search page', () => {
  it('are stored on an open search and tell whom to alert, within the e-mail limits', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const answer = await report(search?.id, { words: 'Sous une voiture', place: 'Place Royale' });
    expect(answer).toMatchObject({
      status: 'recorded',
      animal_id: animalId,
      animal_name: 'Caramel',
      notify: true,
      recipients: expect.arrayContaining([owner.email, keeper.email]),
    });
    expect(await report(search?.id, { seen_at: new Date(Date.now() + 3_600_000).toISOString() })).toEqual({
      status: 'seen_in_future',
    });
    await setLost(owner, animalId, false);
    expect(await report(search?.id)).toEqual({ status: 'not_found' });
    expect(await report('6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69')).toEqual({ status: 'not_found' });
  });

  it('show the public when, where and how far, never a position or who; hidden ones not at all', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    await t.as(owner, (tx) =>
      tx.query('update public.searches set area_lat = 47.2184, area_lon = -1.5536, area_radius_m = 500 where id = $1', [
        search?.id,
      ]),
    );
    await report(search?.id, { words: 'Près du parc', lat: 47.2214, lon: -1.5536, client: 'secret-client' });
    await report(search?.id, { kind: 'with_me', words: 'Je l’ai', place: 'Rue Crébillon' });
    const page = await value<{ sightings: Record<string, unknown>[] }>('service', 'public.public_search($1)', [
      search?.id,
    ]);
    expect(page.sightings).toEqual([
      expect.objectContaining({ kind: 'with_me', place: 'Rue Crébillon', words: 'Je l’ai', distance_m: null }),
      // 0.003° of latitude: some 330 m, to the nearest 100 m.
      expect.objectContaining({ kind: 'seen', place: null, words: 'Près du parc', distance_m: 300 }),
    ]);
    for (const secret of ['47.2214', 'secret-client']) expect(JSON.stringify(page), secret).not.toContain(secret);
    for (const sighting of page.sightings)
      expect(Object.keys(sighting).sort()).toEqual(['distance_m', 'kind', 'place', 'seen_at', 'words']);

    // The keeper hides one; the owner deletes the other; nobody else does either.
    const { rows } = await t.db.query<{ id: string; kind: string }>(
      'select id, kind from public.sightings where search_id = $1',
      [search?.id],
    );
    const seen = rows.find((row) => row.kind === 'seen')?.id;
    const withMe = rows.find((row) => row.kind === 'with_me')?.id;
    const hide = (actor: Actor, id?: string) =>
      t.as(actor, (tx) => tx.query('update public.sightings set hidden_at = now() where id = $1 returning id', [id]));
    const remove = (actor: Actor, id?: string) =>
      t.as(actor, (tx) => tx.query('delete from public.sightings where id = $1 returning id', [id]));
    expect((await hide(stranger, seen)).rowCount).toBe(0);
    expect((await hide(keeper, seen)).rowCount).toBe(1);
    expect((await remove(keeper, withMe)).rowCount).toBe(0);
    expect((await remove(stranger, withMe)).rowCount).toBe(0);
    expect((await remove(owner, withMe)).rowCount).toBe(1);
    await expect(
      t.as(owner, (tx) => tx.query('select client_hash from public.sightings where id = $1', [seen])),
    ).rejects.toThrow(/permission denied/);
    expect(
      (await value<{ sightings: unknown[] }>('service', 'public.public_search($1)', [search?.id])).sightings,
    ).toEqual([]);
  });

  it('open the masked conversation for ‘Je l’ai avec moi’, once, in the passer-by’s language, into the inbox', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const open = (id: unknown, language = 'en') =>
      value<string | null>('service', 'public.open_sighting_conversation($1, $2)', [id, language]);
    const seen = await report(search?.id, { words: 'Vu seulement' });
    expect(await open(seen.sighting_id)).toBeNull();
    const long = 'x'.repeat(400);
    const withMe = await report(search?.id, { kind: 'with_me', place: 'Rue Crébillon', words: long });
    const token = await open(withMe.sighting_id);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await open(withMe.sighting_id)).toBeNull();
    const { rows } = await t.db.query<{ language: string; message: string; finder_status: string }>(
      `select c.language, m.message, m.finder_status from public.conversations c
       join public.finder_messages m on m.conversation_id = c.id where c.token = $1`,
      [token],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.language).toBe('en');
    expect(rows[0]?.finder_status).toBe('with_me');
    // The inbox's 300 characters; the sighting keeps its words whole.
    expect(rows[0]?.message).toHaveLength(300);
    expect(rows[0]?.message.startsWith('Rue Crébillon · xxx')).toBe(true);
    const kept = await t.as(owner, (tx) =>
      tx.query<{ words: string; conversation_id: string }>(
        'select words, conversation_id from public.sightings where id = $1',
        [withMe.sighting_id],
      ),
    );
    expect(kept.rows[0]?.words).toBe(long);
    expect(kept.rows[0]?.conversation_id).toEqual(expect.any(String));
    // Its page names the animal as the search does; closed, it leads back to no medal's page (its phone).
    const read = () => value<Record<string, unknown>>('service', 'public.finder_conversation($1)', [token]);
    expect((await read()).animal_name).toBe('Caramel');
    await t.as(owner, (tx) => tx.query('update public.searches set hide_name = true where id = $1', [search?.id]));
    expect(await read()).toMatchObject({ status: 'open', animal_name: null });
    expect(JSON.stringify(await read())).not.toContain('Caramel');
    await t.db.query(`update public.conversations set last_message_at = now() - interval '31 days' where token = $1`, [
      token,
    ]);
    expect(await read()).toEqual({ status: 'expired', language: 'en' });
    // Found, no conversation opens any more.
    const late = await report(search?.id, { kind: 'with_me', words: 'Trop tard ?' });
    await setLost(owner, animalId, false);
    expect(await open(late.sighting_id)).toBeNull();
  });

  it('reported as abusive by a member: hidden, counted for the operators, and their client sends no more today', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const abuse = await report(search?.id, { words: 'Insultes', client: 'client-abusif' });
    const before = await value<number>('service', "(public.operator_status()->>'reported_sightings_7_days')::int");
    const reportIt = (actor: Actor) =>
      t.as(actor, (tx) =>
        tx.query('update public.sightings set reported_at = now(), hidden_at = now() where id = $1 returning id', [
          abuse.sighting_id,
        ]),
      );
    expect((await reportIt(stranger)).rowCount).toBe(0);
    expect((await reportIt(keeper)).rowCount).toBe(1);
    expect(await value<number>('service', "(public.operator_status()->>'reported_sightings_7_days')::int")).toBe(
      before + 1,
    );
    expect(
      (await value<{ sightings: unknown[] }>('service', 'public.public_search($1)', [search?.id])).sightings,
    ).toEqual([]);
    expect(await report(search?.id, { words: 'Encore', client: 'client-abusif' })).toEqual({ status: 'reported' });
    expect(await report(search?.id, { words: 'Vu au parc', client: 'client-honnête' })).toMatchObject({
      status: 'recorded',
    });
  });

  it('lose their places 30 days after the animal was found', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    await report(search?.id, { place: 'Quai de la Fosse', lat: 47.21, lon: -1.56, words: 'Il courait' });
    await setLost(owner, animalId, false);
    await t.db.query("update public.searches set found_at = now() - interval '31 days' where id = $1", [search?.id]);
    await value('service', 'public.purge_old_scan_events()');
    const { rows } = await t.db.query('select place, lat, lon, words from public.sightings where search_id = $1', [
      search?.id,
    ]);
    expect(rows).toEqual([{ place: null, lat: null, lon: null, words: 'Il courait' }]);
  });
});

const followByEmail = (searchId: string | undefined, email: string, language = 'fr') =>
  value<Record<string, unknown>>('service', 'public.follow_search($1, $2, null, null, null, $3)', [
    searchId,
    email,
    language,
  ]);
const followAction = (searchId: string | undefined, token: unknown, action: string) =>
  value<Record<string, unknown> | null>('service', 'public.search_follow_by_token($1, $2, $3)', [
    searchId,
    token,
    action,
  ]);
const news = () =>
  value<{ found: Record<string, unknown>[]; digests: Record<string, unknown>[] }>(
    'service',
    'public.claim_search_news()',
  );

describe('followers of a search page', () => {
  it('are nobody’s to read, the household’s neither, and speak the page’s languages only', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    for (const language of FINDER_LANGUAGES) {
      expect(await followByEmail(search?.id, `suivi-${language}@example.org`, language)).toMatchObject({
        status: 'confirm',
      });
    }
    await expect(followByEmail(search?.id, 'suivi-pt@example.org', 'pt')).rejects.toThrow(
      /search_followers_language_valeurs/,
    );
    for (const actor of [owner, keeper, stranger]) {
      await expect(
        t.as(actor, (tx) => tx.query('select email from public.search_followers where search_id = $1', [search?.id])),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('hear of sightings shown on the page once confirmed, not of hidden ones, and of the return once', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const { token, animal_name } = await followByEmail(search?.id, ' Voisin@Example.org ');
    // The address is kept as typed would be matched: trimmed, lower-cased; the name is for the page alone.
    expect(animal_name).toBe('Caramel');
    await report(search?.id, { words: 'Avant la confirmation' });
    expect((await news()).digests.filter((digest) => digest.token === token)).toEqual([]);
    expect(await followAction(search?.id, token, 'read')).toEqual({ state: 'pending', language: 'fr' });
    expect(await followAction(search?.id, token, 'confirm')).toEqual({ state: 'following', language: 'fr' });

    await report(search?.id, { words: 'Caché par la famille' });
    await t.db.query(`update public.sightings set hidden_at = now() where words = 'Caché par la famille'`);
    expect((await news()).digests.filter((digest) => digest.token === token)).toEqual([]);
    await report(search?.id, { words: 'Vu au parc', place: 'Parc de Procé' });
    const [digest] = (await news()).digests.filter((d) => d.token === token);
    expect(digest).toMatchObject({ email: 'voisin@example.org', count: 1, animal_name: 'Caramel' });
    expect(digest?.sightings).toEqual([expect.objectContaining({ words: 'Vu au parc', place: 'Parc de Procé' })]);

    await setLost(owner, animalId, false);
    const found = (await news()).found.filter((f) => f.token === token);
    expect(found).toHaveLength(1);
    expect((await news()).found.filter((f) => f.token === token)).toEqual([]);
  });

  it('are forgotten a day after the return, or after a week unconfirmed; an address that stopped e-mail at once', async () => {
    const animalId = await animal();
    await setLost(owner, animalId, true);
    const [search] = await searchesOf(animalId);
    const told = await followByEmail(search?.id, 'rentre@example.org');
    await followAction(search?.id, told.token, 'confirm');
    const pending = await followByEmail(search?.id, 'jamais-confirme@example.org');
    const stopped = await followByEmail(search?.id, 'stop@example.org');
    await followAction(search?.id, stopped.token, 'confirm');
    await value('service', 'public.finder_mail_stop($1, true)', [stopped.stop_token]);
    await report(search?.id, { words: 'Vu' });
    expect((await news()).digests.map((d) => d.token)).toEqual([told.token]);
    expect(await followAction(search?.id, stopped.token, 'read')).toBeNull();

    await t.db.query(`update public.search_followers set created_at = now() - interval '8 days' where token = $1`, [
      pending.token,
    ]);
    await value('service', 'public.purge_old_scan_events()');
    expect(await followAction(search?.id, pending.token, 'read')).toBeNull();
    expect(await followAction(search?.id, told.token, 'read')).toEqual({ state: 'following', language: 'fr' });
    await setLost(owner, animalId, false);
    await news();
    await t.db.query(
      `update public.search_followers set found_told_at = now() - interval '25 hours' where token = $1`,
      [told.token],
    );
    await value('service', 'public.purge_old_scan_events()');
    const { rows } = await t.db.query('select 1 from public.search_followers where search_id = $1', [search?.id]);
    expect(rows).toEqual([]);
  });
});
