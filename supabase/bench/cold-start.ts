// `pnpm bench:cold` (docs/budgets.md): each Edge Function as Supabase's runtime starts it after it sat idle,
// under real Deno: its bundle (`deno bundle --minify`, what the runtime loads), its size, and the time from
// starting Deno on it to its first answer (a CORS preflight, which every function answers before any database
// call), the median of RUNS cold starts. The scan path's functions have a budget: a finder's first scan may be
// the one that starts them. `--check` exits 1 on a miss.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FUNCTIONS = fileURLToPath(new URL('../functions/', import.meta.url));
const DENO = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
const RUNS = 5;

/**
 * The finder's scan path: the page's profile, its scan event, its message. Budgets from what they weigh and
 * take here (2026-11-30: 48 to 67 KB, 18 to 19 ms to the first answer): room for their growth, none for a
 * library the size of an image codec in what they load at start (the photo functions' Photon, 2.1 MB of bundle,
 * is imported on their first photo, not at start: 25 ms).
 */
export const SCAN_PATH = ['get_public_profile', 'record-scan', 'post_finder_message'] as const;
export const COLD_BUDGET = { bundleKB: 100, firstAnswerMs: 60 } as const;

const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };

/** Deno started on the bundle until it answers its first request; the milliseconds that took. */
function coldStart(bundle: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(DENO, ['run', '--allow-all', '--no-prompt', bundle], {
      env: { ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', SUPABASE_URL: 'http://127.0.0.1:9' },
    });
    let printed = '';
    let asked = false;
    const done = (error: Error | null, ms = 0) => {
      child.kill();
      if (error) reject(error);
      else resolve(ms);
    };
    // Deno says where it listens on stderr: the first request goes as soon as it does.
    const read = (chunk: Buffer) => {
      printed += chunk;
      const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(printed)?.[1];
      if (!port || asked) return;
      asked = true;
      fetch(`http://127.0.0.1:${port}/`, { method: 'OPTIONS' }).then(
        (answer) =>
          answer.ok ? done(null, performance.now() - started) : done(new Error(`answered ${answer.status}`)),
        (error: Error) => done(error),
      );
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      if (!asked) reject(new Error(`deno exited ${code}: ${printed.slice(0, 400)}`));
    });
  });
}

export interface ColdStart {
  function: string;
  bundleKB: number;
  firstAnswerMs: number;
  budget: string;
  met: boolean | null;
}

export async function measureColdStarts(): Promise<ColdStart[]> {
  const folder = await mkdtemp(join(tmpdir(), 'medaille-cold-'));
  try {
    const names = (await readdir(FUNCTIONS, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
    const results: ColdStart[] = [];
    for (const name of names) {
      const bundle = join(folder, `${name}.js`);
      const built = spawnSync(
        DENO,
        ['bundle', '--quiet', '--minify', '--config', 'deno.json', 'index.ts', '-o', bundle],
        { cwd: join(FUNCTIONS, name), env, encoding: 'utf8' },
      );
      if (built.status !== 0) throw new Error(`deno bundle ${name}: ${built.stderr}`);
      const bundleKB = Math.round((await stat(bundle)).size / 102.4) / 10;
      // The first start fills Deno's own caches for the file; the runtime's are warm too.
      await coldStart(bundle);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) times.push(await coldStart(bundle));
      const firstAnswerMs = Math.round(times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number);
      const onScanPath = (SCAN_PATH as readonly string[]).includes(name);
      results.push({
        function: name,
        bundleKB,
        firstAnswerMs,
        budget: onScanPath ? `≤ ${COLD_BUDGET.bundleKB} KB, ≤ ${COLD_BUDGET.firstAnswerMs} ms` : '',
        met: onScanPath ? bundleKB <= COLD_BUDGET.bundleKB && firstAnswerMs <= COLD_BUDGET.firstAnswerMs : null,
      });
    }
    return results;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measureColdStarts();
  console.log(
    `\nEach function under Deno ${spawnSync(DENO, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]}:`,
  );
  console.table(results);
  const missed = results.filter((result) => result.met === false);
  console.log(missed.length === 0 ? 'the scan path: met' : `missed: ${missed.map((m) => m.function).join(', ')}`);
  const out = new URL('../../bench/', import.meta.url);
  await mkdir(out, { recursive: true });
  await writeFile(new URL('cold-start-results.json', out), `${JSON.stringify(results, null, 2)}\n`);
  if (process.argv.includes('--check') && missed.length > 0) process.exit(1);
}
