import { describe, expect, it } from 'vitest';
import { parseGoDuration } from './duration.ts';

describe('parseGoDuration', () => {
  it('reads the durations GoTrue accepts for ban_duration', () => {
    expect(parseGoDuration('24h')).toBe(24 * 3_600_000);
    expect(parseGoDuration('1h30m')).toBe(90 * 60_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('300ms')).toBe(300);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('-2m')).toBe(-120_000);
  });

  it('refuses what Go refuses: no unit, unknown units, empty text', () => {
    for (const text of ['', '10', '1d', 'h', 'forever', '1h 30m', '.h']) {
      expect(parseGoDuration(text)).toBeUndefined();
    }
  });
});
