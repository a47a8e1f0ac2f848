// Free slots as the visitor reads them, in the visitor's time zone: every day of the booking
// horizon by week (each with how many times it has, so a day without any shows as such), and the
// times of the one day chosen. Computed on the server, so the page works without JavaScript.
import type { Language } from '~/i18n/locale';
import type { Slot } from './slots';
import { zonedDate } from '~/i18n/zoned-time';

export interface SlotDay {
  /** YYYY-MM-DD in the visitor's zone. */
  date: string;
  /** "Monday 30 November" / "måndag 30 november". */
  label: string;
  slots: Array<{ start: string; time: string; label: string }>;
}

/** One day of the day chooser. */
export interface ChooserDay {
  /** YYYY-MM-DD in the visitor's zone. */
  date: string;
  /** "Mon" / "mån" */
  weekday: string;
  /** "30" */
  dayOfMonth: string;
  /** "Monday 30 November" / "måndag 30 november". */
  label: string;
  /** How many free times the day has. */
  times: number;
}

/** Monday to Sunday; a day outside the horizon is null. */
export interface ChooserWeek {
  /** The ISO week number. */
  week: number;
  /** "30 Nov – 6 Dec" / "30 nov.–6 dec." */
  range: string;
  days: Array<ChooserDay | null>;
}

export interface SlotCalendar {
  weeks: ChooserWeek[];
  /** The day whose times are shown: the one asked for when it has times, else the first that has. */
  day: SlotDay | null;
}

export const locales: Record<Language, string> = { en: 'en-GB', sv: 'sv-SE' };

const DAY_MS = 24 * 3600 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The zone's own name as this runtime writes it, or undefined when it knows no such zone. Intl reads
 * zone names in any case and offsets in several spellings (`europe/STOCKHOLM`, `+0100`): a name from
 * a visitor's URL goes on as its one canonical spelling (`Europe/Stockholm`, `+01:00`), so the
 * spellings of one zone are one zone for every cache keyed by it.
 */
export function canonicalTimeZone(zone: string | null | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Is `value` a day as the day chooser names it (YYYY-MM-DD)? */
export function isDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** "Central European Standard Time" / "centraleuropeisk normaltid" at that instant. */
export function zoneName(zone: string, language: Language, at: number): string {
  const part = new Intl.DateTimeFormat(locales[language], { timeZone: zone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** Noon UTC of a YYYY-MM-DD day: formatted in UTC it is that day whatever the formatter. */
const noonOf = (date: string) => Date.parse(`${date}T12:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The ISO week number of a YYYY-MM-DD day. */
export function isoWeek(date: string): number {
  const day = new Date(noonOf(date));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(day.getTime() + (3 - weekday) * DAY_MS);
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  const weekOne = firstThursday.getTime() - firstWeekday * DAY_MS;
  return Math.floor((thursday.getTime() - weekOne) / (7 * DAY_MS)) + 1;
}

/**
 * Every day from today (in `zone`) to the horizon's end, or to the last free time's day when a zone
 * east of the agency's puts it later, by week; and the chosen day's times.
 */
export function slotCalendar(
  slots: readonly Slot[],
  {
    zone,
    language,
    now,
    horizonDays,
    chosen,
  }: { zone: string; language: Language; now: number; horizonDays: number; chosen?: string | null },
): SlotCalendar {
  const locale = locales[language];
  const inUtc = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  const weekdayShort = inUtc({ weekday: 'short' });
  const dayLabel = inUtc({ weekday: 'long', day: 'numeric', month: 'long' });
  const shortDate = inUtc({ day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  });

  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = zonedDate(slot.start, zone);
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  const first = zonedDate(now, zone);
  let last = dateOf(noonOf(first) + (Math.max(horizonDays, 1) - 1) * DAY_MS);
  for (const date of byDate.keys()) if (date > last) last = date;

  const weeks: ChooserWeek[] = [];
  const firstWeekday = (new Date(noonOf(first)).getUTCDay() + 6) % 7;
  let monday = noonOf(first) - firstWeekday * DAY_MS;
  while (dateOf(monday) <= last) {
    const days = Array.from({ length: 7 }, (_, index): ChooserDay | null => {
      const noon = monday + index * DAY_MS;
      const date = dateOf(noon);
      if (date < first || date > last) return null;
      return {
        date,
        weekday: weekdayShort.format(noon),
        dayOfMonth: String(new Date(noon).getUTCDate()),
        label: dayLabel.format(noon),
        times: byDate.get(date)?.length ?? 0,
      };
    });
    weeks.push({
      week: isoWeek(dateOf(monday)),
      range: shortDate.formatRange(monday, monday + 6 * DAY_MS),
      days,
    });
    monday += 7 * DAY_MS;
  }

  const date = chosen && byDate.has(chosen) ? chosen : byDate.keys().next().value;
  if (date === undefined) return { weeks, day: null };
  const label = dayLabel.format(noonOf(date));
  return {
    weeks,
    day: {
      date,
      label,
      slots: byDate.get(date)!.map((slot) => {
        const shown = time.format(slot.start);
        return {
          start: new Date(slot.start).toISOString(),
          time: shown,
          label: `${label} ${shown}`,
        };
      }),
    },
  };
}

/** "Monday 30 November 2026, 09:00–09:30" in the zone, for the meeting page and mails. */
export function meetingWhen(start: number, end: number, zone: string, language: Language): string {
  const day = new Intl.DateTimeFormat(locales[language], {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const time = new Intl.DateTimeFormat(locales[language], {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${day}, ${time.format(start)}–${time.format(end)}`;
}
