// Secrets the local stack draws for its functions and keeps with its database, so that they stay the same from
// one `pnpm start` to the next (PGlite under the data directory, or the PostgreSQL of DATABASE_URL) and go with
// the data they protect when it is removed (`pnpm demo:reset`). In the stack's own schema, which no API exposes
// and no role but the stack's own reads.
import { randomBytes } from 'node:crypto';
import type { Database } from '../database/index.ts';

/** The stored secret called `name`, drawn at random (256 bits, base64url) the first time it is asked for. */
export function storedSecret(db: Database, name: string): Promise<string> {
  return db.transaction(async (tx) => {
    // Stacks sharing one PostgreSQL may start together: one at a time creates the table and draws the secret.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['local_stack.function_secrets']);
    await tx.exec(`
      create schema if not exists local_stack;
      revoke all on schema local_stack from public;
      create table if not exists local_stack.function_secrets (name text primary key, value text not null);`);
    await tx.query('insert into local_stack.function_secrets (name, value) values ($1, $2) on conflict do nothing', [
      name,
      randomBytes(32).toString('base64url'),
    ]);
    const stored = await tx.query<{ value: string }>('select value from local_stack.function_secrets where name = $1', [
      name,
    ]);
    return (stored.rows[0] as { value: string }).value;
  });
}
