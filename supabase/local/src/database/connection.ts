import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** What one connection (or one open transaction) can do. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements, without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs fn in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Whether `error` says the database is out of reach rather than that the statement was wrong: no connection
 * (refused, reset, timed out, cut), or a server that is starting up, shutting down or full (SQLSTATE class 08,
 * 57P01-57P03, 53300), or its disk full (isDiskFull). PostgREST answers these 503 with PGRST000 and Retry-After; so does every API here.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (isDiskFull(error)) return true;
  if (typeof code === 'string') {
    if (/^E[A-Z]+$/.test(code)) return true; // Node's socket errors: ECONNREFUSED, ECONNRESET, ETIMEDOUT…
    return /^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code);
  }
  // node-postgres's own words for a connection lost or never made.
  return (
    typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(message)
  );
}

/**
 * Whether `error` says the disk is full: Node's ENOSPC, PostgreSQL's disk_full (53100, which PostgREST answers
 * 503 as the rest of its class), or PGlite's file system's own error for it (Emscripten's ENOSPC, errno 51).
 */
export function isDiskFull(error: unknown): boolean {
  const { code, name, errno } = (error ?? {}) as { code?: unknown; name?: unknown; errno?: unknown };
  return code === 'ENOSPC' || code === '53100' || (name === 'ErrnoError' && errno === 51);
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it the database is PGlite. */
  url?: string | undefined;
  /** PGlite's data directory; without it PGlite lives in memory. */
  dataDir?: string | undefined;
  /** Connections kept open to PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 20) : openPglite(options.dataDir);
}

function openPostgres(url: string, poolSize: number): Database {
  // Pipeline mode: a statement goes out without waiting for the answer to the one before, so `begin`
  // travels with a transaction's first statement instead of costing a round trip of its own.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true });
  // An idle connection can be cut by the server (a restart, a dropped database): the pool replaces it on
  // the next query, so this is news, not a reason to stop.
  pool.on('error', (error) => console.warn('[database] an idle connection was closed:', error.message));
  const wrap = (send: (text: string, params?: unknown[]) => Promise<pg.QueryResult>): Queryable => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await send(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await send(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap((text, params) => pool.query(text, params)),
    async transaction(fn) {
      const client = await pool.connect();
      const begun = client.query('begin');
      // A statement counts only once `begin` has been answered too (answers come in order, so this costs
      // no wait): begin fails only with the connection, and then so does everything sent behind it.
      const tx = wrap(async (text, params) => (await Promise.all([begun, client.query(text, params)]))[1]);
      try {
        const result = await fn(tx);
        await begun;
        await client.query('commit');
        return result;
      } catch (error) {
        await begun.catch(() => {});
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await target.query<Row>(text, params);
      // PGlite counts affected rows only for writes; a select counts what it returned, as pg does.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    // PGlite runs one transaction at a time: concurrent callers queue, as they would behind a row lock.
    // Its statements run on this thread without waiting for I/O, and each transaction hands the lock to the
    // next in the same microtask queue, so a long queue would run through without the event loop accepting
    // or reading a single request (under load: new clients unanswered for 15 s). One turn of the event loop
    // per transaction, before it commits, lets them in.
    transaction: (fn) =>
      db.transaction(async (tx) => {
        const result = await fn(wrap(tx));
        await nextTurnOfEventLoop();
        return result;
      }),
    close: () => db.close(),
  };
}
