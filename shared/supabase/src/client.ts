import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { appConfig } from './config.ts';
import type { Database } from './database.types.ts';
import { SESSION_STORAGE_KEY } from './stored-session.ts';

let client: SupabaseClient<Database> | undefined;

/** The one Supabase client of the browser: session in local storage, tokens refreshed automatically. */
export function supabase(): SupabaseClient<Database> {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = appConfig();
    client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: {
        storageKey: SESSION_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
      },
    });
  }
  return client;
}
