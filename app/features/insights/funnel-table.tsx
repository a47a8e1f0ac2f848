// The funnel from visitors to won leads by source and campaign, with its CSV download.
import type { SiteInsights } from '~/data/insights';
import { downloadFile } from '~/admin/download-file';
import { insightsCopy as copy } from './copy';
import { funnelToCsv, leadRate } from './insights-csv';

export function FunnelTable({ insights }: { insights: SiteInsights }) {
  const funnel = copy.funnel;
  return (
    <section className="insights-section" aria-label={funnel.heading}>
      <div className="admin__heading-row">
        <h2>{funnel.heading}</h2>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() =>
            downloadFile(
              funnel.fileName(insights.period.start, insights.period.end),
              funnelToCsv(insights.funnel),
              'text/csv;charset=utf-8',
            )
          }
        >
          {funnel.download}
        </button>
      </div>
      <p className="admin-field__hint">{funnel.explanation}</p>
      {insights.funnel.length === 0 ? (
        <p className="admin-field__hint">{copy.empty}</p>
      ) : (
        <div className="insights-scroll">
          <table className="insights-table">
            <thead>
              <tr>
                <th scope="col">{funnel.source}</th>
                <th scope="col">{funnel.campaign}</th>
                <th scope="col" className="numeric">
                  {funnel.visitors}
                </th>
                <th scope="col" className="numeric">
                  {funnel.bookingVisitors}
                </th>
                <th scope="col" className="numeric">
                  {funnel.leads}
                </th>
                <th scope="col" className="numeric">
                  {funnel.booked}
                </th>
                <th scope="col" className="numeric">
                  {funnel.won}
                </th>
                <th scope="col" className="numeric">
                  {funnel.rate}
                </th>
              </tr>
            </thead>
            <tbody>
              {insights.funnel.map((row) => (
                <tr key={`${row.source}\n${row.campaign ?? ''}`}>
                  <th scope="row">{row.source}</th>
                  <td>{row.campaign ?? funnel.noCampaign}</td>
                  <td className="numeric">{row.visitors}</td>
                  <td className="numeric">{row.booking_visitors}</td>
                  <td className="numeric">{row.leads}</td>
                  <td className="numeric">{row.booked}</td>
                  <td className="numeric">{row.won}</td>
                  <td className="numeric">{leadRate(row) || funnel.noCampaign}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
