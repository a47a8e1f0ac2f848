// The insights page's file: the funnel table as CSV, for the agency's spreadsheet. Same rules as
// the leads' CSV (lead-exports.ts): a byte order mark for Excel, CRLF lines, formula-guarded cells.
import type { FunnelRow } from '~/data/insights';
import { csvField } from './lead-exports';

const columns = [
  'source',
  'campaign',
  'visitors',
  'booking_form_visitors',
  'leads',
  'booked',
  'won',
  'lead_rate_percent',
] as const;

/** Leads per hundred visitors, one decimal; empty when there were no visitors to divide by. */
export function leadRate(row: Pick<FunnelRow, 'visitors' | 'leads'>): string {
  if (row.visitors === 0) return '';
  return ((row.leads / row.visitors) * 100).toFixed(1);
}

export function funnelToCsv(rows: readonly FunnelRow[]): string {
  const lines = [
    columns.join(','),
    ...rows.map((row) =>
      [
        csvField(row.source),
        csvField(row.campaign),
        row.visitors,
        row.booking_visitors,
        row.leads,
        row.booked,
        row.won,
        leadRate(row),
      ].join(','),
    ),
  ];
  return '\uFEFF' + lines.map((line) => `${line}\r\n`).join('');
}
