// The browser's Supabase URL and anon key as the root loader sent them at run time. Kept apart
// from supabase.ts so a page can read them without loading supabase-js.
import { useRouteLoaderData } from 'react-router';

export interface BrowserSupabaseConfig {
  /** Where the browser reaches Supabase; null means the page's own origin (embedded backend). */
  supabaseUrl: string | null;
  supabaseAnonKey: string;
}

/**
 * The root loader (app/root.tsx) spreads browserSupabaseConfig() into its data. Read by route id,
 * not through the root's loader type, so the data layer does not import the app's root.
 */
export function useSupabaseSettings(): BrowserSupabaseConfig | undefined {
  return useRouteLoaderData('root') as BrowserSupabaseConfig | undefined;
}
