import { randomUUID } from 'node:crypto';
import { actAs, type Database, openDatabase, prepareDatabase, type Queryable } from '@medaille/local-stack/database';

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
  /** Runs fn as the actor in one transaction that commits. */
  as<T>(actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs one statement as the actor and rolls it back, capturing rows or the error: for permission matrices. */
  attempt<Row = Record<string, unknown>>(actor: Actor, sql: string, params?: unknown[]): Promise<Outcome<Row>>;
  /** An account as GoTrue would create it, with a unique e-mail. */
  createOwner(label?: string): Promise<Owner>;
  /** A free medal code, unique to the caller. */
  createCode(): Promise<string>;
  /** Activates a new code for the owner through the RPC and answers the new animal's id and code. */
  activateAnimal(owner: Owner, animal?: Record<string, unknown>): Promise<{ animalId: string; code: string }>;
  close(): Promise<void>;
}

class RollbackAfterAttempt extends Error {}

/** PostgreSQL when DATABASE_URL is set, in-memory PGlite otherwise; the schema applied either way. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const db = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 25 });
  await prepareDatabase(db);

  async function as<T>(actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      if (actor === 'anon') await actAs(tx, { role: 'anon' });
      else if (actor === 'service') await actAs(tx, { role: 'service_role' });
      else await actAs(tx, { role: 'authenticated', sub: actor.id, email: actor.email });
      return fn(tx);
    });
  }

  async function attempt<Row>(actor: Actor, sql: string, params: unknown[] = []): Promise<Outcome<Row>> {
    let outcome: Outcome<Row> | undefined;
    try {
      await as(actor, async (tx) => {
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
    const owner = { id: randomUUID(), email: `${label}-${randomUUID()}@test.medaille.fr` };
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

  return { db, as, attempt, createOwner, createCode, activateAnimal, close: () => db.close() };
}
