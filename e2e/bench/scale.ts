// `pnpm bench:scale` (docs/budgets.md): what a person waits on, on a database the size of a national service
// against the same on a demo-size one, in the same run. Two fresh databases of the machine's PostgreSQL, each
// migrated by the local stack and seeded by the same SQL (national.ts): the demo one at a thousandth of the
// national counts, the other at the national size (`SCALE_FACTOR` to try a smaller one). Then every path a person
// waits on (@medaille/local-stack/waiting-paths: the same SQL the plans test proves reads through indexes) is run
// SAMPLES times as its caller on rows drawn at random, a write in a transaction rolled back, and timed from the
// client. Then the finders' functions through the stack's HTTP under `pnpm bench:load`'s paced load, on a stack
// over each database, in turns. Budget: each path's p95 at the national size at most 1.5 times its p95 on the demo
// database. `--check` exits 1 on a miss.
import { mkdir, writeFile } from 'node:fs/promises';
import {
  callerSettings,
  type PathRows,
  QUARTER,
  WAITING_PATHS,
  type WaitingPath,
} from '@medaille/local-stack/waiting-paths';
import pg from 'pg';
import {
  BENCH_LIMITS,
  LOAD_BUDGET,
  pacedLoad,
  percentile,
  startStackProcess,
  warmUp,
  withFreshDatabase,
} from './load.ts';
import { busyDay, countsFor, type NationalCounts, seedNational } from './national.ts';
import { prewarm, withSizedCluster } from './sized-postgres.ts';

/** docs/budgets.md: a path's p95 at the national size against its p95 on the demo database. */
export const SCALE_BUDGET = { ratio: 1.5 } as const;
const SAMPLES = 200;
const DEMO_FACTOR = 0.001;

interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Lost animals with their medal, search and a conversation, their owner, and a found report: `count` of them; in
 * the quarter (QUARTER), searches and reports there, for the paths near a point.
 */
async function pathRows(db: pg.Client, count: number, inQuarter = false): Promise<PathRows[]> {
  const { rows } = await db.query<Omit<PathRows, 'run'>>(
    `select a.proprietaire_id as "ownerId", c.id as code, a.id as "animalId", s.id as "searchId",
       v.token as "conversationToken",
       (select r.id from public.found_reports r where $2::text is null or r.place = $2
        offset floor(random() * 10) limit 1) as "reportId"
     from public.searches s
     join public.animals a on a.id = s.animal_id
     join public.codes c on c.animal_id = a.id
     left join lateral (select token from public.conversations v where v.animal_id = a.id limit 1) v on true
     where s.found_at is null
       and case when $2::text is null then v.token is not null else s.last_seen_place = $2 end
     order by random() limit $1`,
    [count, inQuarter ? QUARTER.place : null],
  );
  if (rows.length === 0)
    throw new Error(`no lost animal ${inQuarter ? 'in the quarter' : 'with a conversation'} to measure on`);
  return rows.map((row, index) => ({ ...row, run: index }));
}

/** One path run once as its caller on a row, in a transaction rolled back: its statement's time in ms. */
async function timeOnce(db: pg.Client, path: WaitingPath, row: PathRows): Promise<number> {
  const caller = callerSettings(path, row.ownerId);
  await db.query('begin');
  try {
    await db.query(caller.sql, caller.params);
    const params = path.params(row);
    const started = performance.now();
    await db.query(path.sql, params);
    return performance.now() - started;
  } finally {
    await db.query('rollback');
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
const timingOf = (durations: number[]): Timing => ({
  p50: round(percentile(durations, 50)),
  p95: round(percentile(durations, 95)),
  p99: round(percentile(durations, 99)),
});

/** Where a seeded database is: its URL, and a data folder for a stack over it. */
interface Seeded {
  databaseUrl: string;
  dataDir: string;
}

/** A fresh database migrated by the stack and seeded at `factor` of the national size, for `run`. */
function atSize<T>(
  adminUrl: string,
  factor: number,
  run: (db: pg.Client, counts: NationalCounts, seedSeconds: [string, number][], seeded: Seeded) => Promise<T>,
): Promise<T> {
  return withFreshDatabase(adminUrl, 'scale', async (databaseUrl, dataDir) => {
    // The stack migrates the database, then stops: the paths are timed in the database, without its load.
    const stack = await startStackProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    await stack.close();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const counts = countsFor(factor);
      return await run(db, counts, await seedNational(db, counts), { databaseUrl, dataDir });
    } finally {
      await db.end();
    }
  });
}

export interface ScaleResult {
  counts: NationalCounts;
  seedSeconds: [string, number][];
  paths: { path: string; demoP95: number; p50: number; p95: number; p99: number; ratio: number; met: boolean }[];
  /** The finders' functions through the stack's HTTP under the bench's paced load, at each size. */
  http: HttpRun[];
  jobs: JobRun[];
}

interface HttpRun {
  request: string;
  /** How many were sent at each size (demo, national), and how many of them failed or were left unsent. */
  requests: [number, number];
  failed: number;
  demo: Timing;
  national: Timing;
  ratio: number;
  /** Its p95 within 1.5 × the demo's and the load's own budget (300 ms), and no request failed. */
  met: boolean;
}

/** Rounds of the paced load at each size, in turns: the p95 of a few hundred requests moves from run to run. */
const HTTP_ROUNDS = 3;

/**
 * The paced load of `pnpm bench:load` (200 finders reading profiles, 50 sending messages, each from an address of
 * its own) through a stack over each database, on medals of that database: the same requests and pace. Both
 * stacks are started and warmed up before either runs; then HTTP_ROUNDS runs at each size in turns, whose requests
 * are counted together, so that whatever else the machine does weighs on both sizes alike.
 */
async function httpAtBothSizes(
  demo: Seeded & { codes: string[] },
  national: Seeded & { codes: string[] },
): Promise<HttpRun[]> {
  const start = ({ databaseUrl, dataDir }: Seeded) =>
    startStackProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...BENCH_LIMITS });
  const withStack = async (seeded: Seeded & { codes: string[] }) => ({
    codes: seeded.codes,
    stack: await start(seeded),
    durations: { profile: [] as number[], message: [] as number[] },
    failed: { profile: 0, message: 0 },
  });
  const sizes = [await withStack(demo), await withStack(national)] as const;
  try {
    for (const size of sizes) await warmUp(size.stack, size.codes);
    for (let round = 0; round < HTTP_ROUNDS; round += 1) {
      for (const size of sizes) {
        const run = await pacedLoad(size.stack, size.codes, size.durations);
        size.failed.profile += run.profile.errors + run.profile.unsent;
        size.failed.message += run.message.errors + run.message.unsent;
      }
    }
    return (['profile', 'message'] as const).map((kind) => {
      const [small, large] = sizes.map((size) => timingOf(size.durations[kind])) as [Timing, Timing];
      const ratio = round(large.p95 / small.p95);
      const failed = sizes[0].failed[kind] + sizes[1].failed[kind];
      return {
        request: kind === 'profile' ? 'get_public_profile' : 'post_finder_message',
        requests: [sizes[0].durations[kind].length, sizes[1].durations[kind].length] as [number, number],
        failed,
        demo: small,
        national: large,
        ratio,
        met: ratio <= SCALE_BUDGET.ratio && large.p95 <= LOAD_BUDGET.p95Ms && failed === 0,
      };
    });
  } finally {
    await Promise.all(sizes.map((size) => size.stack.close()));
  }
}

interface JobRun {
  job: string;
  seconds: number;
  /** The longest a person's request (the scan page's profile, a scan recorded) took while the job ran. */
  personMaxMs: number;
  /** Null for what happens once (the first purge after a year's scans), which has no budget. */
  met: boolean | null;
}

/** docs/budgets.md: no job makes a person's request wait more than this; the purge of a day within a minute. */
export const JOB_BUDGET = { personMaxMs: 100, purgeSeconds: 60 } as const;

/**
 * The scheduled jobs at the national size on a busy day, each while a person's requests run beside it on a
 * connection of their own: how long the job took, and the longest a request waited meanwhile.
 */
async function timeJobs(db: pg.Client, databaseUrl: string, counts: NationalCounts, row: PathRows): Promise<JobRun[]> {
  const person = new pg.Client({ connectionString: databaseUrl });
  await person.connect();
  const profile = WAITING_PATHS.find((path) => path.name === 'the scan page’s profile') as WaitingPath;
  const scan = WAITING_PATHS.find((path) => path.name === 'the scan event and a shared position') as WaitingPath;
  const run = async (
    job: string,
    work: () => Promise<unknown>,
    budgetSeconds: number | null = Number.POSITIVE_INFINITY,
  ): Promise<JobRun> => {
    let running = true;
    let personMaxMs = 0;
    const requests = (async () => {
      for (let i = 0; running; i += 1) {
        const ms = await timeOnce(person, i % 2 ? scan : profile, { ...row, run: i });
        personMaxMs = Math.max(personMaxMs, ms);
      }
    })();
    const started = performance.now();
    try {
      await work();
    } finally {
      running = false;
      await requests;
    }
    const seconds = round((performance.now() - started) / 1000);
    const met = budgetSeconds === null ? null : personMaxMs <= JOB_BUDGET.personMaxMs && seconds <= budgetSeconds;
    return { job, seconds, personMaxMs: round(personMaxMs), met };
  };
  try {
    const jobs: JobRun[] = [];
    // A year of scans was seeded: the first purge catches up with nine months of them, once.
    jobs.push(
      await run(
        'the first purge (nine months of scans, once)',
        () => db.query('select public.purge_old_scan_events()'),
        null,
      ),
    );
    // What autovacuum does after such a purge, before the next day's: the rows it deleted gone from the indexes.
    await db.query('vacuum analyze');
    for (const [, sql] of busyDay(counts)) await db.query(sql);
    await db.query('analyze');
    jobs.push(
      await run(
        'the purge of a day’s expired rows',
        () => db.query('select public.purge_old_scan_events()'),
        JOB_BUDGET.purgeSeconds,
      ),
    );
    jobs.push(
      await run('the outbox: a run’s claim among 100,000 due', () => db.query('select public.claim_due_mails(20)')),
    );
    jobs.push(
      await run('the reminders of a busy morning', async () => {
        // As health-reminders asks: again while it gets as many as it asked for.
        for (;;) {
          const { rows } = await db.query<{ value: unknown[] }>(
            'select public.claim_health_reminders(null, 7, 100) as value',
          );
          if ((rows[0]?.value.length ?? 0) < 100) break;
        }
      }),
    );
    jobs.push(
      await run('the sweep of orphaned files', () =>
        db.query(
          `select public.orphan_photo_files(1000), public.orphan_finder_photo_files(1000),
             public.orphan_found_photo_files(1000)`,
        ),
      ),
    );
    return jobs;
  } finally {
    await person.end();
  }
}

/**
 * Both databases seeded, then each path timed on one and the other in turn, sample by sample, so that whatever
 * else the machine does weighs on both alike.
 */
export function scaleOnPostgres(adminUrl: string, factor: number): Promise<ScaleResult> {
  return atSize(adminUrl, DEMO_FACTOR, (demoDb, _demoCounts, _demoSeconds, demoSeeded) =>
    atSize(adminUrl, factor, async (db, counts, seedSeconds, seeded) => {
      await prewarm(demoDb);
      await prewarm(db);
      const [demoRows, rows] = [await pathRows(demoDb, SAMPLES), await pathRows(db, SAMPLES)];
      const [demoQuarterRows, quarterRows] = [await pathRows(demoDb, SAMPLES, true), await pathRows(db, SAMPLES, true)];
      const paths = [];
      for (const path of WAITING_PATHS) {
        const [smallRows, largeRows] = path.nearby ? [demoQuarterRows, quarterRows] : [demoRows, rows];
        const small: number[] = [];
        const large: number[] = [];
        for (let i = 0; i < SAMPLES; i += 1) {
          small.push(await timeOnce(demoDb, path, { ...(smallRows[i % smallRows.length] as PathRows), run: i }));
          large.push(await timeOnce(db, path, { ...(largeRows[i % largeRows.length] as PathRows), run: i }));
        }
        const [demo, national] = [timingOf(small), timingOf(large)];
        const ratio = round(national.p95 / demo.p95);
        paths.push({ path: path.name, demoP95: demo.p95, ...national, ratio, met: ratio <= SCALE_BUDGET.ratio });
      }
      const codesOf = (list: PathRows[]) => list.map((row) => row.code);
      const http = await httpAtBothSizes(
        { ...demoSeeded, codes: codesOf(demoRows) },
        { ...seeded, codes: codesOf(rows) },
      );
      const jobs = await timeJobs(db, seeded.databaseUrl, counts, rows[0] as PathRows);
      return { counts, seedSeconds, paths, http, jobs };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const factor = Number(process.env.SCALE_FACTOR ?? 1);
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL;
  const result = await (adminUrl
    ? scaleOnPostgres(adminUrl, factor)
    : withSizedCluster((url) => scaleOnPostgres(url, factor)));
  const seeded = result.seedSeconds.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`\nSeeded at ${factor} of the national size in ${Math.round(seeded)} s:`);
  console.table(Object.fromEntries(result.seedSeconds));
  console.log(`Each path ${SAMPLES} times, in ms (demo: ${DEMO_FACTOR} of the national size):`);
  console.table(result.paths.map(({ path, ...timing }) => ({ path, ...timing })));
  console.log(`The finders’ functions through HTTP under the paced load, ${HTTP_ROUNDS} runs at each size, in ms:`);
  console.table(
    result.http.map(({ request, requests, failed, demo, national, ratio, met }) => ({
      request,
      requests: requests.join(' / '),
      failed,
      demoP95: demo.p95,
      p50: national.p50,
      p95: national.p95,
      p99: national.p99,
      ratio,
      met,
    })),
  );
  console.log('The jobs on a busy day, each beside a person’s requests:');
  console.table(result.jobs);
  const missed = [
    ...result.paths.filter((path) => !path.met),
    ...result.http.filter((run) => !run.met),
    ...result.jobs.filter((job) => job.met === false),
  ];
  console.log(
    missed.length === 0
      ? `every p95 ≤ ${SCALE_BUDGET.ratio} × its demo p95, every job within its budget: met`
      : `missed: ${missed.map((m) => ('path' in m ? m.path : 'request' in m ? m.request : m.job)).join(', ')}`,
  );
  // Beside `pnpm bench`'s results.json, in the repository's bench/ (not committed).
  const folder = new URL('../../bench/', import.meta.url);
  await mkdir(folder, { recursive: true });
  await writeFile(new URL('scale-results.json', folder), `${JSON.stringify(result, null, 2)}\n`);
  if (process.argv.includes('--check') && missed.length > 0) process.exit(1);
}
