import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isDate, isoWeek, slotCalendar } from './slot-days';
import { zoneChoices, zoneCity } from './zone-choices';

const at = (iso: string) => Date.parse(iso);
/** A 30-minute slot starting then. */
const slot = (iso: string) => ({ start: at(iso), end: at(iso) + 30 * 60_000 });

// Wednesday 2 December 2026, 08:00 in Stockholm; 21 days ahead end on Tuesday 22 December.
const now = at('2026-12-02T07:00:00Z');
const slots = [
  slot('2026-12-02T13:00:00Z'),
  slot('2026-12-02T13:30:00Z'),
  slot('2026-12-07T08:00:00Z'),
  slot('2026-12-22T15:30:00Z'),
];

describe('slotCalendar', () => {
  it('lists every day of the horizon by week, Monday first, with how many times each has', () => {
    const { weeks } = slotCalendar(slots, {
      zone: 'Europe/Stockholm',
      language: 'en',
      now,
      horizonDays: 21,
    });
    expect(weeks.map((week) => week.week)).toEqual([49, 50, 51, 52]);
    expect(weeks[0]!.range).toMatch(/^30 Nov\s–\s6 Dec$/);
    // The first week starts on Wednesday: Monday and Tuesday are before the horizon.
    expect(weeks[0]!.days.slice(0, 2)).toEqual([null, null]);
    const days = weeks.flatMap((week) => week.days).filter((day) => day !== null);
    expect(days).toHaveLength(21);
    expect(days[0]).toEqual({
      date: '2026-12-02',
      weekday: 'Wed',
      dayOfMonth: '2',
      label: 'Wednesday 2 December',
      times: 2,
    });
    expect(days.filter((day) => day.times > 0).map((day) => day.date)).toEqual([
      '2026-12-02',
      '2026-12-07',
      '2026-12-22',
    ]);
    expect(days.at(-1)!.date).toBe('2026-12-22');
  });

  it('shows the first day with times, or the one asked for, with its times in the zone', () => {
    const options = { zone: 'Europe/Stockholm', language: 'sv' as const, now, horizonDays: 21 };
    const first = slotCalendar(slots, options).day!;
    expect(first.date).toBe('2026-12-02');
    expect(first.label).toBe('onsdag 2 december');
    expect(first.slots.map((s) => s.time)).toEqual(['14:00', '14:30']);
    expect(slotCalendar(slots, { ...options, chosen: '2026-12-22' }).day!.slots).toEqual([
      { start: '2026-12-22T15:30:00.000Z', time: '16:30', label: 'tisdag 22 december 16:30' },
    ]);
    // A day without times, or not in the horizon, shows the first day that has some.
    expect(slotCalendar(slots, { ...options, chosen: '2026-12-05' }).day!.date).toBe('2026-12-02');
    expect(slotCalendar(slots, { ...options, chosen: '2027-06-01' }).day!.date).toBe('2026-12-02');
    expect(slotCalendar([], options).day).toBeNull();
  });

  it('extends the days to the last time when a zone east of the agency’s puts it on a later day', () => {
    const { weeks, day } = slotCalendar(slots, {
      zone: 'Pacific/Auckland',
      language: 'en',
      now,
      horizonDays: 21,
      chosen: '2026-12-23',
    });
    const days = weeks.flatMap((week) => week.days).filter((d) => d !== null);
    // 16:30 in Stockholm on the 22nd is 04:30 on the 23rd in Auckland.
    expect(days.at(-1)).toMatchObject({ date: '2026-12-23', times: 1 });
    expect(day!.slots[0]!.time).toBe('04:30');
  });
});

describe('day and week helpers', () => {
  it('reads only a YYYY-MM-DD day', () => {
    expect(isDate('2026-12-02')).toBe(true);
    for (const bad of ['2026-13-40', '2026-12-2', 'tomorrow', '', null, '2026-12-02T00:00'])
      expect(isDate(bad)).toBe(false);
  });

  it('numbers weeks as ISO 8601 does', () => {
    expect(isoWeek('2026-11-30')).toBe(49);
    expect(isoWeek('2026-12-31')).toBe(53);
    expect(isoWeek('2027-01-03')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
  });
});

describe('canonicalTimeZone', () => {
  it('answers one spelling of each zone a visitor may write, and none for what is not a zone', () => {
    expect(canonicalTimeZone('Europe/Stockholm')).toBe('Europe/Stockholm');
    expect(canonicalTimeZone('eUrOpE/sToCkHoLm')).toBe('Europe/Stockholm');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('+0100')).toBe('+01:00');
    expect(canonicalTimeZone('+01:00')).toBe('+01:00');
    for (const odd of [null, undefined, '', 'Nowhere/Else', `Europe/${'x'.repeat(64)}`])
      expect(canonicalTimeZone(odd)).toBeUndefined();
  });
});

describe('zoneChoices', () => {
  it('offers the zone shown and the agency’s first, then every other zone once, by region', () => {
    const choices = zoneChoices('America/New_York', 'Europe/Stockholm', 'sv', now);
    expect(choices.likely.slice(0, 2)).toEqual([
      { zone: 'America/New_York', label: 'New York (UTC−05:00)' },
      { zone: 'Europe/Stockholm', label: 'Stockholm (UTC+01:00)' },
    ]);
    const regions = choices.regions.map((group) => group.region);
    expect(regions).toContain('Europa');
    expect(regions).toContain('Amerika');
    const all = [...choices.likely, ...choices.regions.flatMap((group) => group.zones)];
    expect(new Set(all.map((option) => option.zone)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(Intl.supportedValuesOf('timeZone').length);
    const europe = choices.regions.find((group) => group.region === 'Europa')!.zones;
    expect(europe.map((option) => option.zone)).not.toContain('Europe/Stockholm');
    expect(europe.find((option) => option.zone === 'Europe/Paris')?.label).toBe(
      'Paris (UTC+01:00)',
    );
  });

  it('names a zone by its city', () => {
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('UTC')).toBe('UTC');
  });
});
