// A database of its own on a Supabase-shaped cluster (../shared/supabase-shaped): a copy of the cluster's
// pristine `postgres` database, as a new hosted project starts, for one test file or one test stack.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface DatabaseCopy {
  /** The copy's URL, for the `postgres` role (not a superuser, as on hosted Supabase). */
  url: string;
  /** Drops the copy, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** PostgreSQL's answer while another session is connected to the template being copied. */
const TEMPLATE_IN_USE = '55006';

/**
 * Copies `template` (by default the cluster's `postgres` database) with `create database … template …`, as
 * `supabase_admin`, the superuser, whose password is postgres's there. PostgreSQL copies a template only while
 * no other session is connected to it: this session connects to template1; the cluster's pg_cron and pg_net workers, always
 * connected to `postgres`, are asked to leave just before each try (they come back by themselves; nothing of
 * ours runs in `postgres`), and a try that meets another session (another suite copying) is repeated. The copy
 * gets the rights Supabase gives on `postgres`: owned by `postgres`, CREATE for dashboard_user and
 * supabase_auth_admin.
 */
export async function copySupabaseDatabase(
  clusterUrl: string,
  { template = 'postgres', timeoutMs = 60_000 } = {},
): Promise<DatabaseCopy> {
  const name = `medaille_test_${randomBytes(6).toString('hex')}`;
  const admin = new URL(clusterUrl);
  admin.username = 'supabase_admin';
  admin.pathname = '/template1';
  const copy = new URL(clusterUrl);
  copy.pathname = `/${name}`;

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
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${template}' and backend_type <> 'client backend'`,
        `create database ${name} owner postgres template ${template}`,
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
  return { url: copy.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}
