// The Supabase client server-side loaders use: anonymous, no session storage, no timers.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { serverEnv } from './config.server';

const clients = new Map<string, SupabaseClient>();

export function getServerSupabase(): SupabaseClient {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey } = serverEnv();
  const key = `${url} ${anonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(key, client);
  }
  return client;
}
