// Dates and times as the agency reads them, in the admin and in the mails: one form for both
// languages, 24-hour, in a named time zone, and the zone's name beside every time ("26 Nov 2026,
// 20:28 CET" / "26 nov. 2026 20:28 CET"). The admin (app/i18n/format.ts) and the lead and meeting
// mails (server/product/leads/) format through here, so a date reads the same on a screen and in
// a mail; lint refuses a stray Intl.DateTimeFormat or toLocale…String beside them.

export type DateLanguage = 'en' | 'sv';

/** British English writes day, month, year and a 24-hour clock; Swedish does so natively. */
const locales: Record<DateLanguage, string> = { en: 'en-GB', sv: 'sv-SE' };

const forms = {
  dateTime: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  longDate: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  weekdayTime: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  time: { hour: '2-digit', minute: '2-digit' },
  zonedTime: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Form = keyof typeof forms;

// Building a formatter costs far more than using one, and a list formats a date per row. The
// zones come from the settings (one or two in practice); the bound keeps a bad caller from
// growing the cache without end.
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 200;

function formatter(form: Form, language: DateLanguage, timeZone: string): Intl.DateTimeFormat {
  const key = `${form} ${language} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], {
      ...forms[form],
      hourCycle: 'h23',
      timeZone,
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** Where and in which words a moment is written. */
export interface DateStyle {
  language: DateLanguage;
  /** An IANA zone, as the booking's settings hold it: "Europe/Stockholm". */
  timeZone: string;
}

function moment(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats through one of the forms; a value that names no moment is given back as it came (a
 * mail or a screen then shows what is stored rather than "Invalid Date").
 */
function write(form: Form, value: string | number | Date, style: DateStyle): string {
  const date = moment(value);
  if (!date) return String(value);
  return formatter(form, style.language, style.timeZone).format(date);
}

/** "26 Nov 2026, 20:28 CET" / "26 nov. 2026 20:28 CET". */
export function formatDateTime(value: string | number | Date, style: DateStyle): string {
  return write('dateTime', value, style);
}

/** "26 Nov 2026" / "26 nov. 2026": a day, without a time. */
export function formatDate(value: string | number | Date, style: DateStyle): string {
  return write('date', value, style);
}

/** "Thursday 26 November 2026" / "torsdag 26 november 2026". */
export function formatLongDay(value: string | number | Date, style: DateStyle): string {
  return write('longDate', value, style);
}

/** "Thu 26 Nov, 20:28 CET" / "tors 26 nov. 20:28 CET": a time within the coming days. */
export function formatWeekdayTime(value: string | number | Date, style: DateStyle): string {
  return write('weekdayTime', value, style);
}

/** "20:28 CET": a time of a day already named. */
export function formatTime(value: string | number | Date, style: DateStyle): string {
  return write('zonedTime', value, style);
}

/** "10:00–10:30 CET": the zone is named once, after the end. */
export function formatTimeRange(
  start: string | number | Date,
  end: string | number | Date,
  style: DateStyle,
): string {
  return `${write('time', start, style)}–${write('zonedTime', end, style)}`;
}

/** "Thursday 26 November 2026, 10:00–10:30 CET": a meeting, as its mails name it. */
export function formatMeetingSpan(
  start: string | number | Date,
  end: string | number | Date,
  style: DateStyle,
): string {
  return `${formatLongDay(start, style)}, ${formatTimeRange(start, end, style)}`;
}
