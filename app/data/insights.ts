// The statistics for /admin/insights (docs/decisions/0016): public.site_insights() adds up the
// cookieless page views (supabase/migrations/20261125150000_create_page_views.sql) and the leads
// for a period; only administrators may call it. Its answer is one JSON value, not rows, so the
// data API's max_rows never cuts it.
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { DataError, dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

/** Days counted in this zone, the agency's. */
export const INSIGHTS_TIME_ZONE = AGENCY_TIME_ZONE;

export interface InsightsPeriod {
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

/** One row of the funnel: a source and campaign, from visitors to won leads. */
export interface FunnelRow {
  source: string;
  campaign: string | null;
  visitors: number;
  booking_visitors: number;
  leads: number;
  booked: number;
  won: number;
}

export interface SiteInsights {
  period: { start: string; end: string; time_zone: string };
  totals: Omit<FunnelRow, 'source' | 'campaign'> & { views: number };
  days: Array<{ day: string; views: number; visitors: number }>;
  pages: Array<{ path: string; views: number; visitors: number }>;
  landing_pages: Array<{ path: string; visitors: number }>;
  sources: Array<{ source: string; visitors: number }>;
  devices: Array<{ device: 'mobile' | 'tablet' | 'desktop'; visitors: number }>;
  languages: Array<{ language: 'en' | 'sv'; visitors: number }>;
  funnel: FunnelRow[];
}

export async function getSiteInsights(
  client: AppSupabaseClient,
  period: InsightsPeriod,
): Promise<SiteInsights> {
  const { data, error, status } = await client.rpc('site_insights', {
    period_start: period.start,
    period_end: period.end,
    time_zone: INSIGHTS_TIME_ZONE,
  });
  if (error) throw dataError(error, status);
  if (data === null || typeof data !== 'object' || !('funnel' in data)) {
    throw new DataError('The statistics came back in a shape this page does not know.');
  }
  return data as unknown as SiteInsights;
}
