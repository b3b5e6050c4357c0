import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, prepareDatabase } from '../src/database/index.ts';
import { generateDatabaseTypes } from '../src/types/generate.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase();
  await prepareDatabase(db, { seed: false });
});
afterAll(() => db?.close());

describe('the generated database types', () => {
  it('match the schema the migrations build (run `pnpm gen:types` after changing a migration)', async () => {
    const committed = await readFile(
      new URL('../../../shared/supabase/src/database.types.ts', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(await generateDatabaseTypes(db));
  });

  it('type an array return as an array and a table return as objects, as supabase gen types does', async () => {
    const types = await generateDatabaseTypes(db);
    expect(types).toMatch(/delete_animal: \{\n\s+Args: \{ p_animal_id: string \}\n\s+Returns: string\[\]/);
    expect(types).toMatch(
      /unread_message_counts: \{\n\s+Args: never\n\s+Returns: \{ animal_id: string; unread: number \}\[\]/,
    );
    expect(types).toMatch(/mint_medal_codes: \{\n\s+Args: \{ p_codes: string\[\]; p_batch: string \}/);
  });
});
