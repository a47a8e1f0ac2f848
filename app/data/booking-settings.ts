// The agency's availability for booked calls (docs/decisions/0018), read and saved by an
// administrator in /admin/availability. The rules below are the form's; the table's checks and
// trigger (supabase/migrations/20261125170000_create_booking_settings.sql) are the same, so a
// hand-made request is refused too.
import type { Database } from './database.types';
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

type Row = Database['public']['Tables']['booking_settings']['Row'];

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type WeekdayNumber = (typeof WEEKDAYS)[number];

/** Opening hours as the form edits them: "09:00" to "17:00". */
export interface HoursInput {
  start: string;
  end: string;
}

export interface AvailabilityInput {
  timeZone: string;
  weeklyHours: Record<WeekdayNumber, HoursInput[]>;
  meetingMinutes: string;
  bufferMinutes: string;
  minimumNoticeHours: string;
  horizonDays: string;
  /** One date per line, YYYY-MM-DD. */
  blockedDates: string;
  openedHolidays: string[];
  meetingLink: string;
}

export interface SavedAvailability extends AvailabilityInput {
  calendarFeedToken: string;
}

export type AvailabilityProblems = Partial<
  Record<keyof AvailabilityInput | `hours-${number}`, string>
>;

const columns =
  'time_zone, weekly_hours, meeting_minutes, buffer_minutes, minimum_notice_minutes, horizon_days, blocked_dates, opened_holidays, meeting_link, calendar_feed_token';

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (value: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
};

function inputFromRow(row: Pick<Row, Exclude<keyof Row, 'id' | 'updated_at'>>): SavedAvailability {
  const hours = row.weekly_hours as Record<string, Array<{ start: number; end: number }>>;
  return {
    timeZone: row.time_zone,
    weeklyHours: Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        (hours[String(day)] ?? []).map((h) => ({
          start: clock(h.start),
          end: clock(h.end === 1440 ? 1440 : h.end),
        })),
      ]),
    ) as Record<WeekdayNumber, HoursInput[]>,
    meetingMinutes: String(row.meeting_minutes),
    bufferMinutes: String(row.buffer_minutes),
    minimumNoticeHours: String(row.minimum_notice_minutes / 60),
    horizonDays: String(row.horizon_days),
    blockedDates: row.blocked_dates.join('\n'),
    openedHolidays: row.opened_holidays,
    meetingLink: row.meeting_link ?? '',
    calendarFeedToken: row.calendar_feed_token,
  };
}

/** The saved availability, or null while the defaults are in use. */
export async function getAvailability(
  client: AppSupabaseClient,
): Promise<SavedAvailability | null> {
  const { data, error, status } = await client
    .from('booking_settings')
    .select(columns)
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data ? inputFromRow(data) : null;
}

function whole(value: string, min: number, max: number): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** What is wrong with the form, field by field; empty when it can be saved. */
export function validateAvailability(input: AvailabilityInput): AvailabilityProblems {
  const problems: AvailabilityProblems = {};
  if (!isKnownTimeZone(input.timeZone)) problems.timeZone = 'Choose a time zone from the list.';
  for (const day of WEEKDAYS) {
    let previousEnd = -1;
    const sorted = [...input.weeklyHours[day]].sort(
      (a, b) => minutesOf(a.start) - minutesOf(b.start),
    );
    for (const hours of sorted) {
      const start = minutesOf(hours.start);
      const end = hours.end === '24:00' ? 1440 : minutesOf(hours.end);
      if (Number.isNaN(start) || Number.isNaN(end) || start >= end) {
        problems[`hours-${day}`] = 'Each opening must start before it ends.';
      } else if (start < previousEnd) {
        problems[`hours-${day}`] = 'Openings on one day must not overlap.';
      }
      previousEnd = Math.max(previousEnd, end);
    }
  }
  if (whole(input.meetingMinutes, 10, 240) === undefined)
    problems.meetingMinutes = 'A meeting lasts 10 to 240 minutes.';
  if (whole(input.bufferMinutes, 0, 240) === undefined)
    problems.bufferMinutes = 'The buffer is 0 to 240 minutes.';
  if (whole(input.minimumNoticeHours, 0, 720) === undefined)
    problems.minimumNoticeHours = 'The notice is 0 to 720 hours.';
  if (whole(input.horizonDays, 1, 365) === undefined || !/^\d+$/.test(input.horizonDays.trim()))
    problems.horizonDays = 'Bookings open 1 to 365 days ahead.';
  const dates = blockedDateList(input.blockedDates);
  const wrong = dates.find(
    (date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)),
  );
  if (wrong) problems.blockedDates = `“${wrong}” is not a date like 2026-12-24.`;
  const link = input.meetingLink.trim();
  if (link && !/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(link))
    problems.meetingLink = 'Give the full https:// address of the meeting room, or leave it empty.';
  return problems;
}

function blockedDateList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((date) => date.trim())
    .filter(Boolean);
}

function rowFromInput(input: AvailabilityInput) {
  return {
    time_zone: input.timeZone,
    weekly_hours: Object.fromEntries(
      WEEKDAYS.map((day) => [
        String(day),
        input.weeklyHours[day]
          .map((h) => ({
            start: minutesOf(h.start),
            end: h.end === '24:00' ? 1440 : minutesOf(h.end),
          }))
          .sort((a, b) => a.start - b.start),
      ]),
    ),
    meeting_minutes: Number(input.meetingMinutes),
    buffer_minutes: Number(input.bufferMinutes),
    minimum_notice_minutes: Math.round(Number(input.minimumNoticeHours) * 60),
    horizon_days: Number(input.horizonDays),
    blocked_dates: [...new Set(blockedDateList(input.blockedDates))].sort(),
    opened_holidays: [...new Set(input.openedHolidays)].sort(),
    meeting_link: input.meetingLink.trim() || null,
  };
}

export async function saveAvailability(
  client: AppSupabaseClient,
  input: AvailabilityInput,
): Promise<SavedAvailability> {
  const { data, error, status } = await client
    .from('booking_settings')
    .upsert({ id: true, ...rowFromInput(input) })
    .select(columns)
    .single();
  if (error) throw dataError(error, status);
  return inputFromRow(data);
}

/** A new secret for the calendar feed: the old address stops working. */
export async function regenerateCalendarFeed(
  client: AppSupabaseClient,
): Promise<SavedAvailability> {
  const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const { data, error, status } = await client
    .from('booking_settings')
    // Only the secret changes; without a saved row, the defaults are saved with it.
    .upsert({ id: true, calendar_feed_token: token })
    .select(columns)
    .single();
  if (error) throw dataError(error, status);
  return inputFromRow(data);
}
