import { describe, expect, it } from 'vitest';
import { formatAdminDateTime, formatAgencyDateTime, formatLongDate, postLanguage } from './format';

describe('formatLongDate', () => {
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
  it('writes en-US with a short month, hour and minute', () => {
    expect(formatAdminDateTime('2026-11-21T08:05:00Z')).toBe('Nov 21, 2026, 09:05 AM');
  });
});

describe('formatAgencyDateTime', () => {
  it('names the agency’s zone as it is at that moment', () => {
    expect(formatAgencyDateTime('2026-11-21T08:05:00Z')).toBe('Nov 21, 2026, 09:05 AM CET');
    expect(formatAgencyDateTime('2026-06-21T08:05:00Z')).toBe('Jun 21, 2026, 10:05 AM CEST');
  });
});

describe('postLanguage', () => {
  it('maps page languages to the stored values', () => {
    expect(postLanguage('en')).toBe('english');
    expect(postLanguage('sv')).toBe('swedish');
  });
});
