// The leads list's files: the CSV of the filtered list, and one person's data as JSON (a GDPR
// access request). Pure functions, so what lands in the agency's spreadsheet is tested here.
import type { LeadMail } from '~/data/consultation-mails';
import type { Lead } from '~/data/consultations';
import { ATTRIBUTION_FIELDS } from '~/visit/attribution';
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { csvFile } from '#shared/csv.ts';
import { csvHeadings } from './csv-headings';

/** Every column of a lead, in the CSV's order: when and what, who, what they need, attribution. */
export const leadCsvColumns = [
  'received_at',
  'status',
  'name',
  'email',
  'phone_number',
  'company_name',
  'problems',
  'additional_info',
  'how_found_us',
  'language',
  'notes',
  ...ATTRIBUTION_FIELDS,
  'created_at',
  'updated_at',
  'id',
] as const satisfies ReadonlyArray<keyof Lead>;

/**
 * standard: comma-separated, English headings, times as stored (ISO 8601, UTC). excel-sv: for
 * Excel with Swedish regional settings, which opens a double-clicked CSV split on semicolons (its
 * list separator), with Swedish headings and times in the agency's time zone as Excel reads a date
 * and time (2026-11-23 11:00:00). Either way the columns keep one order and the values stay the
 * stored ones (status `won`, language `swedish`), so a sheet built on one export reads the next.
 */
export type LeadsCsvFormat = 'standard' | 'excel-sv';

const timeColumns = new Set<string>(['received_at', 'created_at', 'updated_at']);

/** An instant as the agency's wall clock shows it: 2026-11-23 11:00:00 (sv-SE writes ISO order). */
export function agencyDateTime(iso: string, timeZone = AGENCY_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('sv-SE', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

/** The header row: each column in the format's language, a time column with its values' zone. */
export function leadsCsvHeader(format: LeadsCsvFormat, timeZone = AGENCY_TIME_ZONE): string[] {
  const headings = format === 'excel-sv' ? csvHeadings.sv : csvHeadings.en;
  const zone = format === 'excel-sv' ? timeZone : 'UTC';
  return leadCsvColumns.map((column) =>
    timeColumns.has(column) ? headings.inZone(headings[column], zone) : headings[column],
  );
}

/**
 * The CSV file of these leads: a BOM, the header row, one row per lead. Every cell is inert and
 * quoted for both dialects (shared/csv.ts), so a name like `Acme;=1+1;x` stays one cell of text
 * whichever separator the spreadsheet splits on. `timeZone`: the agency's, for excel-sv's times.
 */
export function leadsToCsv(
  leads: readonly Lead[],
  format: LeadsCsvFormat = 'standard',
  timeZone = AGENCY_TIME_ZONE,
): string {
  const cell = (lead: Lead, column: (typeof leadCsvColumns)[number]) => {
    const value = lead[column];
    return format === 'excel-sv' && timeColumns.has(column) && value
      ? agencyDateTime(value, timeZone)
      : value;
  };
  return csvFile(
    [
      leadsCsvHeader(format, timeZone),
      ...leads.map((lead) => leadCsvColumns.map((column) => cell(lead, column))),
    ],
    format === 'excel-sv' ? ';' : ',',
  );
}

/** Today's date in the agency's time zone, as file names carry it: 2026-11-23. */
export function fileDate(now: Date): string {
  // sv-SE writes dates as ISO does (YYYY-MM-DD).
  return new Intl.DateTimeFormat('sv-SE', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: AGENCY_TIME_ZONE,
  }).format(now);
}

export function leadsCsvFileName(now: Date, format: LeadsCsvFormat = 'standard'): string {
  return `leads-${fileDate(now)}${format === 'excel-sv' ? '-excel-sv' : ''}.csv`;
}

/** The JSON file's name, with the address made safe for any file system. */
export function personalDataFileName(email: string, now: Date): string {
  const safe = email
    .toLowerCase()
    .replace(/[^a-z0-9.@_-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '');
  return `lead-data-${safe || 'address'}-${fileDate(now)}.json`;
}

/** The mail fields worth handing over: what was sent, when, and what went wrong. */
type ExportedMail = Pick<
  LeadMail,
  'kind' | 'status' | 'attempts' | 'last_error' | 'sent_at' | 'created_at'
>;

export interface PersonalDataExport {
  email: string;
  exported_at: string;
  consultations: Array<Lead & { mails: ExportedMail[] }>;
}

/** Everything stored for one address: each lead with every column, and its mails' delivery. */
export function personalDataExport(
  email: string,
  leads: readonly Lead[],
  mails: readonly LeadMail[],
  now: Date,
): PersonalDataExport {
  return {
    email,
    exported_at: now.toISOString(),
    consultations: leads.map((lead) => ({
      ...lead,
      mails: mails
        .filter((mail) => mail.consultation_id === lead.id)
        .map(({ kind, status, attempts, last_error, sent_at, created_at }) => ({
          kind,
          status,
          attempts,
          last_error,
          sent_at,
          created_at,
        })),
    })),
  };
}
