import type { SupabaseClient } from '@supabase/supabase-js';
import { appConfig } from './config.ts';
import type { Database } from './database.types.ts';
import { SESSION_STORAGE_KEY } from './stored-session.ts';

export type MedailleClient = SupabaseClient<Database>;

let client: Promise<MedailleClient> | undefined;
let loaded: MedailleClient | undefined;
const whenLoaded = new Set<(client: MedailleClient) => void>();

/**
 * The one Supabase client of the browser (session in local storage, tokens refreshed automatically),
 * loaded on first use: supabase-js is about 48 KB, which a signed-out visitor's first page does without
 * until they sign in (docs/budgets.md). A load that fails (a weak signal) is not kept: the next call,
 * a second click say, tries again.
 */
export function supabase(): Promise<MedailleClient> {
  client ??= import(/* webpackChunkName: "supabase-js" */ '@supabase/supabase-js').then(
    ({ createClient }) => {
      const { supabaseUrl, supabaseAnonKey } = appConfig();
      const created = createClient<Database>(supabaseUrl, supabaseAnonKey, {
        auth: {
          storageKey: SESSION_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
        },
      });
      loaded = created;
      for (const listener of whenLoaded) listener(created);
      return created;
    },
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** Calls `listener` with the client once it exists (at once if it does); returns how to stop waiting. */
export function onSupabaseLoaded(listener: (client: MedailleClient) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => {};
  }
  whenLoaded.add(listener);
  return () => whenLoaded.delete(listener);
}
