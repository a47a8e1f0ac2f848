// The Supabase client server-side loaders use: anonymous, no session storage, no timers.
import { createClient } from '@supabase/supabase-js';
import { serverEnv } from './config.server';
import type { Database } from './database.types';
import type { AppSupabaseClient } from './supabase';

const clients = new Map<string, AppSupabaseClient>();

export function getServerSupabase(): AppSupabaseClient {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey } = serverEnv();
  const key = `${url} ${anonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient<Database>(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(key, client);
  }
  return client;
}
