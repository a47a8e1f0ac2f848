// The page's Supabase client, from the settings the root loader sends (URL and anon key).
import { useRouteLoaderData } from 'react-router';
import { getBrowserSupabase, type AppSupabaseClient } from '~/data/supabase';
import type { loader as rootLoader } from '~/root';

export function useBrowserSupabase(): AppSupabaseClient {
  const settings = useRouteLoaderData<typeof rootLoader>('root');
  if (!settings) throw new Error('The root loader’s Supabase settings are missing.');
  return getBrowserSupabase(settings);
}
