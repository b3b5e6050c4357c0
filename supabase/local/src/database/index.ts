export { actAs, type JwtClaims, type RequestSettings } from './claims.ts';
export {
  type Database,
  isDatabaseUnavailable,
  isDiskFull,
  type OpenDatabaseOptions,
  openDatabase,
  type Queryable,
  type QueryResult,
} from './connection.ts';
export { isSupabaseDatabase, MIGRATIONS_DIR, type PrepareResult, prepareDatabase, SEED_FILE } from './migrations.ts';
export { copySupabaseDatabase, type DatabaseCopy } from './supabase-copy.ts';
