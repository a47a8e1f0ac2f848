// The period's totals as tiles: visitors, views, booking-page visitors, leads, booked and won.
import type { SiteInsights } from '~/data/insights';
import { insightsCopy as copy } from './copy';

export function InsightsTotals({ insights }: { insights: SiteInsights }) {
  const { totals } = insights;
  const tiles: Array<[string, number]> = [
    [copy.totals.visitors, totals.visitors],
    [copy.totals.views, totals.views],
    [copy.totals.bookingVisitors, totals.booking_visitors],
    [copy.totals.leads, totals.leads],
    [copy.totals.booked, totals.booked],
    [copy.totals.won, totals.won],
  ];
  return (
    <dl className="insights-totals" aria-label={copy.totals.label}>
      {tiles.map(([label, value]) => (
        <div key={label} className="insights-totals__tile">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
