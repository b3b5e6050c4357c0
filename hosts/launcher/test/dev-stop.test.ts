// `pnpm dev` stopped by a signal (Ctrl-C, a closed terminal, `kill`) takes its dev servers with it: none is
// left holding its port for the next start.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const DEV = fileURLToPath(new URL('../src/dev.ts', import.meta.url));
let launcher: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  // Whatever a failed run left: the launcher's whole group.
  if (launcher?.pid && launcher.exitCode === null) process.kill(-launcher.pid, 'SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function waitFor(condition: () => Promise<boolean>, seconds: number, what: string, output: () => string) {
  for (let tries = 0; tries < seconds * 10; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}:\n${output()}`);
}

it('stopped by SIGTERM, leaves none of its dev servers listening', async () => {
  const ports = { shell: await freePort(), scan: await freePort(), portal: await freePort(), stack: await freePort() };
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-dev-'));
  launcher = spawn(process.execPath, ['--import', 'tsx', DEV], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SHELL_PORT: String(ports.shell),
      SCAN_PORT: String(ports.scan),
      PORTAL_PORT: String(ports.portal),
      STACK_PORT: String(ports.stack),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, as a terminal gives a command: the test can stop it without stopping itself.
    detached: true,
  });
  let output = '';
  launcher.stdout?.on('data', (chunk) => (output += chunk));
  launcher.stderr?.on('data', (chunk) => (output += chunk));
  const devServers = [ports.shell, ports.scan, ports.portal];
  for (const port of devServers)
    await waitFor(
      () => listening(port),
      120,
      `nothing on ${port}`,
      () => output,
    );

  const exited = new Promise((resolve) => launcher?.once('exit', resolve));
  launcher.kill('SIGTERM');
  await exited;
  for (const port of devServers) {
    await waitFor(
      async () => !(await listening(port)),
      10,
      `a dev server still listens on ${port}`,
      () => output,
    );
  }
  expect(await Promise.all(devServers.map(listening))).toEqual([false, false, false]);
}, 180_000);
