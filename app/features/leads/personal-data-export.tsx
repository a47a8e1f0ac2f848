// A GDPR data request on the leads list: every lead one e-mail address sent, with the mails sent
// about them, as one JSON file.
import { useState, type FormEvent } from 'react';
import { listLeadMails } from '~/data/consultation-mails';
import { listLeadsByEmail } from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import { downloadFile } from '~/admin/download-file';
import { leadsCopy as copy } from './copy';
import { personalDataExport, personalDataFileName } from './lead-exports';

export function PersonalDataExport({
  client,
  announce,
}: {
  client: AppSupabaseClient;
  announce: (tone: 'success' | 'error' | null, text?: string) => void;
}) {
  const [exporting, setExporting] = useState(false);

  async function exportPersonalData(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!address) {
      announce('error', copy.gdpr.invalid);
      return;
    }
    setExporting(true);
    announce(null);
    try {
      const leads = await listLeadsByEmail(client, address);
      if (leads.length === 0) {
        announce('success', copy.gdpr.none(address));
        return;
      }
      const leadMails = await listLeadMails(
        client,
        leads.map((lead) => lead.id),
      );
      const now = new Date();
      const fileName = personalDataFileName(address, now);
      const data = personalDataExport(address, leads, leadMails, now);
      downloadFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      announce('success', copy.gdpr.done(leads.length, fileName));
    } catch (error) {
      console.error('Could not export the data of one address:', error);
      announce('error', copy.gdpr.failed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <details className="leads__gdpr">
      <summary>{copy.gdpr.heading}</summary>
      <form className="leads__gdpr-form" onSubmit={(event) => void exportPersonalData(event)}>
        <p id="leads-gdpr-text" className="admin-field__hint">
          {copy.gdpr.text}
        </p>
        <div className="admin-field">
          <label htmlFor="leads-gdpr-email">{copy.gdpr.email}</label>
          <input
            id="leads-gdpr-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            aria-describedby="leads-gdpr-text"
          />
        </div>
        <div>
          <button
            type="submit"
            className="admin-button admin-button--secondary"
            disabled={exporting}
          >
            {exporting ? copy.gdpr.busy : copy.gdpr.button}
          </button>
        </div>
      </form>
    </details>
  );
}
