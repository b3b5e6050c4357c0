// An animal found without a medal, in SQL (schemas/found_reports.sql): a report is stored with the open searches
// it matches (same species, within the species' radius, lost before it was found), its page lists the losses
// nearby without a point or a hidden name, a household sees the reports near its area and is told of the
// matches once, at most hourly; a closed report is forgotten on time. The distances read a GiST index.

import { FINDER_LANGUAGES } from '@medaille/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  [owner, stranger] = [await t.createOwner('perdu'), await t.createOwner('autre')];
});
afterAll(() => t?.close());

/** Nantes, place Royale, and points some distance east of it (a degree of longitude is some 75.5 km there). */
const NANTES = { lat: 47.2137, lon: -1.5592 };
const east = (metres: number) => ({ lat: NANTES.lat, lon: NANTES.lon + metres / 75_560 });

/** A lost animal of the owner's whose search's area is centred at `at`, started `daysAgo`. */
async function lost(nom: string, espece: string, at: { lat: number; lon: number } | null, options = { daysAgo: 1 }) {
  const { animalId } = await t.activateAnimal(owner, { nom, espece });
  await t.db.query('update public.animals set is_lost = true where id = $1', [animalId]);
  const { rows } = await t.db.query<{ id: string }>(
    `update public.searches set area_lat = $2, area_lon = $3, area_radius_m = case when $2::float8 is null then null else 500 end,
       started_at = now() - make_interval(days => $4)
     where animal_id = $1 returning id`,
    [animalId, at?.lat ?? null, at?.lon ?? null, options.daysAgo],
  );
  return { animalId, searchId: rows[0]?.id as string };
}

let reports = 0;
async function report(species: string, at: { lat: number; lon: number } | null, client = `client-${++reports}`) {
  const { rows } = await t.db.query<{ value: { status: string; id?: string } }>(
    `select public.record_found_report($1, now() - interval '1 hour', 'Rue Crébillon, Nantes', $2, $3,
       'Tigré, collier rouge', 'Il est au chaud chez moi.', 'en', $4, $5) as value`,
    [species, at?.lat ?? null, at?.lon ?? null, `hash-${crypto.randomUUID()}`, client],
  );
  return rows[0]?.value as { status: string; id?: string };
}

/** How far a report's kept point is from a point, in metres, as the database measures it. */
async function metresFrom(reportId: string, at: { lat: number; lon: number }): Promise<number> {
  const { rows } = await t.db.query<{ metres: number }>(
    'select private.distance_m(r.lat, r.lon, $2, $3) as metres from public.found_reports r where r.id = $1',
    [reportId, at.lat, at.lon],
  );
  return rows[0]?.metres as number;
}
const toHundreds = (metres: number) => Math.round(metres / 100) * 100;

const matchesOf = async (reportId: string) =>
  (
    await t.db.query<{ search_id: string; distance_m: number }>(
      'select search_id, distance_m from public.found_matches where found_report_id = $1 order by distance_m',
      [reportId],
    )
  ).rows;

describe('a found report', () => {
  it('keeps a point 100 to 300 m from the phone’s, drawn anew for each report, never the phone’s own', async () => {
    const [first, second] = [await report('cat', NANTES), await report('cat', NANTES)];
    for (const kept of [first, second]) {
      const metres = await metresFrom(kept.id as string, NANTES);
      expect(metres).toBeGreaterThanOrEqual(99);
      expect(metres).toBeLessThanOrEqual(301);
    }
    const { rows } = await t.db.query<{ metres: number }>(
      `select private.distance_m(a.lat, a.lon, b.lat, b.lon) as metres
       from public.found_reports a, public.found_reports b where a.id = $1 and b.id = $2`,
      [first.id, second.id],
    );
    expect(rows[0]?.metres).toBeGreaterThan(0);
  });

  it('is matched with the open searches of its species within its radius, lost before it was found', async () => {
    const near = await lost('Minou', 'cat', east(1200));
    const far = await lost('Loin', 'cat', east(8000));
    const dog = await lost('Rex', 'dog', east(900));
    const noArea = await lost('Sans zone', 'cat', null);
    const later = await lost('Plus tard', 'cat', east(300), { daysAgo: -3 });
    const ended = await lost('Rentré', 'cat', east(400));
    await t.db.query('update public.animals set is_lost = false where id = $1', [ended.animalId]);

    const cat = await report('cat', NANTES);
    expect(cat.status).toBe('recorded');
    const matched = await matchesOf(cat.id as string);
    expect(matched).toEqual([
      { search_id: near.searchId, distance_m: Math.round(await metresFrom(cat.id as string, east(1200))) },
    ]);
    // A dog is looked for farther: the lost dog 900 m away, not the cats.
    const found = await report('dog', east(-15_000));
    expect((await matchesOf(found.id as string)).map((m) => m.search_id)).toEqual([dog.searchId]);
    // Without a point, nothing to measure: stored, matched with nothing.
    const typed = await report('cat', null);
    expect(await matchesOf(typed.id as string)).toEqual([]);
    expect([far, noArea, later].length).toBe(3);
  });

  it('is matched by the species its household gives the animal now, even one corrected after the loss began', async () => {
    const corrected = await lost('Mal noté', 'dog', east(600));
    await t.db.query("update public.animals set espece = 'cat' where id = $1", [corrected.animalId]);
    const cat = await report('cat', east(500));
    const dog = await report('dog', east(500));
    expect((await matchesOf(cat.id as string)).map((m) => m.search_id)).toContain(corrected.searchId);
    expect((await matchesOf(dog.id as string)).map((m) => m.search_id)).not.toContain(corrected.searchId);
  });

  it('is matched, in a crowded city, with the 20 nearest searches of its species only', async () => {
    const at = { lat: 48.8566, lon: 2.3522 }; // Paris
    const searches = [];
    for (let i = 1; i <= 25; i += 1) {
      searches.push(await lost(`Chat ${i}`, 'cat', { lat: at.lat, lon: at.lon + (i * 40) / 73_300 }));
    }
    const { id } = await report('cat', at);
    const matched = await matchesOf(id as string);
    // The 20 nearest the point kept, as the page and the households measure it.
    const distances = await Promise.all(
      searches.map(async (search, i) => ({
        id: search.searchId,
        metres: await metresFrom(id as string, { lat: at.lat, lon: at.lon + ((i + 1) * 40) / 73_300 }),
      })),
    );
    const nearest = distances.sort((a, b) => a.metres - b.metres).slice(0, 20);
    expect(matched.map((m) => m.search_id)).toEqual(nearest.map((search) => search.id));
  });

  it('shows its page an area and the losses nearby, its species first, never a point, a link or a hidden name', async () => {
    const at = { lat: 45.764, lon: 4.8357 }; // Lyon, far from the other tests' searches
    const cat = await lost('Caramel', 'cat', { lat: at.lat, lon: at.lon + 2000 / 77_800 });
    const dog = await lost('Pongo', 'dog', { lat: at.lat, lon: at.lon + 700 / 77_800 });
    const hidden = await lost('Secret', 'cat', { lat: at.lat, lon: at.lon + 4000 / 77_800 });
    await t.db.query('update public.searches set hide_name = true where id = $1', [hidden.searchId]);

    const { id } = (await report('cat', { lat: at.lat + 0.000_43, lon: at.lon + 0.000_41 })) as { id: string };
    const kept = (
      await t.db.query<{ lat: number; lon: number }>('select lat, lon from public.found_reports where id = $1', [id])
    ).rows[0] as { lat: number; lon: number };
    const { rows } = await t.db.query<{ value: Record<string, unknown> }>(
      'select public.public_found_report($1) as value',
      [id],
    );
    const page = rows[0]?.value as { area: unknown; nearby: { id: string; name: string | null; distance_m: number }[] };
    expect(page).toMatchObject({ status: 'open', species: 'cat', place: 'Rue Crébillon, Nantes' });
    // The area: the point kept (100 to 300 m from the phone's) to some 100 m, and 400 m around it.
    expect(page.area).toEqual({ lat: Number(kept.lat.toFixed(3)), lon: Number(kept.lon.toFixed(3)), radius_m: 400 });
    const away = async (lon: number) => toHundreds(await metresFrom(id, { lat: at.lat, lon }));
    expect(page.nearby.map((search) => [search.id, search.name, search.distance_m])).toEqual([
      [cat.searchId, 'Caramel', await away(at.lon + 2000 / 77_800)],
      [hidden.searchId, null, await away(at.lon + 4000 / 77_800)],
      [dog.searchId, 'Pongo', await away(at.lon + 700 / 77_800)],
    ]);
    const text = JSON.stringify(page);
    const secrets = ['45.76443', '4.83611', String(kept.lat), String(kept.lon), 'hash-', 'client-', owner.email];
    for (const secret of secrets) expect(text).not.toContain(secret);
    const none = await t.db.query('select public.public_found_report($1) as value', [crypto.randomUUID()]);
    expect(none.rows[0]).toEqual({ value: { status: 'not_found' } });
  });

  it('is listed on the loss panel of a household whose search it is near, and nobody else’s', async () => {
    const at = { lat: 43.2965, lon: 5.3698 }; // Marseille
    const { searchId } = await lost('Moustache', 'cat', at);
    const { id } = (await report('cat', { lat: at.lat, lon: at.lon + 300 / 81_000 })) as { id: string };
    const near = async (who: Owner) =>
      (
        await t.as(who, (tx) =>
          tx.query<{ value: { id: string; distance_m: number }[] }>(
            'select public.found_reports_near_search($1) as value',
            [searchId],
          ),
        )
      ).rows[0]?.value;
    expect((await near(owner))?.map((r) => [r.id, r.distance_m])).toEqual([[id, toHundreds(await metresFrom(id, at))]]);
    expect(await near(stranger)).toEqual([]);
  });

  it('tells a household of its matches once, at most every hour, with how many and which', async () => {
    const at = { lat: 44.8378, lon: -0.5792 }; // Bordeaux
    const { searchId, animalId } = await lost('Tigrou', 'cat', at);
    const first = await report('cat', at);
    const second = await report('cat', at);
    // The first a minute older: PGlite's clock counts milliseconds, and two reports can share one.
    await t.db.query(
      `update public.found_matches set created_at = created_at - interval '1 minute'
      where found_report_id = $1`,
      [first.id],
    );
    const claim = async () =>
      (
        (
          await t.db.query<{ value: { search_id: string; count: number; reports: string[] }[] }>(
            'select public.claim_found_matches() as value',
          )
        ).rows[0]?.value ?? []
      ).filter((claimed) => claimed.search_id === searchId);
    const [told] = await claim();
    expect(told).toMatchObject({ animal_id: animalId, animal_name: 'Tigrou', count: 2, recipients: [owner.email] });
    expect(told?.reports).toEqual([
      expect.objectContaining({
        species: 'cat',
        place: 'Rue Crébillon, Nantes',
        distance_m: toHundreds(await metresFrom(second.id as string, at)),
      }),
      expect.objectContaining({ species: 'cat', description: 'Tigré, collier rouge' }),
    ]);
    expect(JSON.stringify(told)).not.toMatch(/hash-|client-|"lat"|"lon"/);
    expect([first.status, second.status]).toEqual(['recorded', 'recorded']);
    expect(await claim()).toEqual([]);
    // A third within the hour waits for the hour to pass.
    await report('cat', at);
    expect(await claim()).toEqual([]);
    await t.db.query(
      "update public.found_matches set told_at = now() - interval '61 minutes' where search_id = $1 and told_at is not null",
      [searchId],
    );
    expect((await claim())[0]?.count).toBe(1);
  });

  it('is in one of the finder languages, the page’s', async () => {
    const stored = async (language: string) =>
      (
        await t.db.query<{ value: { status: string } }>(
          `select public.record_found_report('cat', now(), null, null, null, null, null, $1, $2, $3) as value`,
          [language, `hash-${crypto.randomUUID()}`, `lang-${crypto.randomUUID()}`],
        )
      ).rows[0]?.value.status;
    for (const language of FINDER_LANGUAGES) expect(await stored(language)).toBe('recorded');
    await expect(stored('pt')).rejects.toThrow(/found_reports_language_valeurs/);
  });

  it('is limited to 5 a day per client, and refused in the future', async () => {
    const client = `busy-${crypto.randomUUID()}`;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await report('other', null, client)).status);
    expect(statuses).toEqual(['recorded', 'recorded', 'recorded', 'recorded', 'recorded', 'rate_limited']);
    const future = await t.db.query<{ value: { status: string } }>(
      `select public.record_found_report('cat', now() + interval '1 hour', null, null, null, null, null, 'fr', 'h', 'c')
         as value`,
    );
    expect(future.rows[0]?.value.status).toBe('found_in_future');
  });

  it('closes itself after 30 days, forgets where and what 30 days after closing, and its page after 90', async () => {
    const old = await report('cat', NANTES);
    const closed = await report('cat', NANTES);
    const gone = await report('cat', NANTES);
    await t.db.query(
      "update public.found_reports set created_at = now() - interval '31 days', found_at = now() - interval '32 days' where id = $1",
      [old.id],
    );
    await t.db.query("update public.found_reports set closed_at = now() - interval '31 days' where id = $1", [
      closed.id,
    ]);
    await t.db.query("update public.found_reports set closed_at = now() - interval '91 days' where id = $1", [gone.id]);
    await t.db.query('select public.purge_old_scan_events()');
    const { rows } = await t.db.query<{ id: string; open: boolean; place: string | null; lat: number | null }>(
      'select id, closed_at is null as open, place, lat from public.found_reports where id = any($1) order by created_at',
      [[old.id, closed.id, gone.id]],
    );
    expect(rows).toEqual([
      { id: old.id, open: false, place: 'Rue Crébillon, Nantes', lat: expect.any(Number) },
      { id: closed.id, open: false, place: null, lat: null },
    ]);
  });

  it('finds what is near through its GiST indexes, not by reading every row', async () => {
    const planOf = async (sql: string) =>
      (await t.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows.map((row) => row['QUERY PLAN']).join('\n');
    // With sequential scans priced out, the planner shows which index a query can read (a set-returning SQL
    // function is inlined: its plan is the query's).
    await t.db.query('set enable_seqscan = off');
    try {
      expect(
        await planOf(`select * from private.open_searches_near(${NANTES.lat}, ${NANTES.lon}, 5000, now(), null, 20)`),
      ).toContain('searches_open_area_point_idx');
      expect(
        await planOf(`select public.found_reports_near_search('${crypto.randomUUID()}')`).then(() =>
          planOf(
            `select 1 from public.found_reports r where r.closed_at is null and r.lat is not null
               order by point(r.lon, r.lat) <-> point(-1.55, 47.25) limit 50`,
          ),
        ),
      ).toContain('found_reports_open_point_idx');
    } finally {
      await t.db.query('reset enable_seqscan');
    }
  });
});
