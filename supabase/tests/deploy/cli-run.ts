// The real Supabase CLI (the `supabase` devDependency, pinned) as a deployer runs it: from a copy of the
// project's `supabase/` folder, with a home of its own, no telemetry, and a database of its own on the
// Supabase-shaped cluster that `.ci/run` builds (SUPABASE_SHAPED_URL).
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProcessRun, runToEnd } from './deno.ts';

const require = createRequire(import.meta.url);

/** The npm package's launcher, which runs the CLI's binary for this platform (its optional dependency). */
const CLI_LAUNCHER = join(dirname(require.resolve('supabase/package.json')), 'dist', 'supabase.js');

/** The pinned CLI's version, as its package says. */
export const PINNED_CLI_VERSION = (require('supabase/package.json') as { version: string }).version;

export const SUPABASE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** What a deploy reads from `supabase/`: the CLI's layout, without our tests, stack or node_modules. */
const DEPLOYED_PARTS = [
  'config.toml',
  '.env.development',
  'functions',
  'migrations',
  'seed.sql',
  'templates',
  'seed-photos',
];

export interface CliProject {
  /** The folder the CLI runs in (it holds `supabase/`). */
  workdir: string;
  /** The CLI's own home (credentials, profile, caches). */
  home: string;
  remove(): void;
}

/**
 * A copy of the project for the CLI. The CLI writes its caches into `supabase/.temp` of the project it runs
 * in (the latest release it checked, the linked project): a copy keeps them out of the working tree. A real
 * copy, not links: the CLI refuses a config path that resolves outside the project's root.
 */
export function cliProject(): CliProject {
  const root = mkdtempSync(join(tmpdir(), 'medaille-cli-'));
  const workdir = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(workdir, 'supabase'), { recursive: true });
  mkdirSync(home);
  for (const part of DEPLOYED_PARTS) {
    cpSync(join(SUPABASE_DIR, part), join(workdir, 'supabase', part), { recursive: true });
  }
  return { workdir, home, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Runs `supabase …args` in the project to its end. Our environment's SUPABASE_* never reach it. */
export function runSupabase(
  project: CliProject,
  args: string[],
  env: Record<string, string> = {},
): Promise<ProcessRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SUPABASE_')));
  return runToEnd(process.execPath, [CLI_LAUNCHER, ...args], project.workdir, {
    ...inherited,
    HOME: project.home,
    SUPABASE_HOME: project.home,
    SUPABASE_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    ...env,
  });
}
