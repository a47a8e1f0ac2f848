// The agency's calendar feed's data, read by the site's server with the service key: the feed's
// secret from the booking settings, and the meetings (with their leads' contact details) that the
// feed lists.
import type { AppSupabaseClient } from './supabase';
import { dataError } from './errors';
import { readEveryPage, readEveryPageForIds } from './every-page';
import { meetingFromRow, type Meeting } from './meetings.server';

/** The calendar feed's secret, as saved (or none while nothing is saved). */
export async function getCalendarFeedToken(client: AppSupabaseClient): Promise<string | null> {
  const { data, error, status } = await client
    .from('booking_settings')
    .select('calendar_feed_token')
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data?.calendar_feed_token ?? null;
}

export interface FeedMeeting extends Meeting {
  lead: { name: string; companyName: string; phone: string; email: string };
}

/** Meetings from `since` on, cancelled ones too (a subscribed calendar then drops them). */
export async function listFeedMeetings(
  client: AppSupabaseClient,
  since: number,
): Promise<FeedMeeting[]> {
  // Paged past max_rows: a busy agency's calendar since `since` can hold more than 1,000 calls.
  const meetings = await readEveryPage((from, to) =>
    client
      .from('meetings')
      .select('*', { count: 'exact' })
      .gte('starts_at', new Date(since).toISOString())
      .order('starts_at')
      .order('id')
      .range(from, to),
  );
  // Two reads: the embedded data API serves no embedded resources (decision 3).
  const leads = await readEveryPageForIds(
    meetings.map((row) => row.consultation_id),
    (ids, from, to) =>
      client
        .from('consultations')
        .select('id, name, company_name, phone_number, email', { count: 'exact' })
        .in('id', ids)
        .order('id')
        .range(from, to),
  );
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  return meetings.flatMap((row) => {
    const lead = byId.get(row.consultation_id);
    if (!lead) return [];
    return [
      {
        ...meetingFromRow(row),
        lead: {
          name: lead.name,
          companyName: lead.company_name,
          phone: lead.phone_number,
          email: lead.email,
        },
      },
    ];
  });
}
