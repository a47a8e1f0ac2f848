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
  // The three variables that choose the client, not the whole environment: a page reads several
  // times, and serverEnv reads every variable it knows each time. A new client is checked whole.
  const given = process.env;
  const key = `${given.SUPABASE_URL} ${given.SUPABASE_ANON_KEY} ${given.SITE_REQUEST_KEY ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    const {
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: anonKey,
      SITE_REQUEST_KEY: siteKey,
    } = serverEnv();
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
