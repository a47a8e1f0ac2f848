// The leads' meetings as the administrator's pages show them (issue 15): the next meeting of each
// lead in the list, and every meeting of one lead on its page. Administrators read meetings;
// visitors book, move and cancel them through the site's server (meetings.server.ts).
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

export interface LeadMeeting {
  id: string;
  leadId: string;
  startsAt: string;
  endsAt: string;
  status: 'active' | 'cancelled';
}

const columns = 'id, consultation_id, starts_at, ends_at, status';

function meetingOf(row: {
  id: string;
  consultation_id: string;
  starts_at: string;
  ends_at: string;
  status: string;
}): LeadMeeting {
  return {
    id: row.id,
    leadId: row.consultation_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
  };
}

/** Each lead's active meeting that has not ended yet, by lead id. */
export async function listNextMeetings(
  client: AppSupabaseClient,
  leadIds: readonly string[],
  now: Date,
): Promise<Map<string, LeadMeeting>> {
  if (leadIds.length === 0) return new Map();
  const { data, error, status } = await client
    .from('meetings')
    .select(columns)
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
  const { data, error, status } = await client
    .from('meetings')
    .select(columns)
    .eq('consultation_id', leadId)
    .order('starts_at', { ascending: false });
  if (error) throw dataError(error, status);
  return data.map(meetingOf);
}
