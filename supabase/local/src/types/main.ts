// `pnpm gen:types`: writes shared/supabase/src/database.types.ts from a database built by the migrations.
import { writeFile } from 'node:fs/promises';
import { openDatabase, prepareDatabase } from '../database/index.ts';
import { generateDatabaseTypes } from './generate.ts';

export const TYPES_FILE = new URL('../../../../shared/supabase/src/database.types.ts', import.meta.url);

const db = await openDatabase();
await prepareDatabase(db, { seed: false });
await writeFile(TYPES_FILE, await generateDatabaseTypes(db));
await db.close();
console.log(`wrote ${TYPES_FILE.pathname}`);
