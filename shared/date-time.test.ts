import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMeetingSpan,
  formatTime,
  formatTimeRange,
  formatWeekdayTime,
} from './date-time';

const stockholm = { timeZone: 'Europe/Stockholm' };
const en = { language: 'en', ...stockholm } as const;
const sv = { language: 'sv', ...stockholm } as const;

describe('formatDateTime', () => {
  it('writes an evening time on a 24-hour clock with the zone named, in English', () => {
    expect(formatDateTime('2026-11-26T19:28:00Z', en)).toBe('26 Nov 2026, 20:28 CET');
  });

  it('writes the same moment in Swedish', () => {
    expect(formatDateTime('2026-11-26T19:28:00Z', sv)).toBe('26 nov. 2026 20:28 CET');
  });

  it('names summer time in summer', () => {
    expect(formatDateTime('2026-06-21T08:05:00Z', en)).toBe('21 Jun 2026, 10:05 CEST');
  });

  it('writes the clock of the zone it is given, not the machine’s', () => {
    expect(
      formatDateTime('2026-11-26T19:28:00Z', { language: 'en', timeZone: 'America/New_York' }),
    ).toBe('26 Nov 2026, 14:28 GMT-5');
    expect(
      formatDateTime('2026-11-26T23:30:00Z', { language: 'sv', timeZone: 'Asia/Kolkata' }),
    ).toBe('27 nov. 2026 05:00 GMT+5:30');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatDateTime('2026-11-26T23:00:00Z', en)).toBe('27 Nov 2026, 00:00 CET');
  });

  it('gives back a value that names no moment as it came', () => {
    expect(formatDateTime('not a date', en)).toBe('not a date');
  });

  it('takes a Date and milliseconds as well as ISO text', () => {
    const at = Date.parse('2026-11-26T19:28:00Z');
    expect(formatDateTime(at, en)).toBe('26 Nov 2026, 20:28 CET');
    expect(formatDateTime(new Date(at), en)).toBe('26 Nov 2026, 20:28 CET');
  });
});

describe('the other forms', () => {
  it('writes a day in the zone: a late evening in UTC is already the next day in Stockholm', () => {
    expect(formatDate('2026-10-31T23:30:00Z', en)).toBe('1 Nov 2026');
    expect(formatDate('2026-10-31T23:30:00Z', sv)).toBe('1 nov. 2026');
  });

  it('writes a time of a named day with its zone', () => {
    expect(formatTime('2026-11-26T08:05:00Z', en)).toBe('09:05 CET');
    expect(formatTimeRange('2026-11-26T08:00:00Z', '2026-11-26T08:30:00Z', sv)).toBe(
      '09:00–09:30 CET',
    );
  });

  it('writes a time of the coming days with its weekday', () => {
    expect(formatWeekdayTime('2026-11-26T19:28:00Z', en)).toBe('Thu 26 Nov, 20:28 CET');
    expect(formatWeekdayTime('2026-11-26T19:28:00Z', sv)).toBe('tors 26 nov. 20:28 CET');
  });

  it('writes a meeting with its day, its span and its zone in either language', () => {
    const start = '2026-12-07T09:00:00Z';
    const end = '2026-12-07T09:30:00Z';
    expect(formatMeetingSpan(start, end, en)).toBe('Monday, 7 December 2026, 10:00–10:30 CET');
    expect(formatMeetingSpan(start, end, sv)).toBe('måndag 7 december 2026, 10:00–10:30 CET');
  });
});
