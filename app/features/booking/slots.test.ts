import { describe, expect, it } from 'vitest';
import type { Availability } from '~/data/availability';
import { freeSlots } from './slots';
import { easterSunday, swedishHolidays } from '~/i18n/swedish-holidays';
import { zonedDate, zonedInstant } from '~/i18n/zoned-time';

const ZONE = 'Europe/Stockholm';
const at = (iso: string) => Date.parse(iso);
/** A slot as Stockholm's clock shows it: "2026-11-30 09:00". */
const local = (instant: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(instant);

const weekdays = { start: 9 * 60, end: 12 * 60 };
const availability: Availability = {
  timeZone: ZONE,
  weeklyHours: { 1: [weekdays], 2: [weekdays], 3: [weekdays], 4: [weekdays], 5: [weekdays] },
  meetingMinutes: 60,
  bufferMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 7,
  blockedDates: [],
  openedHolidays: [],
};

describe('freeSlots', () => {
  // Monday 30 November 2026, 07:00 in Stockholm.
  const monday = at('2026-11-30T06:00:00Z');

  it('offers each opening hour of the weekdays in the horizon, in the agency’s time', () => {
    const slots = freeSlots(availability, [], monday);
    expect(slots.slice(0, 4).map((slot) => local(slot.start))).toEqual([
      '2026-11-30 09:00',
      '2026-11-30 10:00',
      '2026-11-30 11:00',
      '2026-12-01 09:00',
    ]);
    // Five weekdays of three hours; Saturday and Sunday closed.
    expect(slots).toHaveLength(15);
    expect(slots.every((slot) => slot.end - slot.start === 3_600_000)).toBe(true);
  });

  it('keeps the minimum notice, the buffer around meetings and the blocked dates', () => {
    const slots = freeSlots(
      {
        ...availability,
        minimumNoticeMinutes: 3 * 60, // from 10:00
        bufferMinutes: 15,
        blockedDates: ['2026-12-02'],
      },
      // Tuesday 10:00-11:00 is booked, busy until 11:15: 09:00 (busy until 10:15) and 11:00 touch it.
      [{ start: at('2026-12-01T09:00:00Z'), end: at('2026-12-01T10:15:00Z') }],
      monday,
    );
    const shown = slots.map((slot) => local(slot.start));
    expect(shown.slice(0, 2)).toEqual(['2026-11-30 10:00', '2026-11-30 11:00']);
    expect(shown.filter((slot) => slot.startsWith('2026-12-01'))).toEqual([]);
    expect(shown.filter((slot) => slot.startsWith('2026-12-02'))).toEqual([]);
    expect(shown).toContain('2026-12-03 09:00');
  });

  it('steps by the meeting length and keeps a meeting inside the opening hours', () => {
    const slots = freeSlots(
      {
        ...availability,
        meetingMinutes: 45,
        horizonDays: 1,
        weeklyHours: { 1: [{ start: 9 * 60, end: 12 * 60 + 30 }] },
      },
      [],
      monday,
    );
    expect(slots.map((slot) => local(slot.start))).toEqual([
      '2026-11-30 09:00',
      '2026-11-30 09:45',
      '2026-11-30 10:30',
      '2026-11-30 11:15',
    ]);
  });

  it('closes Swedish public holidays unless the agency opens them', () => {
    // Christmas week 2026: Thursday 24th, Friday 25th closed; Monday 28th open.
    const christmas = at('2026-12-21T06:00:00Z');
    const days = (opened: string[]) =>
      new Set(
        freeSlots({ ...availability, horizonDays: 10, openedHolidays: opened }, [], christmas).map(
          (slot) => zonedDate(slot.start, ZONE),
        ),
      );
    expect([...days([])]).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
    ]);
    expect(days(['2026-12-24']).has('2026-12-24')).toBe(true);
  });

  it('follows the clock across the daylight-saving changes', () => {
    const sundayHours = { 7: [{ start: 0, end: 6 * 60 }] };
    // 29 March 2026: 02:00 jumps to 03:00, so 02:00 does not exist; the others are an hour apart.
    const spring = freeSlots(
      { ...availability, weeklyHours: sundayHours, horizonDays: 1 },
      [],
      at('2026-03-28T23:00:00Z'),
    );
    expect(spring.map((slot) => local(slot.start))).toEqual([
      '2026-03-29 00:00',
      '2026-03-29 01:00',
      '2026-03-29 03:00',
      '2026-03-29 04:00',
      '2026-03-29 05:00',
    ]);
    expect(new Date(spring[2]!.start).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 goes back to 02:00; 02:00 is taken at its first occurrence.
    const autumn = freeSlots(
      { ...availability, weeklyHours: sundayHours, horizonDays: 1 },
      [],
      at('2026-10-24T22:00:00Z'),
    );
    expect(autumn.map((slot) => new Date(slot.start).toISOString())).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
      '2026-10-25T04:00:00.000Z',
    ]);
  });
});

describe('zonedInstant', () => {
  it('turns Stockholm’s wall clock into UTC in winter and summer, and refuses the skipped hour', () => {
    expect(zonedInstant('2026-01-15', 9 * 60, ZONE)).toBe(at('2026-01-15T08:00:00Z'));
    expect(zonedInstant('2026-07-15', 9 * 60, ZONE)).toBe(at('2026-07-15T07:00:00Z'));
    expect(zonedInstant('2026-03-29', 2 * 60 + 30, ZONE)).toBeUndefined();
    expect(zonedInstant('2026-03-29', 9 * 60, 'America/New_York')).toBe(at('2026-03-29T13:00:00Z'));
  });
});

describe('swedishHolidays', () => {
  it('computes Easter and the moving holidays', () => {
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    const names = Object.fromEntries(
      swedishHolidays(2026).map((holiday) => [holiday.name.sv, holiday.date]),
    );
    expect(names).toMatchObject({
      Långfredagen: '2026-04-03',
      'Annandag påsk': '2026-04-06',
      'Kristi himmelsfärdsdag': '2026-05-14',
      Midsommarafton: '2026-06-19',
      Midsommardagen: '2026-06-20',
      'Alla helgons dag': '2026-10-31',
      'Sveriges nationaldag': '2026-06-06',
    });
    expect(swedishHolidays(2027).find((h) => h.name.sv === 'Alla helgons dag')?.date).toBe(
      '2027-11-06',
    );
  });
});
