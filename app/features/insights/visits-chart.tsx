// Visits over time as an SVG that a screen reader can use: the figure is one image with a title
// and a summary (role="img"), each day's bar names its numbers on hover (<title>), and the same
// numbers are a table one click away. No chart library: a bar per day and a line are a few
// elements, and the admin's bundle stays as it is.
import { useId } from 'react';
import type { SiteInsights } from '~/data/insights';
import { insightsCopy as copy } from './copy';

const WIDTH = 720;
const HEIGHT = 220;
const PADDING = { top: 12, right: 12, bottom: 28, left: 40 };

/** A round number at or above the largest value, for the axis: 1, 2, 5, 10, 20, 50… */
export function axisMaximum(largest: number): number {
  if (largest <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= largest)!;
  return step * magnitude;
}

export function VisitsChart({ insights }: { insights: SiteInsights }) {
  const id = useId();
  const days = insights.days;
  const top = axisMaximum(Math.max(0, ...days.map((day) => Math.max(day.views, day.visitors))));
  const innerWidth = WIDTH - PADDING.left - PADDING.right;
  const innerHeight = HEIGHT - PADDING.top - PADDING.bottom;
  const slot = innerWidth / Math.max(1, days.length);
  const y = (value: number) => PADDING.top + innerHeight - (value / top) * innerHeight;
  const x = (index: number) => PADDING.left + slot * index + slot / 2;
  const busiest = days.reduce<(typeof days)[number] | null>(
    (best, day) => (day.visitors > (best?.visitors ?? 0) ? day : best),
    null,
  );
  const line = days.map((day, index) => `${x(index).toFixed(1)},${y(day.views).toFixed(1)}`);

  return (
    <figure className="insights-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="insights-chart__svg"
      >
        <title id={`${id}-title`}>
          {copy.chart.title(insights.period.start, insights.period.end)}
        </title>
        <desc id={`${id}-desc`}>
          {copy.chart.summary(
            insights.totals.visitors,
            insights.totals.views,
            busiest ? `${busiest.day} (${busiest.visitors})` : null,
          )}
        </desc>
        {[0, top / 2, top].map((tick) => (
          <g key={tick} className="insights-chart__grid">
            <line x1={PADDING.left} x2={WIDTH - PADDING.right} y1={y(tick)} y2={y(tick)} />
            <text x={PADDING.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.day}
            className="insights-chart__bar"
            x={x(index) - Math.max(1, slot * 0.35)}
            width={Math.max(2, slot * 0.7)}
            y={y(day.visitors)}
            height={PADDING.top + innerHeight - y(day.visitors)}
          >
            <title>{`${day.day}: ${day.visitors} ${copy.chart.visitors.toLowerCase()}, ${day.views} ${copy.chart.views.toLowerCase()}`}</title>
          </rect>
        ))}
        {days.length > 1 && <polyline className="insights-chart__line" points={line.join(' ')} />}
        {days.length > 0 && (
          <>
            <text x={PADDING.left} y={HEIGHT - 8} className="insights-chart__label">
              {days[0]!.day}
            </text>
            <text
              x={WIDTH - PADDING.right}
              y={HEIGHT - 8}
              textAnchor="end"
              className="insights-chart__label"
            >
              {days.at(-1)!.day}
            </text>
          </>
        )}
      </svg>
      <figcaption className="insights-chart__legend">
        <span className="insights-chart__key insights-chart__key--bar" aria-hidden="true" />
        {copy.chart.visitors}
        <span className="insights-chart__key insights-chart__key--line" aria-hidden="true" />
        {copy.chart.views}
      </figcaption>
      <details className="insights-chart__numbers">
        <summary>{copy.chart.showNumbers}</summary>
        <table className="insights-table">
          <caption className="sr-only">{copy.chart.heading}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.chart.day}</th>
              <th scope="col">{copy.chart.visitors}</th>
              <th scope="col">{copy.chart.views}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.visitors}</td>
                <td>{day.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
