import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actAs, type Database, type Queryable } from '@medaille/local-stack/database';
import { newEmail, newTestDatabase } from '@medaille/local-stack/testing';

/** Who runs a statement: a finder (anon), a signed-in owner, or the server functions (service_role). */
export type Actor = 'anon' | 'service' | Owner;

export interface Owner {
  id: string;
  email: string;
}

export interface Outcome<Row> {
  rows: Row[];
  rowCount: number;
  error?: { code: string; message: string; constraint?: string };
}

export interface TestDatabase {
  db: Database;
  /** Its connection string on PostgreSQL (undefined on PGlite): for a client of a test's own. */
  url: string | undefined;
  /** Runs fn as the actor in one transaction that commits. */
  as<T>(actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs one statement as the actor and rolls it back, capturing rows or the error: for permission matrices.
   * `asStorageApi`: in a transaction like those of Storage's API, which deletes with the caller's role and
   * its refusal of direct deletes lifted (storage.allow_delete_query), so that the policies alone decide.
   * `storageOperation`: Storage's name of the operation (storage.operation), as it sets it for the policies.
   */
  attempt<Row = Record<string, unknown>>(
    actor: Actor,
    sql: string,
    params?: unknown[],
    options?: { asStorageApi?: boolean; storageOperation?: string },
  ): Promise<Outcome<Row>>;
  /** Removes rows of storage.objects as Storage's API does for the service role (SQL alone may not). */
  removeObjects(bucket: string, names: string[]): Promise<void>;
  /** An account as GoTrue would create it, with a unique e-mail. */
  createOwner(label?: string): Promise<Owner>;
  /** A free medal code, unique to the caller. */
  createCode(): Promise<string>;
  /** Activates a new code for the owner through the RPC and answers the new animal's id and code. */
  activateAnimal(owner: Owner, animal?: Record<string, unknown>): Promise<{ animalId: string; code: string }>;
  close(): Promise<void>;
}

/** A medal code's row: whether it is used, and by which animal. */
export async function codeRow(db: Queryable, code: string) {
  const { rows } = await db.query<{ used: boolean; animal_id: string | null }>(
    'select used, animal_id from public.codes where id = $1',
    [code],
  );
  return rows[0];
}

class RollbackAfterAttempt extends Error {}

/** Lifts Storage's refusal of direct deletes for the open transaction, as Storage's API does. */
const liftStorageDeleteGuard = (tx: Queryable) =>
  tx.query("select set_config('storage.allow_delete_query', 'true', true)");

/**
 * A database of its own (newTestDatabase): on the Supabase-shaped cluster of TEST_SUPABASE_CLUSTER_URL (the
 * `supabase` test project), else on the PostgreSQL of DATABASE_URL, else on PGlite; the project's schema and
 * seed applied in every case.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-database-'));
  const copy = await newTestDatabase(dataDir);
  const db = await copy.open({ poolSize: 25 });

  async function as<T>(actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      if (actor === 'anon') await actAs(tx, { role: 'anon' });
      else if (actor === 'service') await actAs(tx, { role: 'service_role' });
      else await actAs(tx, { role: 'authenticated', sub: actor.id, email: actor.email });
      return fn(tx);
    });
  }

  async function attempt<Row>(
    actor: Actor,
    sql: string,
    params: unknown[] = [],
    options: { asStorageApi?: boolean; storageOperation?: string } = {},
  ): Promise<Outcome<Row>> {
    let outcome: Outcome<Row> | undefined;
    try {
      await as(actor, async (tx) => {
        if (options.asStorageApi) await liftStorageDeleteGuard(tx);
        if (options.storageOperation) {
          await tx.query("select set_config('storage.operation', $1, true)", [options.storageOperation]);
        }
        try {
          const result = await tx.query<Row>(sql, params);
          outcome = { rows: result.rows, rowCount: result.rowCount };
        } catch (error) {
          const { code, message, constraint } = error as { code: string; message: string; constraint?: string };
          outcome = { rows: [], rowCount: 0, error: { code, message, ...(constraint ? { constraint } : {}) } };
        }
        throw new RollbackAfterAttempt();
      });
    } catch (error) {
      if (!(error instanceof RollbackAfterAttempt)) throw error;
    }
    if (!outcome) throw new Error('attempt ran nothing');
    return outcome;
  }

  async function createOwner(label = 'owner'): Promise<Owner> {
    const owner = { id: randomUUID(), email: newEmail(label) };
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', now(), now(), now())`,
      [owner.id, owner.email],
    );
    return owner;
  }

  async function createCode(): Promise<string> {
    const code = `MDL-T${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    await db.query('insert into public.codes (id) values ($1)', [code]);
    return code;
  }

  async function activateAnimal(owner: Owner, animal: Record<string, unknown> = {}) {
    const code = await createCode();
    const result = await as(owner, (tx) =>
      tx.query<{ result: { success: boolean; error: string | null; animal_id: string } }>(
        'select public.register_animal_with_code($1, $2) as result',
        [code, JSON.stringify({ nom: 'Rex', espece: 'dog', ...animal })],
      ),
    );
    const answer = result.rows[0]?.result;
    if (!answer?.success) throw new Error(`activation failed: ${answer?.error}`);
    return { animalId: answer.animal_id, code };
  }

  async function removeObjects(bucket: string, names: string[]) {
    await as('service', async (tx) => {
      await liftStorageDeleteGuard(tx);
      await tx.query('delete from storage.objects where bucket_id = $1 and name = any($2)', [bucket, names]);
    });
  }

  async function close() {
    await db.close();
    await copy.drop();
    await rm(dataDir, { recursive: true, force: true });
  }

  return { db, url: copy.url, as, attempt, removeObjects, createOwner, createCode, activateAnimal, close };
}
