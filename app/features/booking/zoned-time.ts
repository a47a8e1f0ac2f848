// Wall-clock times in a time zone to instants and back, with Intl only (no date library in the
// browser or the server). Daylight saving: a time that does not exist (the hour skipped in
// spring) has no instant; a time that exists twice (the hour repeated in autumn) takes the first.

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (Stockholm in winter: +3,600,000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar day of an instant in the zone, YYYY-MM-DD. */
export function zonedDate(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time (YYYY-MM-DD, minutes after midnight) has in the zone; undefined
 * when the clock skips it.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): number | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // The offset a few hours either side of the wall time: where they differ, a change is near.
  const before = zoneOffsetMs(wall - 12 * 3_600_000, timeZone);
  const after = zoneOffsetMs(wall + 12 * 3_600_000, timeZone);
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = wall - offset;
    if (zoneOffsetMs(instant, timeZone) === offset) return instant;
  }
  return undefined;
}
