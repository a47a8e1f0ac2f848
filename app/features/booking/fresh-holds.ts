// The days a visitor is not offered because fresh bookings already hold their share (decision 22):
// calls booked or moved within the last hour by leads the team has not acted on may hold at most a
// fifth of a day's opening hours, and at least one call. The database refuses a booking past that
// (supabase/migrations/20261126110000_limit_bookings_per_lead_address_and_day.sql); the same rule
// here keeps such days off the page, so a visitor is not offered a time that would be refused.
import { zonedDate } from '~/i18n/zoned-time';
import type { Availability, BusyTime, Weekday } from '~/data/availability';
import type { Slot } from './slots';

/** The share of a day's opening hours fresh bookings may hold, as the database counts it. */
export const FRESH_SHARE_OF_DAY = 0.2;

/** Minutes the agency is open on a calendar date, by its weekly hours. */
function openMinutes(availability: Availability, date: string): number {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() || 7) as Weekday;
  return (availability.weeklyHours[weekday] ?? []).reduce(
    (sum, hours) => sum + hours.end - hours.start,
    0,
  );
}

/** The free times without those on days whose fresh bookings leave no room for another call. */
export function withoutHeldDays(
  slots: readonly Slot[],
  availability: Availability,
  freshHolds: readonly BusyTime[],
): Slot[] {
  const held = new Map<string, number>();
  for (const hold of freshHolds) {
    const date = zonedDate(hold.start, availability.timeZone);
    held.set(date, (held.get(date) ?? 0) + (hold.end - hold.start) / 60_000);
  }
  const callMinutes = availability.meetingMinutes + availability.bufferMinutes;
  const full = new Set(
    [...held].flatMap(([date, minutes]) =>
      minutes + callMinutes > openMinutes(availability, date) * FRESH_SHARE_OF_DAY ? [date] : [],
    ),
  );
  return slots.filter((slot) => !full.has(zonedDate(slot.start, availability.timeZone)));
}
