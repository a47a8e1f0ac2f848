import { describe, expect, it } from 'vitest';
import {
  momentFromZonedInput,
  timeZoneAbbreviation,
  timeZoneLabel,
  zonedInputValue,
} from './zoned-time';

const stockholm = 'Europe/Stockholm';
const newYork = 'America/New_York';

describe('a datetime-local value in the agency’s zone', () => {
  it('shows a moment on Stockholm’s clocks, whatever zone runs the code', () => {
    expect(zonedInputValue('2026-11-21T08:05:59Z', stockholm)).toBe('2026-11-21T09:05');
    expect(zonedInputValue('2026-07-01T22:30:00Z', stockholm)).toBe('2026-07-02T00:30');
    expect(zonedInputValue('2026-11-21T08:05:00Z', newYork)).toBe('2026-11-21T03:05');
    expect(zonedInputValue(null, stockholm)).toBe('');
    expect(zonedInputValue('not a date', stockholm)).toBe('');
  });

  it('reads a wall time as the moment it names in winter and in summer', () => {
    expect(momentFromZonedInput('2026-11-21T09:05', stockholm)?.toISOString()).toBe(
      '2026-11-21T08:05:00.000Z',
    );
    expect(momentFromZonedInput('2026-07-02T00:30', stockholm)?.toISOString()).toBe(
      '2026-07-01T22:30:00.000Z',
    );
    expect(momentFromZonedInput('2026-11-21T03:05', newYork)?.toISOString()).toBe(
      '2026-11-21T08:05:00.000Z',
    );
  });

  it('reads the days either side of the daylight-saving changes', () => {
    // Sweden moves to summer time on 29 March 2026 at 02:00 and back on 25 October at 03:00.
    expect(momentFromZonedInput('2026-03-28T09:00', stockholm)?.toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(momentFromZonedInput('2026-03-29T09:00', stockholm)?.toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(momentFromZonedInput('2026-10-25T09:00', stockholm)?.toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
  });

  it('reads the hour the clocks skip as the hour after, and the repeated hour as its first', () => {
    expect(momentFromZonedInput('2026-03-29T02:30', stockholm)?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(momentFromZonedInput('2026-10-25T02:30', stockholm)?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // New York moves on 8 March 2026 at 02:00 and back on 1 November at 02:00.
    expect(momentFromZonedInput('2026-03-08T02:30', newYork)?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(momentFromZonedInput('2026-11-01T01:30', newYork)?.toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('gives back what it reads, every minute around a change', () => {
    for (let minute = 0; minute < 6 * 60; minute += 7) {
      const moment = new Date(Date.UTC(2026, 9, 24, 22, minute)).toISOString();
      const shown = zonedInputValue(moment, stockholm);
      expect(
        zonedInputValue(momentFromZonedInput(shown, stockholm)!.toISOString(), stockholm),
        moment,
      ).toBe(shown);
    }
  });

  it('reads only what a datetime-local control gives', () => {
    for (const value of ['', 'tomorrow', '2026-13-05T07:04', '2026-02-30T25:00', '05/03/2026'])
      expect(momentFromZonedInput(value, stockholm), value).toBeNull();
  });
});

describe('the zone’s names', () => {
  it('says CET in winter and CEST in summer', () => {
    expect(timeZoneAbbreviation('2026-01-15T12:00:00Z', stockholm)).toBe('CET');
    expect(timeZoneAbbreviation('2026-07-15T12:00:00Z', stockholm)).toBe('CEST');
  });

  it('labels the zone by its city and both names', () => {
    expect(timeZoneLabel(stockholm)).toBe('Stockholm time (CET/CEST)');
    expect(timeZoneLabel('Asia/Tokyo')).toBe('Tokyo time (GMT+9)');
    expect(timeZoneLabel(newYork)).toBe('New York time (GMT-5/GMT-4)');
  });
});
