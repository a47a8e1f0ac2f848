// The booking's data (docs/decisions/0018), read and written by the site's server with the service
// key: visitors never reach meetings or the booking settings through the API. The database decides
// who gets a time (meetings_no_overlap) and that a lead has one active meeting at most, and it
// bounds how often a lead, an address and a burst of fresh leads may book (decision 22): the server
// forwards the visitor's address with each booking so the address is counted.
import type { Availability, BusyTime, Weekday } from './availability';
import type { Database } from './database.types';
import { dataError } from './errors';
import { forwardedFor, type OnBehalfOfVisitor } from './forwarded-for';
import { getServiceSupabase } from './service-client.server';
import type { AppSupabaseClient } from './supabase';

type SettingsRow = Database['public']['Tables']['booking_settings']['Row'];
type MeetingRow = Database['public']['Tables']['meetings']['Row'];

/** The agency's availability and what a booked visitor is told. */
export interface BookingSettings extends Availability {
  meetingLink: string | null;
}

/** supabase/migrations/20261125170000_create_booking_settings.sql's defaults: until saved. */
export const defaultBookingSettings: BookingSettings = {
  timeZone: 'Europe/Stockholm',
  weeklyHours: Object.fromEntries(
    ([1, 2, 3, 4, 5] as Weekday[]).map((day) => [day, [{ start: 540, end: 1020 }]]),
  ),
  meetingMinutes: 30,
  bufferMinutes: 15,
  minimumNoticeMinutes: 240,
  horizonDays: 21,
  blockedDates: [],
  openedHolidays: [],
  meetingLink: null,
};

export interface Meeting {
  id: string;
  leadId: string;
  start: number;
  end: number;
  status: 'active' | 'cancelled';
  sequence: number;
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

function settingsFromRow(row: SettingsRow): BookingSettings {
  const hours = row.weekly_hours as Record<string, Array<{ start: number; end: number }>>;
  return {
    timeZone: row.time_zone,
    weeklyHours: Object.fromEntries(
      Object.entries(hours).map(([day, list]) => [Number(day), list]),
    ),
    meetingMinutes: row.meeting_minutes,
    bufferMinutes: row.buffer_minutes,
    minimumNoticeMinutes: row.minimum_notice_minutes,
    horizonDays: row.horizon_days,
    blockedDates: row.blocked_dates,
    openedHolidays: row.opened_holidays,
    meetingLink: row.meeting_link,
  };
}

export async function loadBookingSettings(client: AppSupabaseClient): Promise<BookingSettings> {
  const { data, error, status } = await client.from('booking_settings').select('*').maybeSingle();
  if (error) throw dataError(error, status);
  return data ? settingsFromRow(data) : defaultBookingSettings;
}

export function meetingFromRow(row: MeetingRow): Meeting {
  return {
    id: row.id,
    leadId: row.consultation_id,
    start: Date.parse(row.starts_at),
    end: Date.parse(row.ends_at),
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
    sequence: row.sequence,
  };
}

/** Active meetings that keep any time between `from` and `to` busy. */
export async function listBusyTimes(
  client: AppSupabaseClient,
  from: number,
  to: number,
): Promise<BusyTime[]> {
  const { data, error, status } = await client
    .from('meetings')
    .select('starts_at, busy_until')
    .eq('status', 'active')
    .lt('starts_at', new Date(to).toISOString())
    .gt('busy_until', new Date(from).toISOString());
  if (error) throw dataError(error, status);
  return data.map((row) => ({ start: Date.parse(row.starts_at), end: Date.parse(row.busy_until) }));
}

/**
 * The times held by fresh bookings between `from` and `to`: active calls booked or moved within
 * the hour before `now` by leads no team member has acted on, as the database's bound on a day's
 * share counts them (decision 22).
 */
export async function listFreshHolds(
  client: AppSupabaseClient,
  from: number,
  to: number,
  now: number,
): Promise<BusyTime[]> {
  const meetings = await client
    .from('meetings')
    .select('consultation_id, starts_at, busy_until')
    .eq('status', 'active')
    .gt('updated_at', new Date(now - 3600_000).toISOString())
    .gte('starts_at', new Date(from).toISOString())
    .lt('starts_at', new Date(to).toISOString());
  if (meetings.error) throw dataError(meetings.error, meetings.status);
  const ids = [...new Set(meetings.data.map((row) => row.consultation_id))];
  if (ids.length === 0) return [];
  const acted = await client
    .from('lead_events')
    .select('consultation_id')
    .in('consultation_id', ids)
    .not('author_id', 'is', null);
  if (acted.error) throw dataError(acted.error, acted.status);
  const confirmed = new Set(acted.data.map((row) => row.consultation_id));
  return meetings.data
    .filter((row) => !confirmed.has(row.consultation_id))
    .map((row) => ({ start: Date.parse(row.starts_at), end: Date.parse(row.busy_until) }));
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

/**
 * A bound the database keeps on booking (PT429, its hint naming which): the lead booked or moved
 * its call too often, the address booked too many calls today, or fresh leads hold the day's share.
 */
export type BookingLimit = 'lead-limit' | 'address-limit' | 'day-full';

const limitOfHint: Record<string, BookingLimit> = {
  meetings_per_lead: 'lead-limit',
  meetings_per_address: 'address-limit',
  meetings_share_of_day: 'day-full',
};

function bookingLimit(error: { code?: string; hint?: string | null }): BookingLimit | undefined {
  return error.code === 'PT429' ? limitOfHint[error.hint ?? ''] : undefined;
}

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
  { clientAddress }: OnBehalfOfVisitor = {},
): Promise<BookingOutcome> {
  const { data, error, status } = await forwardedFor(
    client
      .from('meetings')
      .insert({ consultation_id: leadId, ...times(start, settings) })
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
