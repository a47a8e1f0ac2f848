// Wall-clock times in a named time zone: the blog manager's date field is read and written in the
// agency's zone (saved in Availability, docs/decisions/0027), whatever zone the writer's browser
// is in, and the booking's slots are laid out in it. Every function takes the zone: none assumes
// one. Intl knows the zones' rules, so no library is needed: a wall time is turned into a moment
// by guessing with the zone's offset and checking the guess.

import { RecentlyUsed } from '#shared/recently-used.ts';

/**
 * Formatters by zone name. Each holds ICU's data outside V8's heap, so their number is bounded by
 * itself (about 28 kB each): far more zones than the agency and its visitors use at once.
 */
const KEPT_FORMATS = 100;
const partsFormats = new RecentlyUsed<string, Intl.DateTimeFormat>(KEPT_FORMATS);

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeOf(moment: Date, zone: string): WallTime {
  const parts = Object.fromEntries(
    partsFormat(zone)
      .formatToParts(moment)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at a moment, in milliseconds. */
export function offsetAt(ms: number, zone: string): number {
  const wall = wallTimeOf(new Date(ms), zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const two = (value: number) => String(value).padStart(2, '0');

/** A moment as a datetime-local control shows it in `zone`, to the minute; '' for none. */
export function zonedInputValue(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const wall = wallTimeOf(moment, zone);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The moment a datetime-local value names on the clocks of `zone`, or null if it names no time.
 * A time the clocks skip (spring's lost hour) is read as the same time after the change, an hour
 * later; a time they show twice (autumn) as its first, summer-time occurrence.
 */
export function momentFromZonedInput(value: string, zone: string): Date | null {
  const match = inputPattern.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, Number(match[6] ?? 0));
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  )
    return null;
  // The offsets just before and after: the earlier one names the first occurrence of a repeated
  // time, and a skipped time takes the offset in force before the change (so it lands after it).
  const before = offsetAt(wall - 12 * 3_600_000, zone);
  const after = offsetAt(wall + 12 * 3_600_000, zone);
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const moment = wall - offset;
    if (offsetAt(moment, zone) === offset) return new Date(moment);
  }
  return new Date(wall - before);
}

const shortNames = new RecentlyUsed<string, Intl.DateTimeFormat>(KEPT_FORMATS);

/** The zone's short name at a moment, as British English writes it: "CET", "CEST", "GMT-5". */
export function timeZoneAbbreviation(iso: string, zone: string): string {
  let format = shortNames.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' });
    shortNames.set(zone, format);
  }
  return format.formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')!.value;
}

/**
 * The zone as a writer reads it: its city and its winter and summer names, "Stockholm time
 * (CET/CEST)"; one name for a zone without summer time.
 */
export function timeZoneLabel(zone: string, year = 2026): string {
  const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  const names = [
    timeZoneAbbreviation(`${year}-01-15T12:00:00Z`, zone),
    timeZoneAbbreviation(`${year}-07-15T12:00:00Z`, zone),
  ];
  return `${city} time (${[...new Set(names)].join('/')})`;
}

/** The calendar day of a moment in the zone, YYYY-MM-DD. */
export function zonedDate(ms: number, zone: string): string {
  return new Date(ms + offsetAt(ms, zone)).toISOString().slice(0, 10);
}

/**
 * The moment a wall-clock time (YYYY-MM-DD, minutes after midnight) has in the zone, for the
 * booking's slots; undefined when the clocks skip it (no meeting in spring's lost
 * hour). A time shown twice (autumn) is its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, zone: string): number | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const before = offsetAt(wall - 12 * 3_600_000, zone);
  const after = offsetAt(wall + 12 * 3_600_000, zone);
  for (const offset of before === after
    ? [before]
    : [Math.max(before, after), Math.min(before, after)]) {
    const instant = wall - offset;
    if (offsetAt(instant, zone) === offset) return instant;
  }
  return undefined;
}
