// The booking's calendar as any caller with the right to read it sees it: the agency's
// availability (booking_settings, or its defaults until saved), the times booked calls keep busy,
// and the times fresh bookings hold (decision 22). The site's server reads it with the service key
// to offer a visitor free times (meetings.server.ts); an administrator's browser reads it with
// their own session to move a lead's call (app/features/booking/availability-call-times.ts).
import type { Availability, BusyTime, Weekday } from './availability';
import type { Database } from './database.types';
import { dataError } from './errors';
import { readEveryPage, readEveryPageForIds } from './every-page';
import type { AppSupabaseClient } from './supabase';

type SettingsRow = Database['public']['Tables']['booking_settings']['Row'];

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

/** Active meetings that keep any time between `from` and `to` busy. */
export async function listBusyTimes(
  client: AppSupabaseClient,
  from: number,
  to: number,
): Promise<BusyTime[]> {
  // Paged: short calls over weeks of round-the-clock hours can pass max_rows.
  const rows = await readEveryPage((first, last) =>
    client
      .from('meetings')
      .select('starts_at, busy_until', { count: 'exact' })
      .eq('status', 'active')
      .lt('starts_at', new Date(to).toISOString())
      .gt('busy_until', new Date(from).toISOString())
      .order('starts_at')
      .order('id')
      .range(first, last),
  );
  return rows.map((row) => ({ start: Date.parse(row.starts_at), end: Date.parse(row.busy_until) }));
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
  const meetings = await readEveryPage((first, last) =>
    client
      .from('meetings')
      .select('consultation_id, starts_at, busy_until', { count: 'exact' })
      .eq('status', 'active')
      .gt('updated_at', new Date(now - 3600_000).toISOString())
      .gte('starts_at', new Date(from).toISOString())
      .lt('starts_at', new Date(to).toISOString())
      .order('starts_at')
      .order('id')
      .range(first, last),
  );
  const ids = meetings.map((row) => row.consultation_id);
  if (ids.length === 0) return [];
  const acted = await readEveryPageForIds(ids, (chunk, first, last) =>
    client
      .from('lead_events')
      .select('consultation_id', { count: 'exact' })
      .in('consultation_id', chunk)
      .not('author_id', 'is', null)
      .order('id')
      .range(first, last),
  );
  const confirmed = new Set(acted.map((row) => row.consultation_id));
  return meetings
    .filter((row) => !confirmed.has(row.consultation_id))
    .map((row) => ({ start: Date.parse(row.starts_at), end: Date.parse(row.busy_until) }));
}
