// The real Supabase CLI (the `supabase` devDependency, pinned) as a deployer runs it: from a copy of the
// project's `supabase/` folder, with a home of its own, no telemetry, and a database of its own on the
// Supabase-shaped cluster that `.ci/run` builds (SUPABASE_SHAPED_URL).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const require = createRequire(import.meta.url);

/** The npm package's launcher, which runs the CLI's binary for this platform (its optional dependency). */
const CLI_LAUNCHER = join(dirname(require.resolve('supabase/package.json')), 'dist', 'supabase.js');

/** The pinned CLI's version, as its package says. */
export const PINNED_CLI_VERSION = (require('supabase/package.json') as { version: string }).version;

export const SUPABASE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** What a deploy reads from `supabase/`: the CLI's layout, without our tests, stack or node_modules. */
const DEPLOYED_PARTS = ['config.toml', 'functions', 'migrations', 'seed.sql', 'templates', 'seed-photos'];

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

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `supabase …args` in the project to its end. Our environment's SUPABASE_* never reach it. */
export function runSupabase(project: CliProject, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SUPABASE_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_LAUNCHER, ...args], {
      cwd: project.workdir,
      env: {
        ...inherited,
        HOME: project.home,
        SUPABASE_HOME: project.home,
        SUPABASE_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        NO_COLOR: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/** PostgreSQL's answer while another session is connected to the template being copied. */
const TEMPLATE_IN_USE = '55006';

export interface ProjectDatabase {
  /** For the `postgres` role, which is no superuser there, as on hosted Supabase. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of our own on the Supabase-shaped cluster: a copy of its untouched `postgres` database, as a
 * new project starts, so that what we push there is seen by no other suite. PostgreSQL copies a template only
 * while nobody is connected to it, and the cluster's pg_cron and pg_net workers always are: they are asked
 * to leave just before each try (pg_net's comes back by itself; pg_cron runs only in `postgres`, which no
 * test schedules anything in), and a try that meets another session is repeated. The copy gets the database
 * rights Supabase gives on `postgres`: owned by `postgres`, CREATE for `dashboard_user` and for
 * `supabase_auth_admin`.
 */
export async function projectDatabase(clusterUrl: string, timeoutMs = 60_000): Promise<ProjectDatabase> {
  const name = `medaille_cli_${randomBytes(6).toString('hex')}`;
  const admin = new URL(clusterUrl);
  admin.username = 'supabase_admin';
  admin.pathname = '/template1';
  const asAdmin = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await asAdmin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres' and backend_type <> 'client backend'`,
        `create database ${name} owner postgres template postgres`,
      );
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_IN_USE || Date.now() > deadline) throw error;
      await sleep(Math.min(50 * attempt, 500) + Math.random() * 50);
    }
  }
  await asAdmin(
    `grant connect, create, temporary on database ${name} to dashboard_user`,
    `grant create on database ${name} to supabase_auth_admin`,
  );
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}
