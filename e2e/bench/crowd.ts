// A crowd of finders through the host (issue: the host under a crowd): a lost dog's poster brings many finders
// at once. 200 finders open scan pages through the shell's host, server-rendered, one page a second each, and 50
// send the message form without JavaScript through it (a POST the host answers with the page again), each from
// a loopback address of its own, on PostgreSQL, the host as far from its backend and its scan deployment as a
// deployment's. Budget: the paced run's p95 time to the full HTML ≤ 300 ms, no errors, no page falling back to
// the client-rendered one. Flat out, the same clients ask again at once: pages a second, and the CPU per page of
// the host and of the stack.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type Answer,
  type Ask,
  drive,
  type Latencies,
  LOAD,
  latencyText,
  type Pace,
  startBenchProcess,
  withFreshDatabase,
} from './load.ts';

export const CROWD_BUDGET = { p95Ms: 300, errors: 0 } as const;

const PRODUCT_PROCESS = fileURLToPath(new URL('./product-process.ts', import.meta.url));
const CODES = ['MDL-DEMO-REX', 'MDL-DEMO-MIMI'];
const LIMITS = { FUNCTION_PROFILE_RATE_LIMIT_PER_MINUTE: '600', FUNCTION_MESSAGE_RATE_LIMIT_PER_HOUR: '100' };

export interface CrowdRun {
  pace: Pace;
  seconds: number;
  pages: Latencies;
  forms: Latencies;
  /** Pages (and forms) answered a second, and each part's CPU per answer. */
  pagesPerSecond: number;
  cpu: { hostCores: number; hostMsPerPage: number; stackCores: number; stackMsPerPage: number };
}

interface ProductProcess {
  url: string;
  cpuMs(): Promise<{ hostMs: number; stackMs: number }>;
  close(): Promise<void>;
}

async function startProductProcess(env: Record<string, string>): Promise<ProductProcess> {
  // CROWD_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/profiles" profiles the host.
  const product = await startBenchProcess<{ url: string }, { hostMs: number; stackMs: number }>(
    PRODUCT_PROCESS,
    env,
    process.env.CROWD_NODE_OPTIONS,
  );
  return { url: product.ready.url, cpuMs: product.cpu, close: product.close };
}

/** Whether a page came with the server's render (its hydration data), not the client-rendered fallback. */
const serverRendered = (body: string) => body.includes('id="medaille-scan-data"');

function crowdRequests(origin: string) {
  return {
    page: {
      origin,
      ask: (i: number): Ask => ({
        path: `/${CODES[i % CODES.length]}`,
        method: 'GET',
        headers: { accept: 'text/html', 'accept-language': 'fr-FR,fr;q=0.9' },
      }),
      accept: ({ status, body }: Answer) => status === 200 && serverRendered(body),
    },
    form: {
      origin,
      ask: (i: number): Ask => ({
        path: `/${CODES[i % CODES.length]}`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr-FR' },
        body: new URLSearchParams({
          status: '',
          place: '',
          message: `Vu près de la gare (${i})`,
          contact: '06 12 34 56 78',
          email: '',
          website: '',
        }).toString(),
      }),
      // Sent: the page again, server-rendered, saying so.
      accept: ({ status, body }: Answer) => status === 200 && serverRendered(body) && body.includes('scan-sent'),
    },
  };
}

async function crowdRun(product: ProductProcess, pace: Pace, group: number): Promise<CrowdRun> {
  const { page, form } = crowdRequests(product.url);
  const paced = pace === 'paced';
  const before = await product.cpuMs();
  const started = performance.now();
  const deadline = started + LOAD.deadlineMs;
  const [pages, forms] = await Promise.all([
    drive({
      clients: LOAD.finders,
      total: LOAD.profileRequests,
      group,
      deadline,
      intervalMs: paced ? LOAD.finderIntervalMs : undefined,
      ...page,
    }),
    drive({
      clients: LOAD.senders,
      total: LOAD.messages,
      group: group + 1,
      deadline,
      intervalMs: paced ? LOAD.senderIntervalMs : undefined,
      ...form,
    }),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const after = await product.cpuMs();
  const answered = pages.requests + forms.requests;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    pace,
    seconds: Math.round(seconds * 10) / 10,
    pages,
    forms,
    pagesPerSecond: Math.round(answered / seconds),
    cpu: {
      hostCores: round((after.hostMs - before.hostMs) / 1000 / seconds),
      hostMsPerPage: round((after.hostMs - before.hostMs) / answered),
      stackCores: round((after.stackMs - before.stackMs) / 1000 / seconds),
      stackMsPerPage: round((after.stackMs - before.stackMs) / answered),
    },
  };
}

/** The crowd through the host, on a fresh database of the machine's PostgreSQL: a warm-up, paced, flat out. */
export function crowdOnPostgres(adminUrl: string): Promise<CrowdRun[]> {
  return withFreshDatabase(adminUrl, 'crowd', async (databaseUrl, dataDir) => {
    const product = await startProductProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...LIMITS });
    try {
      const { page, form } = crowdRequests(product.url);
      const warmUp = performance.now() + 20_000;
      await Promise.all([
        drive({ clients: 50, total: 1000, group: 60, deadline: warmUp, ...page }),
        drive({ clients: 10, total: 100, group: 61, deadline: warmUp, ...form }),
      ]);
      return [await crowdRun(product, 'paced', 70), await crowdRun(product, 'flat out', 80)];
    } finally {
      await product.close();
    }
  });
}

/** The paced run: pages within p95 300 ms, no request failed, fell back or was left unsent. */
export function withinCrowdBudget(runs: CrowdRun[]): boolean {
  const run = runs.find((r) => r.pace === 'paced');
  return (
    run !== undefined &&
    run.pages.p95 <= CROWD_BUDGET.p95Ms &&
    [run.pages, run.forms].every((l) => l.errors + l.unsent === CROWD_BUDGET.errors)
  );
}

export function crowdRows(runs: CrowdRun[]): Record<string, { value: string; budget: string }> {
  const value = latencyText;
  const rows: Record<string, { value: string; budget: string }> = {};
  for (const run of runs) {
    const label = `crowd through the host, ${run.pace}`;
    const budgeted = run.pace === 'paced';
    rows[`${label}: scan pages p50 / p95 / p99`] = {
      value: value(run.pages),
      budget: budgeted ? `p95 ≤ ${CROWD_BUDGET.p95Ms} ms, no errors, none client-rendered` : '',
    };
    rows[`${label}: message forms p50 / p95 / p99`] = { value: value(run.forms), budget: budgeted ? 'no errors' : '' };
    rows[`${label}: answers/s; host and stack CPU`] = {
      value: `${run.pagesPerSecond}/s; host ${run.cpu.hostCores} cores, ${run.cpu.hostMsPerPage} ms a page; stack ${run.cpu.stackCores} cores, ${run.cpu.stackMsPerPage} ms a page`,
      budget: '',
    };
  }
  return rows;
}

/**
 * The crowd run in a process of its own, its load generator included: in the bench's process, whose heap holds
 * what ran before (a browser's traffic, PGlite), collections would pause the generator and count as latency.
 */
export function crowdInOwnProcess(adminUrl: string): CrowdRun[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--json'], {
    env: { ...process.env, BENCH_ADMIN_DATABASE_URL: adminUrl },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`the crowd run failed (${run.status})`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as CrowdRun[];
}

// `node --import tsx bench/crowd.ts`: the crowd alone, its table and verdict; with --json, its runs as JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = await crowdOnPostgres(
    process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(runs));
  } else {
    console.table(crowdRows(runs));
    const met = withinCrowdBudget(runs);
    console.log(
      `${met ? 'met   ' : 'MISSED'}  scan pages through the host under a crowd: p95 ≤ 300 ms, no errors, none client-rendered`,
    );
    process.exitCode = met ? 0 : 1;
  }
}
