// `pnpm dev` runs each remote's own rsbuild dev server, which the shell (another origin) loads: the remotes
// answer the shell's local origins (any port: SHELL_PORT moves it) and no other site, and say so in their
// config, so that Module Federation's plugin has no CORS default to warn about.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const running: ChildProcess[] = [];

afterEach(() => {
  // The whole group: pnpm passes no signal on to the rsbuild process it started.
  for (const child of running.splice(0)) if (child.pid) process.kill(-child.pid, 'SIGTERM');
});

/** A remote's dev server as `pnpm dev` starts it, once its manifest is served; with everything it printed. */
async function devServer(name: string) {
  const port = await freePort();
  const child = spawn('pnpm', ['--filter', name, 'dev', '--port', String(port)], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MEDAILLE_CONFIG: '{}' },
    detached: true,
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}/mf-manifest.json`;
  for (let tries = 0; tries < 600; tries++) {
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} dev server did not serve ${url}:\n${output}`);
}

const allowedOrigin = async (url: string, origin: string) =>
  (await fetch(url, { headers: { origin } })).headers.get('access-control-allow-origin');

describe('the remotes’ dev servers', () => {
  it.each(['@medaille/scan', '@medaille/portal'])('%s lets the local shell load it, no other site', async (name) => {
    const server = await devServer(name);
    expect(await allowedOrigin(server.url, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(await allowedOrigin(server.url, 'http://localhost:4100')).toBe('http://localhost:4100');
    expect(await allowedOrigin(server.url, 'https://evil.example')).toBeNull();
    expect(server.output()).not.toContain('CORS');
  });
});
