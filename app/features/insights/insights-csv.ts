// The insights page's file: the funnel table as CSV, for the agency's spreadsheet, written by the
// site's one CSV writer (shared/csv.ts): a byte order mark for Excel, CRLF lines, inert cells.
import type { FunnelRow } from '~/data/insights';
import { csvFile } from '#shared/csv.ts';

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
  return csvFile(
    [
      columns,
      ...rows.map((row) => [
        row.source,
        row.campaign,
        row.visitors,
        row.booking_visitors,
        row.leads,
        row.booked,
        row.won,
        leadRate(row),
      ]),
    ],
    ',',
  );
}
