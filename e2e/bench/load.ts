// The finder's functions under load (docs/budgets.md): 200 finders reading profiles and 50 finders sending messages
// at once, each from a loopback address of its own (the stack's gateway takes a client's identity from the
// socket), with a plain `select 1` request through the same stack beside them. Bounded in requests and time.
//
// Two runs on each stack. "paced": every finder sends a request each second and every sender a message each
// 2 seconds, one at a time as a phone does (225 requests/s offered, more than the stack served when first measured);
// the budget applies to it. "flat out": the same clients send again the moment they have their answer, so
// the stack's capacity alone sets the pace; there, by Little's law, latency is clients / throughput (250
// clients at 500 requests/s wait 500 ms), which says how much headroom the paced run had.
//
// Part of `pnpm bench`; on its own: `pnpm bench:load`. LOAD_DATABASES=postgres,pglite
// picks the databases; LOAD_STACK_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/profiles" profiles the stack.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const LOAD = {
  finders: 200,
  profileRequests: 4000,
  /** A paced finder asks for a profile once a second. */
  finderIntervalMs: 1000,
  senders: 50,
  messages: 500,
  senderIntervalMs: 2000,
  /** Clients asking the stack for `select 1` while the load runs, each 10 times a second. */
  selectOneProbes: 5,
  probeIntervalMs: 100,
  /** No request starts after this; what is left unsent counts against the run. */
  deadlineMs: 60_000,
  /** A request unanswered after this is an error. */
  timeoutMs: 15_000,
} as const;

/** The budget of docs/budgets.md, for the paced run on PostgreSQL. */
export const LOAD_BUDGET = { p95Ms: 300, errors: 0 } as const;

// The limits stay on, raised above what one bench client sends in a run (20 profiles in 20 s, or 10 messages).
export const BENCH_LIMITS = {
  FUNCTION_PROFILE_RATE_LIMIT_PER_MINUTE: '600',
  FUNCTION_MESSAGE_RATE_LIMIT_PER_HOUR: '100',
};
const CODES = ['MDL-DEMO-REX', 'MDL-DEMO-MIMI'];
const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));

export type Pace = 'paced' | 'flat out';

export interface Latencies {
  requests: number;
  errors: number;
  /** Requests not started before the deadline. */
  unsent: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
}

export interface LoadRun {
  pace: Pace;
  seconds: number;
  /** The stack's CPU during the run: cores' worth used (1 = one core all along), and per request. */
  stackCpu: { cores: number; msPerRequest: number };
  profile: Latencies;
  message: Latencies;
  /** `GET /health/db` (the stack's `select 1`) during the same run. */
  selectOne: Latencies;
}

export interface LoadResult {
  database: 'postgres' | 'pglite';
  runs: LoadRun[];
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;

/** A distinct loopback address per client: 127.{group}.{i / 250}.{i % 250 + 1}. */
export const clientAddress = (group: number, i: number) => `127.${group}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  body: string;
}

/** A request of the load, as a client sends it. */
export interface Ask {
  path: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One client of the load: its connection leaves from `address` (the gateway's idea of who it is) and is
 * kept open between its requests, as a browser would. node:http rather than fetch: with 250 clients on the
 * stack's own machine, the load generator's CPU is taken from the stack, and fetch costs about twice as much.
 */
function clientAt(origin: string, address: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return (ask: Ask) =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        `${origin}${ask.path}`,
        {
          method: ask.method,
          headers: ask.headers,
          agent,
          localAddress: address,
          signal: AbortSignal.timeout(LOAD.timeoutMs),
        },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            body += chunk;
          });
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(ask.body);
    });
}

/**
 * `clients` clients, each from its own address, send one request after another until `total` have been
 * sent or the deadline passes; a request counts as an error unless `accept` says its answer is right.
 * With `intervalMs`, each client starts at a random moment of its first interval and then sends once per
 * interval (or as soon as its answer is in, when that came later); without, it sends again at once.
 */
export async function drive(options: {
  clients: number;
  total: number;
  group: number;
  deadline: number;
  intervalMs?: number | undefined;
  origin: string;
  ask: (i: number) => Ask;
  accept: (answer: Answer) => boolean;
  until?: () => boolean;
  /** Where each request's time is also written, for runs measured together (bench:scale). */
  record?: number[] | undefined;
}): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let finished = 0;
  const started = performance.now();
  const more = () => next < options.total && performance.now() < options.deadline && !options.until?.();
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      const send = clientAt(options.origin, clientAddress(options.group, client));
      const interval = options.intervalMs ?? 0;
      let slot = started + Math.random() * interval;
      while (more()) {
        const wait = slot - performance.now();
        if (wait > 0) await sleep(wait);
        slot = Math.max(slot + interval, performance.now());
        if (!more()) break;
        const i = next++;
        const t0 = performance.now();
        try {
          if (!options.accept(await send(options.ask(i)))) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
        options.record?.push(performance.now() - t0);
        finished = performance.now();
      }
    }),
  );
  return {
    requests: latencies.length,
    errors,
    unsent: options.until ? 0 : options.total - latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    rps: Math.round(latencies.length / (((finished || performance.now()) - started) / 1000)),
  };
}

/**
 * A part of the bench in a Node process of its own (tsx, plus the Node options in `nodeOptions`), once it sent
 * its first message (where it listens); it answers 'cpu' with its CPU time and exits when told 'close'.
 */
export async function startBenchProcess<Ready, Cpu>(
  path: string,
  env: Record<string, string>,
  nodeOptions: string | undefined,
): Promise<{ ready: Ready; cpu(): Promise<Cpu>; close(): Promise<void>; kill(): void }> {
  const child = fork(path, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...(nodeOptions?.split(/\s+/).filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`${path} exited with ${code} before serving`)));
  });
  return {
    ready,
    cpu: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as Cpu));
        child.send('cpu');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
    kill: () => child.kill(),
  };
}

export interface StackProcess {
  url: string;
  anonKey: string;
  /** CPU time the stack's process has used, in milliseconds. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/** Starts the local stack in a child process with `env`, and waits until it serves. */
export async function startStackProcess(env: Record<string, string>): Promise<StackProcess> {
  const stack = await startBenchProcess<{ url: string; anonKey: string }, { cpu: NodeJS.CpuUsage }>(
    STACK_PROCESS,
    { STACK_HOST: '127.0.0.1', ...env },
    process.env.LOAD_STACK_NODE_OPTIONS,
  );
  // The load goes to this machine only.
  const host = new URL(stack.ready.url).hostname;
  if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) {
    stack.kill();
    throw new Error(`the load run targets only loopback addresses; the stack listens on ${host}`);
  }
  return {
    ...stack.ready,
    cpuMs: async () => {
      const { cpu } = await stack.cpu();
      return (cpu.user + cpu.system) / 1000;
    },
    close: stack.close,
  };
}

/** The requests of the load on medals `codes`, and the answer a finder expects to each. */
function requests(stack: StackProcess, codes: readonly string[]) {
  const headers = {
    apikey: stack.anonKey,
    authorization: `Bearer ${stack.anonKey}`,
    'content-type': 'application/json',
  };
  return {
    profile: {
      origin: stack.url,
      ask: (i: number): Ask => ({
        path: '/functions/v1/get_public_profile',
        method: 'POST',
        headers,
        body: JSON.stringify({ code: codes[i % codes.length] }),
      }),
      accept: ({ status, body }: Answer) => status === 200 && body.includes('"status":"claimed"'),
    },
    message: {
      origin: stack.url,
      ask: (i: number): Ask => ({
        path: '/functions/v1/post_finder_message',
        method: 'POST',
        headers,
        body: JSON.stringify({
          code: codes[i % codes.length],
          message: `Vu près de la gare (${i})`,
          contact: '06 12 34 56 78',
        }),
      }),
      // Stored: the finder is given the link to the conversation the message opened.
      accept: ({ status, body }: Answer) =>
        status === 200 && /^\{"ok":true,"conversation_url":"[^"]*\/conversation\/[0-9a-f]{64}"\}$/.test(body),
    },
    selectOne: {
      origin: stack.url,
      ask: (): Ask => ({ path: '/health/db', method: 'GET' }),
      accept: ({ status, body }: Answer) => status === 200 && body === '{"ok":1}',
    },
  };
}

/** One run of the load against a running stack, with `select 1` probes beside it until it ends. */
async function runLoad(
  stack: StackProcess,
  pace: Pace,
  groups: number,
  codes: readonly string[] = CODES,
  record?: { profile: number[]; message: number[] },
): Promise<LoadRun> {
  const { profile, message, selectOne } = requests(stack, codes);
  const paced = pace === 'paced';
  const cpuBefore = await stack.cpuMs();
  const started = performance.now();
  const deadline = started + LOAD.deadlineMs;
  let running = true;
  const load = Promise.all([
    drive({
      clients: LOAD.finders,
      total: LOAD.profileRequests,
      group: groups,
      deadline,
      intervalMs: paced ? LOAD.finderIntervalMs : undefined,
      record: record?.profile,
      ...profile,
    }),
    drive({
      clients: LOAD.senders,
      total: LOAD.messages,
      group: groups + 1,
      deadline,
      intervalMs: paced ? LOAD.senderIntervalMs : undefined,
      record: record?.message,
      ...message,
    }),
  ]).finally(() => {
    running = false;
  });
  const [beside, [profiles, messages]] = await Promise.all([
    drive({
      clients: LOAD.selectOneProbes,
      total: Number.POSITIVE_INFINITY,
      group: groups + 2,
      deadline,
      intervalMs: LOAD.probeIntervalMs,
      until: () => !running,
      ...selectOne,
    }),
    load,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = (await stack.cpuMs()) - cpuBefore;
  const served = profiles.requests + messages.requests + beside.requests;
  return {
    pace,
    seconds: Math.round(seconds * 10) / 10,
    stackCpu: {
      cores: Math.round((cpuMs / 1000 / seconds) * 100) / 100,
      msPerRequest: Math.round((cpuMs / served) * 100) / 100,
    },
    profile: profiles,
    message: messages,
    selectOne: beside,
  };
}

/**
 * A warm-up from addresses of their own, then both runs. A stack in use has its code paths compiled and its
 * database connections open; without this, the paced run's first second is slow and the backlog it leaves
 * takes the following seconds to clear.
 */
async function runBoth(stack: StackProcess): Promise<LoadRun[]> {
  await warmUp(stack, CODES);
  return [await runLoad(stack, 'paced', 20), await runLoad(stack, 'flat out', 40)];
}

/**
 * A warm-up from addresses of their own: a stack in use has its code paths compiled and its database connections
 * open (runBoth).
 */
export async function warmUp(stack: StackProcess, codes: readonly string[]): Promise<void> {
  const { profile, message, selectOne } = requests(stack, codes);
  const deadline = performance.now() + 20_000;
  await Promise.all([
    drive({ clients: 50, total: 1000, group: 30, deadline, ...profile }),
    drive({ clients: 10, total: 100, group: 31, deadline, ...message }),
    drive({ clients: 5, total: 100, group: 32, deadline, ...selectOne }),
  ]);
}

/**
 * The paced run alone, on medals `codes` of the stack's database (`bench:scale` runs it at two sizes, in turns),
 * each request's time also written into `record`.
 */
export function pacedLoad(
  stack: StackProcess,
  codes: readonly string[],
  record: { profile: number[]; message: number[] },
): Promise<LoadRun> {
  return runLoad(stack, 'paced', 20, codes, record);
}

/**
 * `run` given the URL of a fresh database of the machine's PostgreSQL and a fresh data folder, both removed
 * afterwards.
 */
export async function withFreshDatabase<T>(
  adminUrl: string,
  name: string,
  run: (databaseUrl: string, dataDir: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  const database = `medaille_${name}_${Date.now()}`;
  await admin.connect();
  await admin.query(`create database ${database}`);
  const dataDir = await mkdtemp(join(tmpdir(), `medaille-${name}-`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return await run(url.toString(), dataDir);
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The load on a stack over a fresh database of the machine's PostgreSQL, dropped afterwards. */
export function loadOnPostgres(adminUrl: string): Promise<LoadResult> {
  return withFreshDatabase(adminUrl, 'load', async (databaseUrl, dataDir) => {
    const stack = await startStackProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...BENCH_LIMITS });
    try {
      return { database: 'postgres', runs: await runBoth(stack) };
    } finally {
      await stack.close();
    }
  });
}

/** The load on a stack over PGlite in a temporary folder. */
export async function loadOnPglite(): Promise<LoadResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-load-pglite-'));
  try {
    const stack = await startStackProcess({ DATABASE_URL: '', DATA_DIR: dataDir, ...BENCH_LIMITS });
    try {
      return { database: 'pglite', runs: await runBoth(stack) };
    } finally {
      await stack.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** docs/budgets.md: the paced run's profiles within p95 300 ms, and no request of the run failed or left unsent. */
export function withinLoadBudget(result: LoadResult): boolean {
  const run = result.runs.find((r) => r.pace === 'paced');
  if (!run) return false;
  return (
    run.profile.p95 <= LOAD_BUDGET.p95Ms &&
    [run.profile, run.message, run.selectOne].every((l) => l.errors + l.unsent === LOAD_BUDGET.errors)
  );
}

/** One kind of request of a run, as the bench's tables say it: 'p50 / p95 / p99 ms, req/s, errors of all'. */
export function latencyText(l: Latencies): string {
  const ms = Math.round;
  return `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} ms, ${l.rps} req/s, ${l.errors + l.unsent} errors of ${l.requests + l.unsent}`;
}

/** Rows for a `{ value, budget }` table, as `pnpm bench` prints its budgets: one per run and kind of request. */
export function loadRows(result: LoadResult): Record<string, { value: string; budget: string }> {
  const value = latencyText;
  const rows: Record<string, { value: string; budget: string }> = {};
  for (const run of result.runs) {
    const label = `${result.database}, ${run.pace}`;
    const budgeted = result.database === 'postgres' && run.pace === 'paced';
    rows[`${label}: get_public_profile p50 / p95 / p99`] = {
      value: value(run.profile),
      budget: budgeted ? `p95 ≤ ${LOAD_BUDGET.p95Ms} ms, no errors` : '',
    };
    rows[`${label}: post_finder_message p50 / p95 / p99`] = {
      value: value(run.message),
      budget: budgeted ? 'no errors' : '',
    };
    rows[`${label}: select 1 beside, p50 / p95 / p99`] = {
      value: value(run.selectOne),
      budget: budgeted ? 'no errors' : '',
    };
    rows[`${label}: the stack's CPU`] = {
      value: `${run.stackCpu.cores} cores, ${run.stackCpu.msPerRequest} ms per request, ${run.seconds} s`,
      budget: '',
    };
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databases = (process.env.LOAD_DATABASES ?? 'postgres,pglite').split(',');
  let met = true;
  for (const database of databases) {
    const result = database === 'pglite' ? await loadOnPglite() : await loadOnPostgres(adminUrl);
    console.table(loadRows(result));
    if (database === 'postgres') {
      const within = withinLoadBudget(result);
      met &&= within;
      console.log(
        `${within ? 'met   ' : 'MISSED'}  get_public_profile, paced load on PostgreSQL: p95 ≤ 300 ms, no errors`,
      );
    }
  }
  process.exitCode = met ? 0 : 1;
}
