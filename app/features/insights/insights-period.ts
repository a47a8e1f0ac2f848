// The period an insights view covers: the address's ?from=YYYY-MM-DD&to=YYYY-MM-DD when both are
// days in order, else the last 30 days, counted in the agency's time zone.
import type { InsightsPeriod } from '~/data/insights';
import { zonedDate } from '~/i18n/zoned-time';

/** A day as YYYY-MM-DD. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the agency's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return zonedDate(now.getTime(), timeZone);
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to today. */
export function lastDays(days: number, today: string): InsightsPeriod {
  return { start: daysBefore(today, days - 1), end: today };
}

/** The period the address asks for, else the last 30 days. */
export function periodFromSearch(search: URLSearchParams, today: string): InsightsPeriod {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { start: from, end: to };
  return lastDays(30, today);
}
