// The leads' meetings as the administrator's pages show them: the next meeting of each
// lead in the list, and every meeting of one lead on its page. Administrators read meetings;
// visitors book, move and cancel them through the site's server (meetings.server.ts). An
// administrator releases a time a stranger holds (decision 22); the agency's other changes to a
// call are in meeting-changes.ts.
import { dataError } from './errors';
import { readEveryPage, readEveryPageForIds } from './every-page';
import type { AppSupabaseClient } from './supabase';

export interface LeadMeeting {
  id: string;
  leadId: string;
  startsAt: string;
  endsAt: string;
  status: 'active' | 'cancelled';
  sequence: number;
  /** The video link the call was booked with; null: the agency phones the visitor. */
  meetingLink: string | null;
  /** The zone the visitor chose the time in; null when booked before it was kept. */
  visitorTimeZone: string | null;
}

export const meetingColumns =
  'id, consultation_id, starts_at, ends_at, status, sequence, meeting_link, visitor_time_zone';

export function meetingOf(row: {
  id: string;
  consultation_id: string;
  starts_at: string;
  ends_at: string;
  status: string;
  sequence: number;
  meeting_link: string | null;
  visitor_time_zone: string | null;
}): LeadMeeting {
  return {
    id: row.id,
    leadId: row.consultation_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
    sequence: row.sequence,
    meetingLink: row.meeting_link,
    visitorTimeZone: row.visitor_time_zone,
  };
}

/**
 * Each lead's active meeting that has not ended yet, by lead id. Bounded by design: a lead has at
 * most one active meeting (the database's unique rule), and the ids are one page of the list.
 */
export async function listNextMeetings(
  client: AppSupabaseClient,
  leadIds: readonly string[],
  now: Date,
): Promise<Map<string, LeadMeeting>> {
  if (leadIds.length === 0) return new Map();
  const { data, error, status } = await client
    .from('meetings')
    .select(meetingColumns)
    .in('consultation_id', [...leadIds])
    .eq('status', 'active')
    .gte('ends_at', now.toISOString());
  if (error) throw dataError(error, status);
  return new Map(data.map((row) => [row.consultation_id, meetingOf(row)]));
}

/** Every meeting of a lead, newest first, cancelled ones too. */
export async function listLeadMeetings(
  client: AppSupabaseClient,
  leadId: string,
): Promise<LeadMeeting[]> {
  const rows = await readEveryPage((from, to) =>
    client
      .from('meetings')
      .select(meetingColumns, { count: 'exact' })
      .eq('consultation_id', leadId)
      .order('starts_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to),
  );
  return rows.map(meetingOf);
}

/** A coming call whose lead the team has not acted on yet: a time a stranger may be holding. */
export interface HeldCall {
  id: string;
  leadId: string;
  leadName: string;
  companyName: string;
  email: string;
  startsAt: string;
  /** When the call was booked or last moved. */
  bookedAt: string;
  sequence: number;
}

/**
 * The coming active calls of leads no team member has acted on (no status, owner or notes change
 * of theirs in the lead's history), soonest first: what the database counts as fresh bookings.
 */
export async function listHeldCalls(client: AppSupabaseClient, now: Date): Promise<HeldCall[]> {
  const meetings = await client
    .from('meetings')
    .select('id, consultation_id, starts_at, updated_at, sequence')
    .eq('status', 'active')
    .gte('starts_at', now.toISOString())
    .order('starts_at')
    .limit(500);
  if (meetings.error) throw dataError(meetings.error, meetings.status);
  const ids = [...new Set(meetings.data.map((row) => row.consultation_id))];
  if (ids.length === 0) return [];
  // Separate reads: the embedded data API serves no embedded resources (decision 3). Up to 500
  // leads' ids go 100 to a request, each read to its end (their events can pass max_rows).
  const [acted, leads] = await Promise.all([
    readEveryPageForIds(ids, (chunk, from, to) =>
      client
        .from('lead_events')
        .select('consultation_id', { count: 'exact' })
        .in('consultation_id', chunk)
        .not('author_id', 'is', null)
        .order('id')
        .range(from, to),
    ),
    readEveryPageForIds(ids, (chunk, from, to) =>
      client
        .from('consultations')
        .select('id, name, company_name, email', { count: 'exact' })
        .in('id', chunk)
        .order('id')
        .range(from, to),
    ),
  ]);
  const confirmed = new Set(acted.map((row) => row.consultation_id));
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  return meetings.data.flatMap((row) => {
    const lead = byId.get(row.consultation_id);
    if (!lead || confirmed.has(row.consultation_id)) return [];
    return [
      {
        id: row.id,
        leadId: row.consultation_id,
        leadName: lead.name,
        companyName: lead.company_name,
        email: lead.email,
        startsAt: row.starts_at,
        bookedAt: row.updated_at,
        sequence: row.sequence,
      },
    ];
  });
}

/**
 * Releases a held time: cancels the call as the visitor's own cancel does (the next SEQUENCE), so
 * the lead's history names the administrator, the lead goes back to where booking found it, and
 * the visitor and the agency are sent the cancellation.
 */
export async function releaseMeeting(
  client: AppSupabaseClient,
  call: Pick<HeldCall, 'id' | 'sequence'>,
): Promise<void> {
  const { error, status } = await client
    .from('meetings')
    .update({ status: 'cancelled', sequence: call.sequence + 1 })
    .eq('id', call.id)
    .eq('status', 'active')
    .select('id')
    .single();
  if (error) throw dataError(error, status);
}
