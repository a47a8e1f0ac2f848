// The booking's data (docs/decisions/0018), read and written by the site's server with the service
// key: visitors never reach meetings or the booking settings through the API. The database decides
// who gets a time (meetings_no_overlap) and that a lead has one active meeting at most, and it
// bounds how often a lead, an address and a burst of fresh leads may book (decision 22): the server
// forwards the visitor's address with each booking so the address is counted.
import type { Database } from './database.types';
import { bookingLimit, type BookingLimit } from './booking-limits';
import type { BookingSettings } from './booking-calendar';
import { dataError } from './errors';
import { forwardedFor, type OnBehalfOfVisitor } from './forwarded-for';
import { getServiceSupabase } from './service-client.server';
import type { AppSupabaseClient } from './supabase';

type MeetingRow = Database['public']['Tables']['meetings']['Row'];

export interface Meeting {
  id: string;
  leadId: string;
  start: number;
  end: number;
  status: 'active' | 'cancelled';
  sequence: number;
  /** The video link the call was booked with; null: the agency phones the visitor. */
  meetingLink: string | null;
}

export interface BookingLead {
  id: string;
  name: string;
  email: string;
  language: 'english' | 'swedish';
}

/** The service-key client; booking needs it (the server sets it on the embedded backend). */
export function bookingClient(): AppSupabaseClient {
  return getServiceSupabase('Booking');
}

export function meetingFromRow(row: MeetingRow): Meeting {
  return {
    id: row.id,
    leadId: row.consultation_id,
    start: Date.parse(row.starts_at),
    end: Date.parse(row.ends_at),
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
    sequence: row.sequence,
    meetingLink: row.meeting_link,
  };
}

export async function getBookingLead(
  client: AppSupabaseClient,
  leadId: string,
): Promise<BookingLead | null> {
  const { data, error, status } = await client
    .from('consultations')
    .select('id, name, email, language')
    .eq('id', leadId)
    .maybeSingle();
  if (error) throw dataError(error, status);
  if (!data) return null;
  return { ...data, language: data.language === 'swedish' ? 'swedish' : 'english' };
}

export async function getActiveMeetingOfLead(
  client: AppSupabaseClient,
  leadId: string,
): Promise<Meeting | null> {
  const { data, error, status } = await client
    .from('meetings')
    .select('*')
    .eq('consultation_id', leadId)
    .eq('status', 'active')
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data ? meetingFromRow(data) : null;
}

export async function getMeeting(
  client: AppSupabaseClient,
  meetingId: string,
): Promise<Meeting | null> {
  const { data, error, status } = await client
    .from('meetings')
    .select('*')
    .eq('id', meetingId)
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data ? meetingFromRow(data) : null;
}

export type { BookingLimit } from './booking-limits';
export {
  defaultBookingSettings,
  listBusyTimes,
  listFreshHolds,
  loadBookingSettings,
  type BookingSettings,
} from './booking-calendar';

/** The meeting, or why the database refused it: the time is taken, the lead has one, a bound. */
export type BookingOutcome = Meeting | 'taken' | 'already-booked' | BookingLimit;

const times = (
  start: number,
  settings: Pick<BookingSettings, 'meetingMinutes' | 'bufferMinutes'>,
) => {
  const end = start + settings.meetingMinutes * 60_000;
  return {
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(end).toISOString(),
    busy_until: new Date(end + settings.bufferMinutes * 60_000).toISOString(),
  };
};

function refusal(error: {
  code?: string;
  hint?: string | null;
}): 'taken' | 'already-booked' | BookingLimit | undefined {
  if (error.code === '23P01') return 'taken';
  if (error.code === '23505') return 'already-booked';
  return bookingLimit(error);
}

export async function bookMeeting(
  client: AppSupabaseClient,
  leadId: string,
  start: number,
  settings: BookingSettings,
  {
    clientAddress,
    visitorTimeZone,
  }: OnBehalfOfVisitor & {
    /** The zone the visitor chose the time in. */ visitorTimeZone?: string;
  } = {},
): Promise<BookingOutcome> {
  const { data, error, status } = await forwardedFor(
    client
      .from('meetings')
      .insert({
        consultation_id: leadId,
        ...times(start, settings),
        ...(visitorTimeZone ? { visitor_time_zone: visitorTimeZone } : {}),
      })
      .select('*')
      .single(),
    clientAddress,
  );
  if (error) return refusal(error) ?? Promise.reject(dataError(error, status));
  return meetingFromRow(data);
}

/** Moves an active meeting (SEQUENCE + 1); 'taken' when the new time is no longer free. */
export async function moveMeeting(
  client: AppSupabaseClient,
  meeting: Meeting,
  start: number,
  settings: BookingSettings,
  { clientAddress }: OnBehalfOfVisitor = {},
): Promise<Meeting | 'taken' | BookingLimit> {
  const { data, error, status } = await forwardedFor(
    client
      .from('meetings')
      .update({ ...times(start, settings), sequence: meeting.sequence + 1 })
      .eq('id', meeting.id)
      .eq('status', 'active')
      .select('*')
      .single(),
    clientAddress,
  );
  if (error) {
    if (error.code === '23P01') return 'taken';
    return bookingLimit(error) ?? Promise.reject(dataError(error, status));
  }
  return meetingFromRow(data);
}

export async function cancelMeeting(client: AppSupabaseClient, meeting: Meeting): Promise<Meeting> {
  const { data, error, status } = await client
    .from('meetings')
    .update({ status: 'cancelled', sequence: meeting.sequence + 1 })
    .eq('id', meeting.id)
    .eq('status', 'active')
    .select('*')
    .single();
  if (error) throw dataError(error, status);
  return meetingFromRow(data);
}
