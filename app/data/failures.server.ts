// How the server-rendered pages meet a failed read: what they answer and what they log. A page whose
// database could not be reached (restarting, stopped, out of connections) answers 503 with when to
// try again, so that crawlers come back rather than drop it; any other failure 500; neither is kept
// by a shared cache. The log says an unreachable database in one line without a stack: the page
// says so already, and an outage would otherwise write a stack for every page asked for. Any failure
// logged once is not logged again for a minute: its repeats are counted, and the count is said
// with the first one after that minute. The 100 failures logged last are remembered.
import { DataError } from './errors';

const QUIET_MS = 60_000;
const MAX_COUNTED = 100;

interface Counted {
  /** Until when repeats are only counted. */
  quietUntil: number;
  repeats: number;
}

const counted = new Map<string, Counted>();

/** Whether the failure is the database being out of reach, which trying again later may mend. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof DataError && error.isUnavailable;
}

/** Seconds a page whose database could not be reached asks to be tried again after. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The status and headers of a page whose read failed: 503 with when to try again when the
 * database could not be reached (isUnavailable), 500 otherwise.
 */
export function failedAnswer(unavailable: boolean): {
  status: number;
  headers: Record<string, string>;
} {
  return unavailable
    ? {
        status: 503,
        headers: { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) },
      }
    : { status: 500, headers: { 'Cache-Control': 'no-store' } };
}

/** The data API's message, and the database's own words when it gave them (its details). */
function reason(error: DataError): string {
  const details = (error.cause as { details?: unknown } | undefined)?.details;
  return typeof details === 'string' && details ? `${error.message} ${details}` : error.message;
}

/**
 * Logs `what` failed with `error` (console.error, or console.warn for a failure the page works
 * around), unless the same failure was logged within the last minute.
 */
export function logFailure(
  what: string,
  error: unknown,
  level: 'error' | 'warn' = 'error',
  now = Date.now(),
): void {
  const unavailable = isUnavailable(error);
  const message = unavailable
    ? reason(error as DataError)
    : String((error as Error)?.message ?? error);
  const key = `${level} ${what}: ${unavailable ? 'unavailable ' : ''}${message}`;
  const seen = counted.get(key);
  if (seen && now < seen.quietUntil) {
    seen.repeats += 1;
    return;
  }
  // Last in the map's order is the latest logged: the first one is the first to be forgotten.
  counted.delete(key);
  if (counted.size >= MAX_COUNTED) counted.delete(counted.keys().next().value!);
  counted.set(key, { quietUntil: now + QUIET_MS, repeats: 0 });
  const repeats = seen?.repeats
    ? ` (${seen.repeats} more time${seen.repeats === 1 ? '' : 's'} in the minute after it was last logged)`
    : '';
  if (unavailable) console[level](`${what}: the database is unavailable (${message}).${repeats}`);
  else console[level](`${what}:${repeats}`, error);
}
