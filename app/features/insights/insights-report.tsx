// /admin/insights: the cookieless statistics and the funnel from visitors to won leads,
// for a period chosen in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD, so a view can be shared and
// Back works), with presets, an SVG chart with its numbers, tables and the funnel's CSV.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  getSiteInsights,
  INSIGHTS_TIME_ZONE,
  type InsightsPeriod,
  type SiteInsights,
} from '~/data/insights';
import type { AppSupabaseClient } from '~/data/supabase';
import { zonedDate } from '~/i18n/zoned-time';
import { LoadingStatus } from '~/ui/loading-status';
import { downloadFile } from '~/admin/download-file';
import { insightsCopy as copy } from './copy';
import { funnelToCsv, leadRate } from './insights-csv';
import { VisitsChart } from './visits-chart';
import { useLoaded } from '~/admin/use-loaded';
import './insights.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the agency's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return zonedDate(now.getTime(), timeZone);
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to today. */
export function lastDays(days: number, today: string): InsightsPeriod {
  return { start: daysBefore(today, days - 1), end: today };
}

/** The period the address asks for, else the last 30 days. */
export function periodFromSearch(search: URLSearchParams, today: string): InsightsPeriod {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { start: from, end: to };
  return lastDays(30, today);
}

function Table<Row>({
  heading,
  columns,
  rows,
  rowKey,
}: {
  heading: string;
  columns: Array<{ label: string; cell: (row: Row) => string | number; numeric?: boolean }>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <section className="insights-section" aria-label={heading}>
      <h2>{heading}</h2>
      {rows.length === 0 ? (
        <p className="admin-field__hint">{copy.empty}</p>
      ) : (
        <table className="insights-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? 'numeric' : ''}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.label} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.label} className={column.numeric ? 'numeric' : ''}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PeriodForm({ period, today }: { period: InsightsPeriod; today: string }) {
  const [, setSearch] = useSearchParams();
  const [from, setFrom] = useState(period.start);
  const [to, setTo] = useState(period.end);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setFrom(period.start);
    setTo(period.end);
  }, [period.start, period.end]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!DAY.test(from) || !DAY.test(to) || from > to) {
      setProblem(copy.period.invalid);
      return;
    }
    setProblem(null);
    setSearch({ from, to });
  }

  return (
    <form className="insights-period" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{copy.period.legend}</legend>
        <ul className="insights-period__presets">
          {copy.period.presets.map((preset) => {
            const range = lastDays(preset.days, today);
            const current = range.start === period.start && range.end === period.end;
            return (
              <li key={preset.days}>
                <Link
                  to={`?from=${range.start}&to=${range.end}`}
                  aria-current={current ? 'true' : undefined}
                  className="insights-period__preset"
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="insights-period__dates">
          <label>
            {copy.period.from}
            <input
              type="date"
              name="from"
              value={from}
              max={today}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'insights-period-problem' : undefined}
            />
          </label>
          <label>
            {copy.period.to}
            <input
              type="date"
              name="to"
              value={to}
              max={today}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'insights-period-problem' : undefined}
            />
          </label>
          <button type="submit" className="admin-button">
            {copy.period.show}
          </button>
        </div>
        {problem && (
          <p id="insights-period-problem" role="alert" className="admin-field__error">
            {problem}
          </p>
        )}
        <p className="admin-field__hint">{copy.period.timeZone(INSIGHTS_TIME_ZONE)}</p>
      </fieldset>
    </form>
  );
}

function Totals({ insights }: { insights: SiteInsights }) {
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

export function InsightsReport({ client }: { client: AppSupabaseClient }) {
  const [search] = useSearchParams();
  const today = todayIn(INSIGHTS_TIME_ZONE);
  const period = periodFromSearch(search, today);
  // The period's two days are the whole dependency; the object is made anew each render.
  const { value: insights, error: loadError } = useLoaded(
    () => getSiteInsights(client, period),
    [client, period.start, period.end],
  );

  const funnel = copy.funnel;
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
          <Totals insights={insights} />
          <section className="insights-section" aria-label={copy.chart.heading}>
            <h2>{copy.chart.heading}</h2>
            <VisitsChart insights={insights} />
          </section>
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
          <div className="insights-grid">
            <Table
              heading={copy.pages.heading}
              rows={insights.pages}
              rowKey={(row) => row.path}
              columns={[
                { label: copy.pages.page, cell: (row) => row.path },
                { label: copy.pages.views, cell: (row) => row.views, numeric: true },
                { label: copy.pages.visitors, cell: (row) => row.visitors, numeric: true },
              ]}
            />
            <Table
              heading={copy.sources.heading}
              rows={insights.sources}
              rowKey={(row) => row.source}
              columns={[
                { label: copy.sources.source, cell: (row) => row.source },
                { label: copy.sources.visitors, cell: (row) => row.visitors, numeric: true },
              ]}
            />
            <Table
              heading={copy.landing.heading}
              rows={insights.landing_pages}
              rowKey={(row) => row.path}
              columns={[
                { label: copy.landing.page, cell: (row) => row.path },
                { label: copy.landing.visitors, cell: (row) => row.visitors, numeric: true },
              ]}
            />
            <Table
              heading={copy.devices.heading}
              rows={insights.devices}
              rowKey={(row) => row.device}
              columns={[
                { label: copy.devices.device, cell: (row) => copy.devices.names[row.device] },
                { label: copy.sources.visitors, cell: (row) => row.visitors, numeric: true },
              ]}
            />
            <Table
              heading={copy.languages.heading}
              rows={insights.languages}
              rowKey={(row) => row.language}
              columns={[
                {
                  label: copy.languages.language,
                  cell: (row) => copy.languages.names[row.language],
                },
                { label: copy.sources.visitors, cell: (row) => row.visitors, numeric: true },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}
