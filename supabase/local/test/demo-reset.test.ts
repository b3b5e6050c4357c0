// `pnpm demo:reset` as a person runs it: it removes the embedded database's folder so that the next start
// seeds the demo afresh, and refuses while a stack listens or when the database is the operator's own.
import { spawnSync } from 'node:child_process';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../src/demo-reset.ts', import.meta.url));
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataDir() {
  const root = await mkdtemp(join(tmpdir(), 'medaille-reset-'));
  folders.push(root);
  const dir = join(root, '.data');
  await mkdir(join(dir, 'pglite'), { recursive: true });
  await writeFile(join(dir, 'pglite', 'PG_VERSION'), '17');
  return dir;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

function reset(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('pnpm demo:reset', () => {
  it('removes the embedded database, so that the next start seeds the demo', async () => {
    const dir = await dataDir();
    const run = reset({ DATA_DIR: dir, STACK_PORT: String(await freePort()) });
    expect(run).toMatchObject({ status: 0 });
    expect(run.stdout).toContain('the next pnpm start seeds the demo data afresh');
    expect(await exists(dir)).toBe(false);
  });

  it('refuses while a stack listens on its port, and keeps the data', async () => {
    const dir = await dataDir();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const run = reset({ DATA_DIR: dir, STACK_PORT: String(port) });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Something listens on port ${port}: stop pnpm start`);
      expect(await exists(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('removes nothing of a PostgreSQL database given by DATABASE_URL', async () => {
    const dir = await dataDir();
    const run = reset({
      DATA_DIR: dir,
      STACK_PORT: String(await freePort()),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL is set');
    expect(await exists(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
  });
});
