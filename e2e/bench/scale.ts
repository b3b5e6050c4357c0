// `pnpm bench:scale` (docs/budgets.md): what a person waits on, measured on a database the size of a national
// service. So far, the distances of found animals and losses (docs/product/found.md): 100,000 open searches and
// 100,000 open found reports across metropolitan France (half in ten cities, half anywhere), then, from random
// points, each query a person waits on, timed in the database itself:
// - a found report's page with 'Perdus près d'ici' (public_found_report),
// - a new report stored with its matches (record_found_report),
// - a loss panel's reports nearby, as its owner (found_reports_near_search).
// On a fresh database of the machine's PostgreSQL, migrated by the local stack; `--check` exits 1 on a miss.
import { mkdir, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { percentile, startStackProcess, withFreshDatabase } from './load.ts';

export const SCALE = { searches: 100_000, reports: 100_000, samples: 300 } as const;
/** docs/budgets.md: each query's p95 in the database. */
export const SCALE_BUDGET = { p95Ms: 50 } as const;

/** Ten cities where half the losses and reports are, a few kilometres around them. */
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

/**
 * A random point, from a row's `c` (a city, 1 to 10) and `in_city` (one time in two): some 5 km around that city,
 * else anywhere in France's box.
 */
const LAT = `case when in_city then (array[${CITIES.map(([lat]) => lat).join(',')}])[c] + (random() - 0.5) * 0.09
  else 42.5 + random() * 8.5 end`;
const LON = `case when in_city then (array[${CITIES.map(([, lon]) => lon).join(',')}])[c] + (random() - 0.5) * 0.13
  else -4.5 + random() * 12 end`;
const DRAW = 'floor(random() * 10)::int + 1 as c, random() < 0.5 as in_city';
const RANDOM_SPECIES = "(array['dog', 'cat', 'cat', 'dog', 'rabbit', 'other'])[1 + floor(random() * 6)::int]";

interface Timing {
  query: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
}

async function seed(db: pg.Client): Promise<{ ownerId: string }> {
  const { rows } = await db.query<{ id: string }>('select id from auth.users order by created_at limit 1');
  const ownerId = rows[0]?.id as string;
  // Lost animals: the lost switch opens their searches (schemas/searches.sql); then each gets an area.
  await db.query(
    `insert into public.animals (proprietaire_id, nom, espece, is_lost)
     select $1, 'Animal ' || g, ${RANDOM_SPECIES}, true from generate_series(1, $2) g`,
    [ownerId, SCALE.searches],
  );
  await db.query(`
    update public.searches s set area_lat = ${LAT}, area_lon = ${LON}, area_radius_m = 500,
      started_at = now() - random() * interval '60 days'
    from (select id, ${DRAW} from public.searches) q
    where s.id = q.id`);
  await db.query(
    `insert into public.found_reports (species, found_at, place, lat, lon, token_hash)
     select ${RANDOM_SPECIES}, now() - random() * interval '30 days', 'Une rue, une commune', ${LAT}, ${LON}, 'seed-' || g
     from (select g, ${DRAW} from generate_series(1, $1) g) q`,
    [SCALE.reports],
  );
  await db.query('analyze');
  return { ownerId };
}

async function time(query: string, run: (i: number) => Promise<unknown>): Promise<Timing> {
  const durations: number[] = [];
  for (let i = 0; i < SCALE.samples; i += 1) {
    const started = performance.now();
    await run(i);
    durations.push(performance.now() - started);
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    query,
    samples: durations.length,
    p50: round(percentile(durations, 50)),
    p95: round(percentile(durations, 95)),
    max: round(Math.max(...durations)),
  };
}

export async function scaleOnPostgres(adminUrl: string): Promise<Timing[]> {
  return withFreshDatabase(adminUrl, 'scale', async (databaseUrl, dataDir) => {
    const stack = await startStackProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { ownerId } = await seed(db);
      const reportIds = (
        await db.query<{ id: string }>('select id from public.found_reports order by random() limit $1', [
          SCALE.samples,
        ])
      ).rows.map((row) => row.id);
      const searchIds = (
        await db.query<{ id: string }>(
          'select id from public.searches where found_at is null order by random() limit $1',
          [SCALE.samples],
        )
      ).rows.map((row) => row.id);
      // One account owns every seeded animal; a household's rules read its animals (animals_i_see), so the panel
      // is measured as the household of the sampled searches alone, not of a hundred thousand animals.
      await db.query("set session_replication_role = 'replica'");
      await db.query(
        `delete from public.animal_members m where m.user_id = $1
           and m.animal_id not in (select animal_id from public.searches where id = any($2))`,
        [ownerId, searchIds],
      );
      await db.query("set session_replication_role = 'origin'");
      const city = (i: number) => CITIES[i % CITIES.length] as readonly [number, number];
      return [
        await time('public_found_report (its page, with the losses nearby)', (i) =>
          db.query('select public.public_found_report($1)', [reportIds[i]]),
        ),
        await time('record_found_report (stored with its matches), in a city', (i) =>
          db.query(`select public.record_found_report($1, now(), null, $2, $3, null, null, 'fr', $4, $5)`, [
            i % 2 ? 'dog' : 'cat',
            city(i)[0],
            city(i)[1],
            `bench-${i}`,
            `bench-client-${i}`,
          ]),
        ),
        await time('found_reports_near_search (a loss panel, as its owner)', async (i) => {
          await db.query('begin');
          try {
            await db.query("select set_config('role', 'authenticated', true)");
            await db.query("select set_config('request.jwt.claims', $1, true)", [
              JSON.stringify({ sub: ownerId, role: 'authenticated' }),
            ]);
            await db.query('select public.found_reports_near_search($1)', [searchIds[i]]);
          } finally {
            await db.query('rollback');
          }
        }),
      ];
    } finally {
      await db.end();
      await stack.close();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const timings = await scaleOnPostgres(adminUrl);
  console.log(`\nOn PostgreSQL, ${SCALE.searches} open searches and ${SCALE.reports} open found reports:`);
  console.table(timings);
  const missed = timings.filter((timing) => timing.p95 > SCALE_BUDGET.p95Ms);
  console.log(
    missed.length === 0
      ? `every p95 ≤ ${SCALE_BUDGET.p95Ms} ms: met`
      : `missed: ${missed.map((m) => m.query).join(', ')}`,
  );
  // Beside `pnpm bench`'s results.json, in the repository's bench/ (not committed).
  const folder = new URL('../../bench/', import.meta.url);
  await mkdir(folder, { recursive: true });
  await writeFile(new URL('scale-results.json', folder), `${JSON.stringify(timings, null, 2)}\n`);
  if (process.argv.includes('--check') && missed.length > 0) process.exit(1);
}
