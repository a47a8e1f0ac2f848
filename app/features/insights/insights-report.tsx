// /admin/insights: the cookieless statistics and the funnel from visitors to won leads,
// for a period chosen in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD, so a view can be shared and
// Back works), with presets, an SVG chart with its numbers, tables and the funnel's CSV. The page
// composes its parts: the period form, the totals, the chart, the funnel and the visit tables.
import { useSearchParams } from 'react-router';
import { getSiteInsights, INSIGHTS_TIME_ZONE } from '~/data/insights';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { useLoaded } from '~/admin/use-loaded';
import { insightsCopy as copy } from './copy';
import { FunnelTable } from './funnel-table';
import { InsightsTotals } from './insights-totals';
import { periodFromSearch, todayIn } from './insights-period';
import { PeriodForm } from './period-form';
import { VisitsChart } from './visits-chart';
import { VisitTables } from './visit-tables';
import './insights.css';

export function InsightsReport({ client }: { client: AppSupabaseClient }) {
  const [search] = useSearchParams();
  const today = todayIn(INSIGHTS_TIME_ZONE);
  const period = periodFromSearch(search, today);
  // The period's two days are the whole dependency; the object is made anew each render.
  const { value: insights, error: loadError } = useLoaded(
    () => getSiteInsights(client, period),
    [client, period.start, period.end],
  );

  return (
    <div className="admin-stack">
      <PeriodForm period={period} today={today} />
      {loadError && (
        <p role="alert" className="admin-notice">
          {copy.loadFailed(loadError.message)}
        </p>
      )}
      {!insights && !loadError && <LoadingStatus text={copy.loading} />}
      {insights && (
        <>
          <InsightsTotals insights={insights} />
          <section className="insights-section" aria-label={copy.chart.heading}>
            <h2>{copy.chart.heading}</h2>
            <VisitsChart insights={insights} />
          </section>
          <FunnelTable insights={insights} />
          <VisitTables insights={insights} />
        </>
      )}
    </div>
  );
}
