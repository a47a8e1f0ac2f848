// The data API behind one lead's page, in memory and at the network (fake-data-api.ts): the lead,
// its mails, meetings and recorded history, and who may own leads, in tables the test fills. What
// the database's triggers do is done here too: a save records what it changed in the history, and
// a deleted lead takes its mails with it. Tests then assert what the owner sees, never which
// query-builder calls were made. Pure: nothing here reaches the server.
import type { LeadMail } from '~/data/consultation-mails.ts';
import type { Lead } from '~/data/consultations.ts';
import type { LeadEventRow } from '~/data/lead-events.ts';
import { fakeDataApi } from './fake-data-api.ts';

/** A meetings row, in the columns the leads' pages read. */
export interface MeetingRow {
  id: string;
  consultation_id: string;
  starts_at: string;
  ends_at: string;
  status: 'active' | 'cancelled';
}

export interface LeadPageTables {
  consultations: Lead[];
  consultation_mails: LeadMail[];
  meetings: MeetingRow[];
  lead_events: LeadEventRow[];
  /** What rpc('lead_owner_choices') answers: the administrators a lead may be given to. */
  owners: Array<{ user_id: string; email: string }>;
}

export function leadPageApi(
  fill: Partial<LeadPageTables> = {},
  { author = 'admin@example.com' }: { author?: string } = {},
) {
  const tables: LeadPageTables = {
    consultations: [],
    consultation_mails: [],
    meetings: [],
    lead_events: [],
    owners: [],
    ...fill,
  };
  let eventId = tables.lead_events.reduce((most, event) => Math.max(most, event.id), 0);

  /** What the database's trigger records for a save: one entry per column that changed. */
  function record(before: Lead, after: Lead) {
    const emailOf = (id: string | null) =>
      id === null ? null : (tables.owners.find((owner) => owner.user_id === id)?.email ?? null);
    const changes: Array<[string, Record<string, unknown>]> = [];
    if (before.status !== after.status)
      changes.push(['status_changed', { from: before.status, to: after.status }]);
    if (before.owner_id !== after.owner_id)
      changes.push([
        'owner_changed',
        { from_email: emailOf(before.owner_id), to_email: emailOf(after.owner_id) },
      ]);
    if (before.notes !== after.notes) changes.push(['notes_changed', { notes: after.notes }]);
    for (const [kind, data] of changes)
      tables.lead_events.push({
        id: ++eventId,
        consultation_id: after.id,
        kind,
        data,
        author_id: null,
        author_email: author,
        created_at: after.updated_at,
      } as LeadEventRow);
  }

  const failing = new Set<string>();
  const api = fakeDataApi(
    {
      consultations: tables.consultations,
      consultation_mails: tables.consultation_mails,
      meetings: tables.meetings,
      lead_events: tables.lead_events,
    } as unknown as Record<string, Record<string, unknown>[]>,
    {
      rpc: { lead_owner_choices: () => tables.owners },
      afterWrite(table, before, after) {
        if (table !== 'consultations') return;
        if (before && after) {
          after.updated_at = new Date().toISOString();
          record(before as unknown as Lead, after as unknown as Lead);
        }
        if (before && !after) {
          const mails = tables.consultation_mails;
          for (const mail of mails.filter((m) => m.consultation_id === before.id))
            mails.splice(mails.indexOf(mail), 1);
        }
      },
    },
  );
  api.failWith((request) => failing.has(request.path));

  return {
    client: api.client,
    tables,
    /** Every later request to this table (or `rpc/<name>`) answers 500, until healed. */
    fail(path: string): { heal: () => void } {
      failing.add(path);
      return { heal: () => failing.delete(path) };
    },
    /** Holds the next answer of this table (computed when asked) until release() is called. */
    hold(path: string): { release: () => void } {
      let taken = false;
      const release = api.hold((request) => {
        if (taken || request.path !== path) return false;
        taken = true;
        return true;
      });
      return { release };
    },
  };
}
