// The browser's Supabase URL and anon key as the root loader sent them at run time. Kept apart
// from supabase.ts so a page can read them without loading supabase-js.
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';
import type { BrowserSupabaseConfig } from './supabase';

export function useSupabaseSettings(): BrowserSupabaseConfig | undefined {
  return useRouteLoaderData<typeof rootLoader>('root');
}
