// A lead's timeline, as its page in /admin shows it. The lead_events table holds what only it
// knows, written by the database's triggers in the same transaction as each change: status, owner
// and notes with their author, its mails' delivery, its meetings booked, moved or cancelled. The
// receipt and the queued mails come from the lead and its mails themselves, which already say when
// (20261125193000_derive_receipt_and_queued_mails_in_history). Read by administrators only; nobody
// writes lead_events through the API.
import type { Database } from './database.types';
import { dataError } from './errors';
import { readEveryPage } from './every-page';
import type { AppSupabaseClient } from './supabase';

export type LeadEventRow = Database['public']['Tables']['lead_events']['Row'];

/** What the timeline shows: lead_events_kind_check's kinds, and the two read from the lead and its mails. */
export const leadEventKinds = [
  'received',
  'status_changed',
  'owner_changed',
  'notes_changed',
  'mail_queued',
  'mail_sent',
  'mail_failed',
  'meeting_booked',
  'meeting_moved',
  'meeting_cancelled',
  'meeting_link_changed',
] as const;
export type LeadEventKind = (typeof leadEventKinds)[number];

/** One entry of the timeline, its data read into the fields its kind carries. */
export type LeadEvent = {
  /** Unique in the lead's timeline: 'received', 'queued-<mail id>' or 'event-<lead_events id>'. */
  key: string;
  createdAt: string;
  /** Who did it; null for the visitor and the server. */
  authorEmail: string | null;
} & (
  | { kind: 'received'; source: string | null }
  | { kind: 'status_changed'; from: string | null; to: string | null }
  | { kind: 'owner_changed'; fromEmail: string | null; toEmail: string | null }
  | { kind: 'notes_changed'; notes: string | null }
  | { kind: 'mail_queued' | 'mail_sent'; mailKind: string | null; attempts: number | null }
  | { kind: 'mail_failed'; mailKind: string | null; error: string | null }
  | { kind: 'meeting_booked'; startsAt: string | null }
  /** note: what an administrator told the visitor with the cancel. */
  | { kind: 'meeting_cancelled'; startsAt: string | null; note: string | null }
  /** A booked call given Availability's link (null: a phone call). */
  | {
      kind: 'meeting_link_changed';
      startsAt: string | null;
      from: string | null;
      to: string | null;
    }
  | { kind: 'meeting_moved'; startsAt: string | null; previousStartsAt: string | null }
  /** A kind this page does not know yet (a newer migration's): shown by its name. */
  | { kind: 'other'; name: string }
);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A lead_events row as the timeline shows it; unknown kinds and missing data never throw. */
export function toLeadEvent(row: LeadEventRow): LeadEvent {
  const data = (
    row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {}
  ) as Record<string, unknown>;
  const base = { key: `event-${row.id}`, createdAt: row.created_at, authorEmail: row.author_email };
  switch (row.kind) {
    case 'status_changed':
      return { ...base, kind: 'status_changed', from: text(data.from), to: text(data.to) };
    case 'owner_changed':
      return {
        ...base,
        kind: 'owner_changed',
        fromEmail: text(data.from_email),
        toEmail: text(data.to_email),
      };
    case 'notes_changed':
      return { ...base, kind: 'notes_changed', notes: text(data.notes) };
    case 'mail_sent':
      return {
        ...base,
        kind: 'mail_sent',
        mailKind: text(data.mail_kind),
        attempts: typeof data.attempts === 'number' ? data.attempts : null,
      };
    case 'mail_failed':
      return {
        ...base,
        kind: 'mail_failed',
        mailKind: text(data.mail_kind),
        error: text(data.error),
      };
    case 'meeting_booked':
      return { ...base, kind: 'meeting_booked', startsAt: text(data.starts_at) };
    case 'meeting_cancelled':
      return {
        ...base,
        kind: 'meeting_cancelled',
        startsAt: text(data.starts_at),
        note: text(data.note),
      };
    case 'meeting_link_changed':
      return {
        ...base,
        kind: 'meeting_link_changed',
        startsAt: text(data.starts_at),
        from: text(data.from),
        to: text(data.to),
      };
    case 'meeting_moved':
      return {
        ...base,
        kind: 'meeting_moved',
        startsAt: text(data.starts_at),
        previousStartsAt: text(data.previous_starts_at),
      };
    default:
      return { ...base, kind: 'other', name: row.kind };
  }
}

/** What lead_events recorded for a lead, oldest first. */
export async function listRecordedLeadEvents(
  client: AppSupabaseClient,
  consultationId: string,
): Promise<LeadEvent[]> {
  // Paged: a lead worked on for years can gather more events than one read answers.
  const rows = await readEveryPage((from, to) =>
    client
      .from('lead_events')
      .select('*', { count: 'exact' })
      .eq('consultation_id', consultationId)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .range(from, to),
  );
  return rows.map(toLeadEvent);
}

/**
 * A lead's history, oldest first (the order things happened in): its receipt and queued mails,
 * read from the lead and its mails, with what lead_events recorded. What one transaction did
 * shares its time: the receipt first, then its mails, then the rest in the order recorded.
 */
export function leadTimeline(
  lead: { received_at: string; source: string | null },
  mails: readonly { id: string; kind: string; created_at: string }[],
  recorded: readonly LeadEvent[],
): LeadEvent[] {
  const received: LeadEvent = {
    key: 'received',
    createdAt: lead.received_at,
    authorEmail: null,
    kind: 'received',
    source: lead.source,
  };
  const queued = mails.map((mail): LeadEvent => ({
    key: `queued-${mail.id}`,
    createdAt: mail.created_at,
    authorEmail: null,
    kind: 'mail_queued',
    mailKind: mail.kind,
    attempts: null,
  }));
  return [received, ...queued, ...recorded]
    .map((event, order) => ({ event, order, at: Date.parse(event.createdAt) }))
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map(({ event }) => event);
}

/** A lead's whole timeline, read at once: for a caller that has neither the lead nor its mails. */
export async function listLeadEvents(
  client: AppSupabaseClient,
  consultationId: string,
): Promise<LeadEvent[]> {
  const [recorded, lead, mails] = await Promise.all([
    listRecordedLeadEvents(client, consultationId),
    client.from('consultations').select('received_at, source').eq('id', consultationId),
    // At most one mail of each kind per lead (the table's unique rule): bounded by design.
    client
      .from('consultation_mails')
      .select('id, kind, created_at')
      .eq('consultation_id', consultationId)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true }),
  ]);
  for (const { error, status } of [lead, mails]) if (error) throw dataError(error, status);
  const [row] = lead.data ?? [];
  return row ? leadTimeline(row, mails.data ?? [], recorded) : recorded;
}
