// The Supabase client server-side loaders use: anonymous, no session storage, no timers. Against
// the embedded backend it proves it is the site's own (SITE_REQUEST_KEY), so the data API's gate
// does not queue the pages behind outside callers (docs/decisions/0021).
import { createClient } from '@supabase/supabase-js';
import { serverEnv } from './config.server';
import type { Database } from './database.types';
import { serverFetch } from './server-fetch.server';
import type { AppSupabaseClient } from './supabase';

const clients = new Map<string, AppSupabaseClient>();

export function getServerSupabase(): AppSupabaseClient {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey, SITE_REQUEST_KEY: siteKey } = serverEnv();
  const key = `${url} ${anonKey} ${siteKey ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient<Database>(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: serverFetch(url),
        ...(siteKey ? { headers: { 'x-site-request-key': siteKey } } : {}),
      },
    });
    clients.set(key, client);
  }
  return client;
}
