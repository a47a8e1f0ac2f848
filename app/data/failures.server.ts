// How the server-rendered pages meet a failed read: what they answer and what they log. A page whose
// database could not be reached (restarting, stopped, out of connections) answers 503 with when to
// try again, so that crawlers come back rather than drop it; any other failure 500; neither is kept
// by a shared cache. The log says an unreachable database in one line without a stack: the page
// says so already, and an outage would otherwise write a stack for every page asked for. Any failure
// is logged at most once a minute, with the count of its repeats (shared/quiet-log.ts).
import { DATABASE_RETRY_AFTER_SECONDS } from '#shared/database-unavailable.ts';
import { quietLog } from '#shared/quiet-log.ts';
import { DataError } from './errors';

const quiet = quietLog();

/** Whether the failure is the database being out of reach, which trying again later may mend. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof DataError && error.isUnavailable;
}

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
        headers: {
          'Cache-Control': 'no-store',
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
        },
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
  quiet(
    `${level} ${what}: ${unavailable ? 'unavailable ' : ''}${message}`,
    (repeats) => {
      if (unavailable)
        console[level](`${what}: the database is unavailable (${message}).${repeats}`);
      else console[level](`${what}:${repeats}`, error);
    },
    now,
  );
}

/** Logs a page's failed read (logFailure) and answers with its status and headers (failedAnswer). */
export function failedRead(
  what: string,
  error: unknown,
): { status: number; headers: Record<string, string> } {
  logFailure(what, error);
  return failedAnswer(isUnavailable(error));
}
