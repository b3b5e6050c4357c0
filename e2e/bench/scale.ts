// `pnpm bench:scale` (docs/budgets.md): what a person waits on, on a database the size of a national service
// against the same on a demo-size one, in the same run. Two fresh databases of the machine's PostgreSQL, each
// migrated by the local stack and seeded by the same SQL (national.ts): the demo one at a thousandth of the
// national counts, the other at the national size (`SCALE_FACTOR` to try a smaller one). Then every path a person
// waits on (@medaille/local-stack/waiting-paths: the same SQL the plans test proves reads through indexes) is run
// SAMPLES times as its caller on rows drawn at random, a write in a transaction rolled back, and timed from the
// client. Budget: each path's p95 at the national size at most 1.5 times its p95 on the demo database.
// `--check` exits 1 on a miss.
import { mkdir, writeFile } from 'node:fs/promises';
import { callerSettings, type PathRows, WAITING_PATHS, type WaitingPath } from '@medaille/local-stack/waiting-paths';
import pg from 'pg';
import { percentile, startStackProcess, withFreshDatabase } from './load.ts';
import { busyDay, countsFor, type NationalCounts, seedNational } from './national.ts';

/** docs/budgets.md: a path's p95 at the national size against its p95 on the demo database. */
export const SCALE_BUDGET = { ratio: 1.5 } as const;
const SAMPLES = 200;
const DEMO_FACTOR = 0.001;

interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

/** Lost animals with their medal, search and a conversation, their owner, and a found report: `count` of them. */
async function pathRows(db: pg.Client, count: number): Promise<PathRows[]> {
  const { rows } = await db.query<Omit<PathRows, 'run'>>(
    `select a.proprietaire_id as "ownerId", c.id as code, a.id as "animalId", s.id as "searchId",
       v.token as "conversationToken",
       (select r.id from public.found_reports r offset floor(random() * 10) limit 1) as "reportId"
     from public.searches s
     join public.animals a on a.id = s.animal_id
     join public.codes c on c.animal_id = a.id
     join lateral (select token from public.conversations v where v.animal_id = a.id limit 1) v on true
     where s.found_at is null
     order by random() limit $1`,
    [count],
  );
  if (rows.length === 0) throw new Error('no lost animal with a conversation to measure on');
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

/** A fresh database migrated by the stack and seeded at `factor` of the national size, for `run`. */
function atSize<T>(
  adminUrl: string,
  factor: number,
  run: (db: pg.Client, counts: NationalCounts, seedSeconds: [string, number][], databaseUrl: string) => Promise<T>,
): Promise<T> {
  return withFreshDatabase(adminUrl, 'scale', async (databaseUrl, dataDir) => {
    // The stack migrates the database, then stops: the paths are timed in the database, without its load.
    const stack = await startStackProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    await stack.close();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const counts = countsFor(factor);
      return await run(db, counts, await seedNational(db, counts), databaseUrl);
    } finally {
      await db.end();
    }
  });
}

export interface ScaleResult {
  counts: NationalCounts;
  seedSeconds: [string, number][];
  paths: { path: string; demoP95: number; p50: number; p95: number; p99: number; ratio: number; met: boolean }[];
  jobs: JobRun[];
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
  return atSize(adminUrl, DEMO_FACTOR, (demoDb) =>
    atSize(adminUrl, factor, async (db, counts, seedSeconds, databaseUrl) => {
      const [demoRows, rows] = [await pathRows(demoDb, SAMPLES), await pathRows(db, SAMPLES)];
      const paths = [];
      for (const path of WAITING_PATHS) {
        const small: number[] = [];
        const large: number[] = [];
        for (let i = 0; i < SAMPLES; i += 1) {
          small.push(await timeOnce(demoDb, path, { ...(demoRows[i % demoRows.length] as PathRows), run: i }));
          large.push(await timeOnce(db, path, { ...(rows[i % rows.length] as PathRows), run: i }));
        }
        const [demo, national] = [timingOf(small), timingOf(large)];
        const ratio = round(national.p95 / demo.p95);
        paths.push({ path: path.name, demoP95: demo.p95, ...national, ratio, met: ratio <= SCALE_BUDGET.ratio });
      }
      const jobs = await timeJobs(db, databaseUrl, counts, rows[0] as PathRows);
      return { counts, seedSeconds, paths, jobs };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const factor = Number(process.env.SCALE_FACTOR ?? 1);
  const result = await scaleOnPostgres(adminUrl, factor);
  const seeded = result.seedSeconds.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`\nSeeded at ${factor} of the national size in ${Math.round(seeded)} s:`);
  console.table(Object.fromEntries(result.seedSeconds));
  console.log(`Each path ${SAMPLES} times, in ms (demo: ${DEMO_FACTOR} of the national size):`);
  console.table(result.paths.map(({ path, ...timing }) => ({ path, ...timing })));
  console.log('The jobs on a busy day, each beside a person’s requests:');
  console.table(result.jobs);
  const missed = [...result.paths.filter((path) => !path.met), ...result.jobs.filter((job) => job.met === false)];
  console.log(
    missed.length === 0
      ? `every p95 ≤ ${SCALE_BUDGET.ratio} × its demo p95, every job within its budget: met`
      : `missed: ${missed.map((m) => ('path' in m ? m.path : m.job)).join(', ')}`,
  );
  // Beside `pnpm bench`'s results.json, in the repository's bench/ (not committed).
  const folder = new URL('../../bench/', import.meta.url);
  await mkdir(folder, { recursive: true });
  await writeFile(new URL('scale-results.json', folder), `${JSON.stringify(result, null, 2)}\n`);
  if (process.argv.includes('--check') && missed.length > 0) process.exit(1);
}
