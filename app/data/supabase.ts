// The browser's Supabase client. Its URL and anon key come from the root loader at run time, so
// one build serves the embedded backend and a hosted Supabase project alike.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { useSupabaseSettings, type BrowserSupabaseConfig } from './supabase-settings';

/** The client every data module takes, typed from the schema. */
export type AppSupabaseClient = SupabaseClient<Database>;

let client: AppSupabaseClient | undefined;

/** One client per page load: supabase-js keeps the auth session and its refresh timer on it. */
export function getBrowserSupabase(config: BrowserSupabaseConfig): AppSupabaseClient {
  client ??= createClient<Database>(
    config.supabaseUrl ?? window.location.origin,
    config.supabaseAnonKey,
  );
  return client;
}

/** The page's client, configured from the root loader's settings. */
export function useBrowserSupabase(): AppSupabaseClient {
  const settings = useSupabaseSettings();
  if (!settings) throw new Error('The root loader’s Supabase settings are missing.');
  return getBrowserSupabase(settings);
}
