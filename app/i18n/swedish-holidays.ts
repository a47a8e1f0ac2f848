// Sweden's public holidays (allmänna helgdagar, lag 1989:253) plus the eves that are days off in
// practice (midsummer, Christmas and New Year's eves), which the booking calendar keeps closed
// unless the agency opens them. Computed, not listed, so no year runs out.

export interface Holiday {
  /** YYYY-MM-DD */
  date: string;
  name: { en: string; sv: string };
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

function shifted(year: number, month: number, day: number, days: number): string {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

/** The Saturday (or, for midsummer eve, the Friday) in a window of dates. */
function weekdayBetween(year: number, month: number, from: number, weekday: number): string {
  for (let day = from; day < from + 7; day += 1) {
    if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() === weekday) {
      return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
    }
  }
  throw new Error('unreachable');
}

export function swedishHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fromEaster = (days: number) => shifted(year, easter.month, easter.day, days);
  const holidays: Holiday[] = [
    { date: iso(year, 1, 1), name: { en: 'New Year’s Day', sv: 'Nyårsdagen' } },
    { date: iso(year, 1, 6), name: { en: 'Epiphany', sv: 'Trettondedag jul' } },
    { date: fromEaster(-2), name: { en: 'Good Friday', sv: 'Långfredagen' } },
    { date: fromEaster(0), name: { en: 'Easter Sunday', sv: 'Påskdagen' } },
    { date: fromEaster(1), name: { en: 'Easter Monday', sv: 'Annandag påsk' } },
    { date: iso(year, 5, 1), name: { en: 'May Day', sv: 'Första maj' } },
    { date: fromEaster(39), name: { en: 'Ascension Day', sv: 'Kristi himmelsfärdsdag' } },
    { date: fromEaster(49), name: { en: 'Whit Sunday', sv: 'Pingstdagen' } },
    { date: iso(year, 6, 6), name: { en: 'National Day of Sweden', sv: 'Sveriges nationaldag' } },
    // Midsummer eve: the Friday between 19 and 25 June; midsummer day the Saturday after.
    { date: weekdayBetween(year, 6, 19, 5), name: { en: 'Midsummer Eve', sv: 'Midsommarafton' } },
    { date: weekdayBetween(year, 6, 20, 6), name: { en: 'Midsummer Day', sv: 'Midsommardagen' } },
    // All Saints' Day: the Saturday between 31 October and 6 November.
    {
      date: weekdayBetween(year, 10, 31, 6),
      name: { en: 'All Saints’ Day', sv: 'Alla helgons dag' },
    },
    { date: iso(year, 12, 24), name: { en: 'Christmas Eve', sv: 'Julafton' } },
    { date: iso(year, 12, 25), name: { en: 'Christmas Day', sv: 'Juldagen' } },
    { date: iso(year, 12, 26), name: { en: 'Boxing Day', sv: 'Annandag jul' } },
    { date: iso(year, 12, 31), name: { en: 'New Year’s Eve', sv: 'Nyårsafton' } },
  ];
  return holidays.sort((a, b) => a.date.localeCompare(b.date));
}
