// The free times a visitor may book (docs/decisions/0018), from the agency's availability and the
// meetings already booked. Pure: the server computes them for the thank-you step, and the
// database's exclusion constraint settles two visitors who choose the same one at the same moment.
import { swedishHolidays } from '~/i18n/swedish-holidays';
import { offsetAt, zonedDate, zonedInstant } from '~/i18n/zoned-time';
import type { Availability, BusyTime, Weekday } from '~/data/availability';

export interface Slot {
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

const MINUTE = 60_000;

/** The weekday of a calendar date. */
function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * Wall-clock minutes of one day to instants. Most days have one offset all day: read it twice,
 * not per slot (Intl is the slow part); a day the clocks change goes slot by slot.
 */
function instantsOf(date: string, timeZone: string): (minutes: number) => number | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, day);
  const morning = offsetAt(midnight - 14 * 3_600_000, timeZone);
  const night = offsetAt(midnight + 38 * 3_600_000, timeZone);
  if (morning === night) return (minutes) => midnight + minutes * MINUTE - morning;
  return (minutes) => zonedInstant(date, minutes, timeZone);
}

/** Holidays closed in the years a horizon spans. */
function closedHolidays(from: string, days: number, opened: readonly string[]): Set<string> {
  const first = Number(from.slice(0, 4));
  const closed = new Set<string>();
  for (let year = first; year <= first + Math.ceil(days / 365) + 1; year += 1) {
    for (const holiday of swedishHolidays(year)) {
      if (!opened.includes(holiday.date)) closed.add(holiday.date);
    }
  }
  return closed;
}

/**
 * Every free slot from now to the end of the horizon, in time order. `busy` need not be sorted.
 * A slot is free when it, with its buffer after it, overlaps no booked meeting's busy time (which
 * holds that meeting's buffer): the exclusion constraint's rule, so a buffer lies between any two.
 */
export function freeSlots(
  availability: Availability,
  busy: readonly BusyTime[],
  now: number,
): Slot[] {
  const { timeZone, meetingMinutes, bufferMinutes } = availability;
  const length = meetingMinutes * MINUTE;
  const buffer = bufferMinutes * MINUTE;
  const earliest = now + availability.minimumNoticeMinutes * MINUTE;
  const blocked = new Set(availability.blockedDates);
  const today = zonedDate(now, timeZone);
  const holidays = closedHolidays(today, availability.horizonDays, availability.openedHolidays);
  const taken = [...busy].sort((a, b) => a.start - b.start);
  const slots: Slot[] = [];
  let first = 0; // the first booked meeting that may still overlap a later slot

  let date = today;
  for (let day = 0; day < availability.horizonDays; day += 1, date = nextDate(date)) {
    if (blocked.has(date) || holidays.has(date)) continue;
    const opening = [...(availability.weeklyHours[weekdayOf(date)] ?? [])].sort(
      (a, b) => a.start - b.start,
    );
    const instantOf = instantsOf(date, timeZone);
    for (const hours of opening) {
      for (
        let minute = hours.start;
        minute + meetingMinutes <= hours.end;
        minute += meetingMinutes
      ) {
        const start = instantOf(minute);
        if (start === undefined || start < earliest) continue;
        const end = start + length;
        // As meetings_no_overlap decides: this slot would keep [start, end + buffer) busy.
        while (first < taken.length && taken[first]!.end <= start) first += 1;
        let free = true;
        for (let i = first; i < taken.length && taken[i]!.start < end + buffer; i += 1) {
          if (taken[i]!.end > start) {
            free = false;
            break;
          }
        }
        if (free) slots.push({ start, end });
      }
    }
  }
  return slots;
}
