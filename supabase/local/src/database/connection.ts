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
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can be cut by the server (a restart, a dropped database): the pool replaces it on
  // the next query, so this is news, not a reason to stop.
  pool.on('error', (error) => console.warn('[database] an idle connection was closed:', error.message));
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await client.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
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
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
