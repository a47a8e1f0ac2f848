import { describe, expect, it } from 'vitest';
import { withoutHeldDays } from './fresh-holds';
import type { Availability } from '~/data/availability';
import type { Slot } from './slots';

const availability: Availability = {
  timeZone: 'Europe/Stockholm',
  weeklyHours: { 2: [{ start: 540, end: 1020 }], 3: [{ start: 540, end: 600 }] },
  meetingMinutes: 30,
  bufferMinutes: 15,
  minimumNoticeMinutes: 0,
  horizonDays: 7,
  blockedDates: [],
  openedHolidays: [],
};
/** Tuesday 1 December 2026, 09:00 in Stockholm. */
const tuesday = Date.parse('2026-12-01T08:00:00Z');
const wednesday = tuesday + 24 * 3600_000;
const slot = (start: number): Slot => ({ start, end: start + 30 * 60_000 });
const hold = (start: number) => ({ start, end: start + 45 * 60_000 });

describe('withoutHeldDays', () => {
  const slots = [slot(tuesday + 4 * 3600_000), slot(wednesday + 1800_000)];

  it('offers a day while fresh bookings leave room for one more call within a fifth of it', () => {
    expect(withoutHeldDays(slots, availability, [hold(tuesday)])).toEqual(slots);
  });

  it('drops a day whose fresh bookings hold its share, and only that day', () => {
    const held = [hold(tuesday), hold(tuesday + 3600_000)];
    expect(withoutHeldDays(slots, availability, held)).toEqual([slots[1]]);
  });

  it('keeps one call for a short day, and drops it once that call is booked', () => {
    expect(withoutHeldDays(slots, availability, [])).toEqual(slots);
    expect(withoutHeldDays(slots, availability, [hold(wednesday)])).toEqual([slots[0]]);
  });
});
