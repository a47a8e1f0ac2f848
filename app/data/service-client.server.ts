// The site's server's privileged Supabase client: the service key, which the embedded backend sets
// and an operator of a hosted project copies from its API settings. Read on the server only, never
// sent to the browser; what it may do is the service_role's grants in the migrations.
import { createClient } from '@supabase/supabase-js';
import { serverEnv } from './config.server';
import type { Database } from './database.types';
import { DataError } from './errors';
import { serverFetch } from './server-fetch.server';
import type { AppSupabaseClient } from './supabase';

const clients = new Map<string, AppSupabaseClient>();

/**
 * The service-key client, one per URL and key. `needs` names what cannot work without it, for the
 * error thrown when the key is not set.
 */
export function getServiceSupabase(needs: string): AppSupabaseClient {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceKey } = serverEnv();
  if (!serviceKey) {
    throw new DataError(
      `${needs} needs SUPABASE_SERVICE_ROLE_KEY on the server (the embedded backend sets it).`,
    );
  }
  const key = `${url} ${serviceKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient<Database>(url, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: serverFetch(url) },
    });
    clients.set(key, client);
  }
  return client;
}
