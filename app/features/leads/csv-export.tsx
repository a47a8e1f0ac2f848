// The leads list's two CSV buttons: the filtered list as a standard CSV, or for Swedish Excel
// (semicolons); listAllLeads reads every lead past the data API's max_rows.
import { useState } from 'react';
import { listAllLeads, type LeadQuery } from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { downloadFile } from '~/admin/download-file';
import { leadsCopy as copy } from './copy';
import { leadsCsvFileName, leadsToCsv, type LeadsCsvFormat } from './lead-exports';

/** What the list is filtered and sorted by, without its page. */
export type LeadsFilter = Omit<LeadQuery, 'now' | 'offset' | 'limit'>;

export function CsvExport({
  client,
  filter,
  announce,
}: {
  client: AppSupabaseClient;
  filter: LeadsFilter;
  announce: (tone: 'success' | 'error' | null, text?: string) => void;
}) {
  const [exporting, setExporting] = useState<LeadsCsvFormat | null>(null);
  const timeZone = useAdminTimeZone();

  async function exportCsv(format: LeadsCsvFormat) {
    setExporting(format);
    announce(null);
    try {
      const now = new Date();
      const leads = await listAllLeads(client, { ...filter, now });
      const fileName = leadsCsvFileName(now, format);
      downloadFile(fileName, leadsToCsv(leads, format, timeZone), 'text/csv;charset=utf-8');
      announce('success', copy.csv.done(leads.length, fileName));
    } catch (error) {
      console.error('Could not export the leads:', error);
      announce('error', copy.csv.failed);
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="leads__export">
      <button
        type="button"
        className="admin-button admin-button--primary"
        aria-describedby="leads-csv-hint"
        onClick={() => void exportCsv('standard')}
        disabled={exporting !== null}
      >
        {exporting === 'standard' ? copy.csv.busy : copy.csv.button}
      </button>
      <p id="leads-csv-hint" className="admin-field__hint">
        {copy.csv.hint}
      </p>
      <button
        type="button"
        className="admin-button admin-button--secondary"
        aria-describedby="leads-csv-excel-hint"
        onClick={() => void exportCsv('excel-sv')}
        disabled={exporting !== null}
      >
        {exporting === 'excel-sv' ? copy.csv.busy : copy.csv.excelButton}
      </button>
      <p id="leads-csv-excel-hint" className="admin-field__hint">
        {copy.csv.excelHint}
      </p>
    </div>
  );
}
