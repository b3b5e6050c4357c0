// A PostgreSQL cluster of the bench's own, sized like a server that holds a national service's database in memory
// (docs/budgets.md, "The scale bench's server"). The machine's own cluster has PostgreSQL's default 128 MB of
// shared buffers, and the kernel here keeps its page cache under 2 GB: a random row of a 4 GB database may be
// read from disk at the national size, never at the demo size, and on a slow disk the p95 measured that.
import { execFile, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';

const run = promisify(execFile);

/**
 * A server of 16 GB (hosted Supabase's XL compute), tuned by the rules the settings a Supabase engineer listed
 * for its instance sizes follow (pgtune's: three quarters of memory as cache, SSD costs, WAL of 1 to 4 GB), but
 * for the shared buffers: there a quarter of memory, the page cache holding the rest of the database; here the
 * page cache cannot be counted on, so the buffers hold all of it.
 */
const SIZED_SETTINGS = {
  shared_buffers: '6GB',
  effective_cache_size: '12GB',
  maintenance_work_mem: '1GB',
  work_mem: '20MB',
  max_wal_size: '4GB',
  min_wal_size: '1GB',
  random_page_cost: '1.1',
  effective_io_concurrency: '200',
  checkpoint_completion_target: '0.9',
} as const;

/** A free TCP port of the loopback, for the cluster to listen on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}

/**
 * Runs `work` with the admin URL of a new cluster (initdb in a temporary folder, SIZED_SETTINGS, trust on the
 * loopback only), stopped and removed afterwards. As root, the cluster runs as the `postgres` user, since
 * PostgreSQL refuses to run as root.
 */
export async function withSizedCluster<T>(work: (adminUrl: string) => Promise<T>): Promise<T> {
  const { stdout } = await run('pg_config', ['--bindir']);
  const bin = stdout.trim();
  const asRoot = userInfo().uid === 0;
  const pgCommand = (name: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), args];
  const pgRun = (name: string, args: string[]) => run(...pgCommand(name, args));
  const folder = await mkdtemp(join(tmpdir(), 'medaille-scale-cluster-'));
  const data = join(folder, 'data');
  try {
    if (asRoot) {
      const postgres = await run('id', ['-u', 'postgres']);
      const uid = Number(postgres.stdout.trim());
      await chown(folder, uid, uid);
    }
    await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
    const port = await freePort();
    const settings = {
      ...SIZED_SETTINGS,
      port: String(port),
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${folder}'`,
    };
    await appendFile(
      join(data, 'postgresql.conf'),
      Object.entries(settings)
        .map(([name, value]) => `${name} = ${value}\n`)
        .join(''),
    );
    await pgRun('pg_ctl', ['-D', data, '-l', join(folder, 'postgres.log'), '-w', '-t', '120', 'start']);
    // pg_ctl detaches the server from the terminal: a bench stopped by Ctrl-C would leave it running.
    const interrupted = (signal: NodeJS.Signals) => {
      execFileSync(...pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
      rmSync(folder, { recursive: true, force: true });
      process.exit(128 + constants.signals[signal]);
    };
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    try {
      return await work(`postgres://postgres@127.0.0.1:${port}/postgres`);
    } finally {
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
      await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Every table and index of the database read into the shared buffers, as on a server that has been answering the
 * country for days: what a path reads is then in memory at both sizes, as it would be there.
 */
export async function prewarm(db: pg.Client): Promise<void> {
  await db.query('create extension if not exists pg_prewarm');
  await db.query(
    `select pg_prewarm(c.oid) from pg_class c
     where c.relkind in ('r', 'i', 't', 'm') and c.relpersistence <> 't' and pg_relation_size(c.oid) > 0`,
  );
}
