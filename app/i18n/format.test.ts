import { describe, expect, it } from 'vitest';
import { formatAdminDateTime, formatLongDate, postLanguage } from './format';

describe('formatLongDate', () => {
  it('gives each language its own form of the same date, however many dates it was asked', () => {
    const days = Array.from({ length: 1_200 }, (_, n) =>
      new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString(),
    );
    for (const iso of days) formatLongDate(iso, 'en');
    expect(formatLongDate('2026-11-03T08:00:00Z', 'en')).toBe('November 3, 2026');
    expect(formatLongDate('2026-11-03T08:00:00Z', 'sv')).toBe('3 november 2026');
    expect(formatLongDate(days[0]!, 'en')).toBe('January 1, 2020');
    expect(formatLongDate(days[1_199]!, 'sv')).toBe('14 april 2023');
  });

  it('writes the English long form (en-US)', () => {
    expect(formatLongDate('2026-11-03T08:00:00Z', 'en')).toBe('November 3, 2026');
  });

  it('writes the Swedish long form (sv-SE)', () => {
    expect(formatLongDate('2026-11-03T08:00:00Z', 'sv')).toBe('3 november 2026');
  });

  it("uses the agency's time zone, so a late-evening post keeps its Swedish date", () => {
    expect(formatLongDate('2026-10-31T23:30:00Z', 'en')).toBe('November 1, 2026');
  });
});

describe('formatAdminDateTime', () => {
  it('writes a 24-hour time with the zone named, in the zone it is given', () => {
    expect(formatAdminDateTime('2026-11-26T19:28:00Z', 'Europe/Stockholm')).toBe(
      '26 Nov 2026, 20:28 CET',
    );
    expect(formatAdminDateTime('2026-06-21T08:05:00Z', 'Europe/Stockholm')).toBe(
      '21 Jun 2026, 10:05 CEST',
    );
    expect(formatAdminDateTime('2026-11-26T19:28:00Z', 'Europe/London')).toBe(
      '26 Nov 2026, 19:28 GMT',
    );
  });
});

describe('postLanguage', () => {
  it('maps page languages to the stored values', () => {
    expect(postLanguage('en')).toBe('english');
    expect(postLanguage('sv')).toBe('swedish');
  });
});
