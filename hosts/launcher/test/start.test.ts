// `pnpm start` as a person runs it (the launcher's main, in a process of its own): the ports come from the
// environment, and a port in use is named with the variable that moves it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Where a test leaves what it started to be undone when it ends (the tests run side by side). */
type AtEnd = TestContext['onTestFinished'];

/** A process the test's end kills, if it still runs. */
function killedAtEnd(atEnd: AtEnd, child: ChildProcess) {
  atEnd(() => {
    child.kill('SIGKILL');
  });
  return child;
}

/** A folder of its own for a run's data, removed at the test's end. */
async function dataFolder(atEnd: AtEnd) {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-start-'));
  atEnd(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** A port something else already listens on. */
async function busyPort(atEnd: AtEnd): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atEnd(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as { port: number }).port;
}

/** Starts `pnpm start`'s main with these ports (0: any free one) and a data folder of its own. */
async function start(atEnd: AtEnd, ports: Record<string, string>) {
  const dataDir = await dataFolder(atEnd);
  const child = killedAtEnd(
    atEnd,
    spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...ports },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** The URLs `pnpm start` prints once the product runs. */
async function running(run: Awaited<ReturnType<typeof start>>) {
  const printed = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /open (\S+)\n\s+Backend \(local stack\): (\S+) .*\n\s+Remotes: scan (\S+), portal (\S+)\n/.exec(
        run.output().stdout,
      );
      if (match) {
        clearInterval(timer);
        resolve(match);
      }
    }, 100);
    void run.exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${run.output().stderr}`));
    });
  });
  const [, shell = '', stack = '', scan = '', portal = ''] = printed;
  return { shell, stack, scan, portal };
}

/** The process that serves a part of the product now: a child of the launcher, told apart by its arguments. */
function partPid(run: Awaited<ReturnType<typeof start>>, part: 'shell' | 'scan' | 'portal' | 'stack'): number {
  const launcher = run.child.pid as number;
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/);
  const found = children.find((pid) => {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (part === 'stack') return args.some((arg) => arg.endsWith('stack-process.ts'));
    const spec = args.find((arg) => arg.startsWith('{'));
    return (
      spec !== undefined &&
      (part === 'shell' ? JSON.parse(spec).kind === 'shell' : JSON.parse(spec).root.includes(`remotes/${part}/`))
    );
  });
  if (!found) throw new Error(`no process serves the ${part}`);
  return Number(found);
}

const ALL_FREE = { SHELL_PORT: '0', SCAN_PORT: '0', PORTAL_PORT: '0', STACK_PORT: '0' };

// Side by side: each test waits on processes of its own, which the other core runs meanwhile.
describe.concurrent('pnpm start', () => {
  it.for(['SHELL_PORT', 'SCAN_PORT', 'STACK_PORT'])(
    'names the busy port and %s, then stops',
    async (variable, { onTestFinished }) => {
      const port = await busyPort(onTestFinished);
      const run = await start(onTestFinished, { ...ALL_FREE, [variable]: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output().stderr).toContain(`Port ${port} (`);
      expect(run.output().stderr).toContain(
        `is already in use: stop what uses it, or choose another port with ${variable}=`,
      );
    },
  );

  it('as `pnpm start` from the repository: says it in French and English, and pnpm adds one line, not its own error', async ({
    onTestFinished,
  }) => {
    const port = await busyPort(onTestFinished);
    const dataDir = await dataFolder(onTestFinished);
    const child = killedAtEnd(
      onTestFinished,
      spawn('pnpm', ['start'], {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...ALL_FREE, SHELL_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(output).toContain(
      `Le port ${port} (le shell) est déjà utilisé : arrêtez ce qui l’occupe, ou choisissez un autre port avec SHELL_PORT=…`,
    );
    expect(output).toContain(`Port ${port} (the shell) is already in use`);
    // pnpm's own report of the nested run (ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL, 'Exit status 1') is not printed;
    // the root script's exit code is, once: pnpm prints it for any script that fails.
    expect(output).not.toContain('ERR_PNPM');
    expect(output).not.toContain('Exit status');
    expect(output.match(/ELIFECYCLE/g) ?? []).toHaveLength(1);
  });

  // One product for what a started one does, in order: it serves, its stack outlives a frozen host, a part
  // killed with kill -9 starts again, and SIGTERM stops it all. (Each start is a stack and three hosts: three
  // starts side by side were half of this file's time on two cores.)
  describe.sequential('once started', () => {
    const cleanups: (() => unknown)[] = [];
    const atEnd = ((cleanup: () => unknown) => void cleanups.push(cleanup)) as AtEnd;
    let run: Awaited<ReturnType<typeof start>>;
    let urls: Awaited<ReturnType<typeof running>>;
    beforeAll(async () => {
      run = await start(atEnd, ALL_FREE);
      urls = await running(run);
    }, 120_000);
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('serves the product on the ports the environment chooses', async () => {
      const url = /Médaille is running: open (http:\/\/\S+)/.exec(run.output().stdout)?.[1];
      expect(url).toBe(urls.shell);
      expect(url).not.toBe('http://127.0.0.1:3000');
      const page = await fetch(urls.shell);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"></div>');
    });

    it('runs the stack in a process of its own: with the shell host’s process stopped, the backend still answers', async () => {
      const host = partPid(run, 'shell');
      // The shell host's process frozen, as one whose descriptors or event loop a client has used up.
      process.kill(host, 'SIGSTOP');
      try {
        const health = await fetch(`${urls.stack}/health`, { signal: AbortSignal.timeout(20_000) });
        expect(health.status).toBe(200);
      } finally {
        process.kill(host, 'SIGCONT');
      }
    });

    it('starts again a part killed with kill -9, says so, and the other parts serve meanwhile', async () => {
      const answers = {
        shell: () =>
          fetch(urls.shell).then(
            async (page) => page.status === 200 && (await page.text()).includes('__MEDAILLE_CONFIG__'),
          ),
        scan: () => fetch(`${urls.scan}/mf-manifest.json`).then((answer) => answer.ok),
        portal: () => fetch(`${urls.portal}/mf-manifest.json`).then((answer) => answer.ok),
        // The database itself, opened again after the kill.
        stack: () => fetch(`${urls.stack}/health/db`).then((answer) => answer.ok),
      };
      for (const killed of ['stack', 'shell'] as const) {
        const pid = partPid(run, killed);
        process.kill(pid, 'SIGKILL');
        const others = (Object.keys(answers) as (keyof typeof answers)[]).filter((part) => part !== killed);
        const refused: string[] = [];
        let roundsDown = 0;
        // Each round asks every other part once, until the killed one answers again.
        while (!(await answers[killed]().catch(() => false))) {
          roundsDown += 1;
          for (const part of others) if (!(await answers[part]().catch(() => false))) refused.push(part);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(roundsDown).toBeGreaterThan(0);
        expect(refused).toEqual([]);
        expect(partPid(run, killed)).not.toBe(pid);
        const name = killed === 'stack' ? 'the local stack' : "the shell's host";
        expect(run.output().stderr).toContain(
          `[launcher] ${name} stopped (killed by SIGKILL); starting it again in 1 s`,
        );
        // Said once the new process has told the launcher it serves, which may come just after its first answer.
        while (!run.output().stderr.includes(`[launcher] ${name} is serving again`)) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      // The product whole again: the host started again gives the same backend and key, with which the demo
      // owner signs in to the stack started again.
      const home = await (await fetch(urls.shell)).text();
      const config = JSON.parse(/window\.__MEDAILLE_CONFIG__ = (\{.*?\});?\s*</s.exec(home)?.[1] ?? '{}');
      expect(config.supabaseUrl).toBe(urls.stack);
      const signIn = await fetch(`${config.supabaseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'demo@medaille.test', password: 'medaille-demo' }),
      });
      expect(signIn.status).toBe(200);
    }, 300_000);

    it('stops every part, its stack too, on SIGTERM, and exits 0', async () => {
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      await expect(fetch(`${urls.stack}/health`)).rejects.toThrow();
      await expect(fetch(urls.shell)).rejects.toThrow();
    });
  });

  it('on a full disk, says so in one line in French and English, with no stack trace, and stops', async ({
    onTestFinished,
  }) => {
    // A disk of its own, 8 MB of memory (tmpfs, mounted as root), filled before the stack starts.
    const disk = await mkdtemp(join(tmpdir(), 'medaille-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', disk]);
    onTestFinished(async () => {
      // Lazily: a process of the run that is still exiting may hold it a moment longer.
      execFileSync('umount', ['--lazy', disk]);
      await rm(disk, { recursive: true, force: true });
    });
    await writeFile(join(disk, 'filler'), Buffer.alloc(8 * 1024 * 1024)).catch(() => {});
    const dataDir = join(disk, 'data');
    const run = await start(onTestFinished, { ...ALL_FREE, DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr.trim()).toBe(
      [
        `Le disque de la stack locale (${dataDir}) est plein : libérez de la place, puis relancez pnpm start.`,
        `The local stack's disk (${dataDir}) is full: free some space, then run pnpm start again.`,
      ].join('\n'),
    );
  });

  it('refuses a port that is not a number', async ({ onTestFinished }) => {
    const run = await start(onTestFinished, { ...ALL_FREE, SHELL_PORT: 'trois-mille' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr.trim()).toBe('SHELL_PORT must be a port number from 0 to 65535, not trois-mille');
  });
});
