// A database the size of a national service (docs/budgets.md, the scale budgets), seeded set by set in SQL, with
// the rows' own triggers off (session_replication_role = replica) and what they would have written written here
// (each animal's owner as a member): a million medal codes, 300,000 animals with their photos' rows in households
// of 1 to 4 members, ten million scan events over a year, a million finder messages, 100,000 conversations,
// 50,000 open searches with their sightings and 50,000 open found reports, a year of booklet records, and 20
// owners with 5 animals and 2,000 messages each. `factor` scales every count (1: the national size), but for the
// quarter (QUARTER): at every size, its 90 open searches and 60 found reports, the neighbours the paths near a
// point read up to their limits, so that those paths do the same work at both sizes of the bench.
import { QUARTER } from '@medaille/local-stack/waiting-paths';
import type pg from 'pg';

export const NATIONAL = {
  owners: 200_000,
  codes: 1_000_000,
  animals: 300_000,
  scanEvents: 10_000_000,
  messages: 1_000_000,
  conversations: 100_000,
  searches: 50_000,
  sightings: 100_000,
  reports: 50_000,
  bookletRecords: 600_000,
  busyOwners: 20,
  busyOwnerAnimals: 5,
  busyOwnerMessages: 2_000,
} as const;

/** The quarter's rows, the same at every size: more than the paths near a point read (docs/budgets.md). */
const QUARTER_SEARCHES = 90;
const QUARTER_REPORTS = 60;

export type NationalCounts = { [K in keyof typeof NATIONAL]: number };

export function countsFor(factor: number): NationalCounts {
  return Object.fromEntries(
    Object.entries(NATIONAL).map(([name, count]) => [
      name,
      // Every database has its busy owners (at least one), each as busy.
      name === 'busyOwnerAnimals' || name === 'busyOwnerMessages' ? count : Math.max(1, Math.round(count * factor)),
    ]),
  ) as NationalCounts;
}

/** Ten cities where half the losses and reports are; the rest anywhere in metropolitan France. */
const CITIES = [
  [48.8566, 2.3522],
  [45.764, 4.8357],
  [43.2965, 5.3698],
  [43.6047, 1.4442],
  [43.7102, 7.262],
  [47.2184, -1.5536],
  [48.5734, 7.7521],
  [43.6108, 3.8767],
  [44.8378, -0.5792],
  [50.6292, 3.0573],
] as const;
// Row `g`'s species, whether it is in a city and which: each from its own digits of `g`, so that every city
// holds every species. Each takes the SQL of the row's number.
const species = (g: string) => `(array['dog', 'cat', 'cat', 'dog', 'rabbit', 'other'])[1 + ${g} % 6]`;
const inACity = (g: string) => `(${g} / 6) % 2 = 0`;
const city = (g: string, axis: 0 | 1) =>
  `(array[${CITIES.map((point) => point[axis]).join(',')}])[1 + (${g} / 12) % 10]`;
/** Row `g`'s latitude and longitude: some 5 km around a city one time in two, else anywhere in France's box. */
const lat = (g: string) =>
  `case when ${inACity(g)} then ${city(g, 0)} + (random() - 0.5) * 0.09 else 42.5 + random() * 8.5 end`;
const lon = (g: string) =>
  `case when ${inACity(g)} then ${city(g, 1)} + (random() - 0.5) * 0.13 else -4.5 + random() * 12 end`;
/** A point some 1 km around the quarter's centre. */
const QUARTER_LAT = `${QUARTER.lat} + (random() - 0.5) * 0.018`;
const QUARTER_LON = `${QUARTER.lon} + (random() - 0.5) * 0.026`;
const HEX64 = "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')";

/** The seeding's steps, each one statement, in order; timed by the caller. */
export function nationalSeed(n: NationalCounts): [step: string, sql: string][] {
  const busyAnimals = n.busyOwners * n.busyOwnerAnimals;
  // The busy owners' animals, then those lost across the country, then those lost in the quarter.
  const lostAnimals = busyAnimals + n.searches + QUARTER_SEARCHES;
  return [
    [
      'owners',
      `create table scale_owners as
       select g as n, gen_random_uuid() as id from generate_series(1, ${n.owners + n.busyOwners}) g;
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       select id, 'authenticated', 'authenticated', 'owner' || n || '@scale.test', '', now(), now(), now()
       from scale_owners`,
    ],
    [
      'animals',
      // The busy owners' animals first (5 each), then one owner in three with two animals.
      `create table scale_animals as
       select g as n, gen_random_uuid() as id,
         case when g <= ${busyAnimals} then ${n.owners} + 1 + (g - 1) / ${n.busyOwnerAnimals}
           else 1 + (g * 2 / 3) % ${n.owners} end as owner_n
       from generate_series(1, ${n.animals}) g;
       insert into public.animals (id, proprietaire_id, nom, espece, date_creation, is_lost)
       select a.id, o.id, 'Animal ' || a.n, ${species('a.n')},
         now() - random() * interval '3 years', a.n > ${busyAnimals} and a.n <= ${lostAnimals}
       from scale_animals a join scale_owners o on o.n = a.owner_n`,
    ],
    [
      'households',
      // Each animal's owner, then for one animal in three 1 to 3 more members, co-owners or keepers.
      `insert into public.animal_members (animal_id, user_id, role)
       select a.id, o.id, 'owner' from scale_animals a join scale_owners o on o.n = a.owner_n;
       insert into public.animal_members (animal_id, user_id, role)
       select distinct on (a.id, o.id) a.id, o.id, case when k = 1 then 'co_owner' else 'keeper' end
       from scale_animals a cross join lateral generate_series(1, 1 + a.n % 3) k
       join scale_owners o on o.n = 1 + (a.n * 7 + k * 13) % ${n.owners}
       where a.n % 3 = 0 and o.n <> a.owner_n
       on conflict do nothing`,
    ],
    [
      'codes',
      `insert into public.codes (id, used, animal_id, batch, created_at)
       select 'MDL-S' || lpad(g::text, 7, '0'), a.id is not null, a.id, 'scale', now() - interval '3 years'
       from generate_series(1, ${n.codes}) g left join scale_animals a on a.n = g`,
    ],
    [
      'photos',
      `insert into public.animal_photos (animal_id, path, width, height, position)
       select a.id, a.id || '/' || k || '.jpg', 1200, 900, k - 1
       from scale_animals a cross join generate_series(1, 2) k`,
    ],
    [
      'scan events',
      `insert into public.scan_events (animal_id, code_id, lat, lon, accuracy_m, consent, created_at, client_hash)
       select a.id, 'MDL-S' || lpad(a.n::text, 7, '0'), 47.2, -1.55, 20, true,
         now() - random() * interval '365 days', 'client-' || (g % 100000)
       from generate_series(1::bigint, ${n.scanEvents}) g
       join scale_animals a on a.n = 1 + (g * 7919) % ${n.animals}`,
    ],
    [
      'conversations',
      `insert into public.conversations (animal_id, code_id, token, language, created_at, last_message_at)
       select a.id, 'MDL-S' || lpad(a.n::text, 7, '0'), ${HEX64}, 'fr', now() - interval '10 days',
         now() - random() * interval '10 days'
       from scale_animals a where a.n > ${busyAnimals} and a.n <= ${busyAnimals + n.conversations}`,
    ],
    [
      'finder messages',
      // The busy owners' 2,000 each first, then the others over every animal.
      `insert into public.finder_messages (animal_id, code_id, message, created_at)
       select a.id, 'MDL-S' || lpad(a.n::text, 7, '0'), 'Je l''ai vu près de la gare',
         now() - random() * interval '365 days'
       from generate_series(1, ${n.busyOwners * n.busyOwnerMessages}) g
       join scale_animals a on a.n = 1 + g % ${busyAnimals};
       insert into public.finder_messages (animal_id, code_id, message, created_at)
       select a.id, 'MDL-S' || lpad(a.n::text, 7, '0'), 'Je l''ai vu près de la gare',
         now() - random() * interval '365 days'
       from generate_series(1::bigint, ${n.messages}) g
       join scale_animals a on a.n = 1 + (g * 104729) % ${n.animals}`,
    ],
    [
      'searches',
      `insert into public.searches (animal_id, species, started_at, area_lat, area_lon, area_radius_m)
       select a.id, ${species('a.n')}, now() - random() * interval '60 days', ${lat('a.n')}, ${lon('a.n')}, 500
       from scale_animals a where a.n > ${busyAnimals} and a.n <= ${busyAnimals + n.searches};
       insert into public.searches (animal_id, species, started_at, last_seen_place, area_lat, area_lon, area_radius_m)
       select a.id, ${species('a.n')}, now() - interval '40 days' - random() * interval '20 days', '${QUARTER.place}',
         ${QUARTER_LAT}, ${QUARTER_LON}, 500
       from scale_animals a where a.n > ${busyAnimals + n.searches} and a.n <= ${lostAnimals}`,
    ],
    [
      'sightings',
      `insert into public.sightings (search_id, animal_id, kind, seen_at, place, words, created_at, client_hash)
       select s.id, s.animal_id, 'seen', now() - interval '1 day', 'Quai', 'Vu ce matin', now(), 'client-' || g
       from generate_series(1, ${n.sightings}) g
       join (select id, animal_id, row_number() over () as k from public.searches) s
         on s.k = 1 + g % ${n.searches}`,
    ],
    [
      'found reports',
      `insert into public.found_reports (species, found_at, place, lat, lon, token_hash, created_at)
       select ${species('g')}, now() - interval '1 hour' - random() * interval '30 days', 'Une rue, une commune',
         ${lat('g')}, ${lon('g')}, 'scale-' || g, now()
       from generate_series(1, ${n.reports}) g;
       insert into public.found_reports (species, found_at, place, lat, lon, token_hash, created_at)
       select ${species('g')}, now() - interval '1 hour' - random() * interval '30 days', '${QUARTER.place}',
         ${QUARTER_LAT}, ${QUARTER_LON}, 'scale-quarter-' || g, now()
       from generate_series(1, ${QUARTER_REPORTS}) g`,
    ],
    [
      'booklet',
      `insert into public.health_records (animal_id, kind, label, given_on, weight_kg)
       select a.id, (array['vaccination', 'treatment', 'visit', 'weight'])[1 + g % 4], 'Rappel',
         current_date - (g % 365), case when g % 4 = 3 then 12.5 end
       from generate_series(1, ${n.bookletRecords}) g
       join scale_animals a on a.n = 1 + (g * 31) % ${n.animals}`,
    ],
    ['the seed’s own tables', 'drop table scale_owners; drop table scale_animals'],
    // As autovacuum leaves a database: its statistics, and each page marked all visible. Without it, autovacuum
    // reads the ten million scans while the paths are timed.
    ['vacuum', 'vacuum analyze'],
    // Its pages written out, as a database long past its loading: else the writing of the seed's gigabytes
    // goes on under the timed paths.
    ['checkpoint', 'checkpoint'],
  ];
}

/** Seeds the database; answers each step's duration in seconds. */
export async function seedNational(db: pg.Client, counts: NationalCounts): Promise<[string, number][]> {
  const durations: [string, number][] = [];
  await db.query("set session_replication_role = 'replica'");
  try {
    for (const [step, sql] of nationalSeed(counts)) {
      const started = performance.now();
      await db.query(sql);
      durations.push([step, Math.round((performance.now() - started) / 100) / 10]);
    }
  } finally {
    await db.query("set session_replication_role = 'origin'");
  }
  return durations;
}

/**
 * What the jobs find on a busy day (after the paths are timed): a day's scan events past their 90 days, 100,000
 * e-mails due in the outbox (half to addresses no account has any more), and the reminders of a busy morning
 * (one booklet record in fifty due in a week).
 */
export function busyDay(n: NationalCounts): [step: string, sql: string][] {
  return [
    [
      'a day of expired scan events',
      `insert into public.scan_events (animal_id, code_id, lat, lon, consent, created_at)
       select e.animal_id, e.code_id, 47.2, -1.55, true, now() - interval '90 days' - random() * interval '1 day'
       from public.scan_events e limit ${Math.max(1, Math.round(n.scanEvents / 365))}`,
    ],
    [
      '100,000 e-mails due',
      `insert into public.mail_outbox (id, recipient, subject, text_body, html_body, next_attempt_at)
       select gen_random_uuid(), case when g % 2 = 0 then 'owner' || g || '@scale.test' else 'gone' || g || '@scale.test' end,
         'Alerte', 'Texte', '<p>Texte</p>', now() - interval '1 minute'
       from generate_series(1, ${Math.max(1, Math.round(100_000 * (n.animals / 300_000)))}) g`,
    ],
    [
      'a busy morning of reminders',
      `update public.health_records set next_due_on = current_date + 7
       where id in (select id from public.health_records where kind = 'vaccination'
         limit ${Math.max(1, Math.round(n.bookletRecords / 50))})`,
    ],
  ];
}
