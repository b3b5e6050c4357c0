export { type AuthState, authAtom, signOut, useAuth } from './auth.ts';
export { type MedailleClient, supabase } from './client.ts';
export { appConfig } from './config.ts';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';
export type { DeployConfig } from './deploy-config.ts';
export { sessionAsStoredHere } from './session-as-stored.ts';
export { hasStoredSession, SESSION_STORAGE_KEY } from './stored-session.ts';
