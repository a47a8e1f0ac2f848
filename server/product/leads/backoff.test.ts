import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, retryDelayMs } from './backoff.ts';

const noJitter = () => 0;

describe('retryDelayMs', () => {
  it('waits 30 s after the first failure and doubles the wait with each further one', () => {
    expect(
      [1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, DEFAULT_BACKOFF, noJitter)),
    ).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(retryDelayMs(8, DEFAULT_BACKOFF, noJitter)).toBe(3_600_000);
    expect(retryDelayMs(10_000, DEFAULT_BACKOFF, noJitter)).toBe(3_600_000);
    expect(retryDelayMs(10_000, DEFAULT_BACKOFF, () => 0.999)).toBeLessThanOrEqual(3_600_000);
  });

  it('shortens the wait by up to a fifth at random, so servers do not retry in step', () => {
    expect(retryDelayMs(1, DEFAULT_BACKOFF, () => 0.5)).toBe(27_000);
    expect(retryDelayMs(1, DEFAULT_BACKOFF, () => 0.999_999)).toBe(24_000);
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(3)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(96_000);
      expect(delay).toBeLessThanOrEqual(120_000);
    }
  });

  it('follows a shorter schedule when given one', () => {
    expect(retryDelayMs(3, { baseMs: 100, maxMs: 250 }, noJitter)).toBe(250);
  });
});
