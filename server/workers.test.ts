import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './workers.ts';

describe('restartDelayMs', () => {
  it('waits a second after a first end, twice as long after each end in a row, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
