// Deno, as the rehearsal of a deploy runs it: the binary of the `deno` package (a devDependency, so a fresh
// CI machine has it after `pnpm install`), the function folders, and a way to run a command to its end.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions/', import.meta.url));

/** The deployed functions: every folder of supabase/functions but the shared ones (`_shared`), as the CLI sees them. */
export const FUNCTION_NAMES = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .sort();

/**
 * The deno executable itself, not the package's Node wrapper (`.bin/deno`), so that a test can stop the
 * process it started. The package's installer finds it, or copies it from its platform package.
 */
export const DENO = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();

/**
 * The environment of every deno the tests start: ours (HOME, DENO_DIR and the registry settings say where the
 * npm packages are cached and fetched), without update checks or colours.
 */
export const denoEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  DENO_NO_UPDATE_CHECK: '1',
  NO_COLOR: '1',
  ...extra,
});

/** What a command run to its end printed, and its exit code (a failing exit is an answer, not an error). */
export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end in `cwd` with `env`; answers its exit code and what it printed. */
export function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs deno to its end; answers its exit code and what it printed. */
export const runDeno = (args: string[], cwd: string): Promise<ProcessRun> => runToEnd(DENO, args, cwd, denoEnv());

/** The first `deno check` of a fresh machine downloads the functions' npm packages from the registry. */
export const FIRST_DENO_TIMEOUT_MS = 120_000;
