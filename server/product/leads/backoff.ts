// How long a mail that could not be delivered waits before the next attempt.

export interface Backoff {
  /** The wait after the first failed attempt; it doubles with each further one. */
  baseMs: number;
  /** The longest wait: a mail is retried at least this often, forever. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 60 * 60_000 };

/**
 * The delay after `attempts` failed attempts (1 after the first): base · 2^(attempts − 1), capped,
 * then shortened by up to 20 % at random so servers that failed together do not retry in step.
 */
export function retryDelayMs(
  attempts: number,
  backoff: Backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (1 - 0.2 * random()));
}
