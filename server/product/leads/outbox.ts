// What every transactional outbox of a lead shares (the mails, Meta's Lead event, the digest and
// the meeting mails): a table whose rows a trigger writes in the
// lead's own transaction, with the columns status, attempts, next_attempt_at, locked_until,
// last_error and sent_at, drained by one loop per server.
// A claim takes due rows with FOR UPDATE SKIP LOCKED and leases them (locked_until) in one
// statement, so servers sharing one PostgreSQL never handle a row concurrently, and a server
// killed mid-send lets its rows go when the lease runs out. Delivery is at least once.
import { isPostgresError, type Database } from '#server/supabase/db/types.ts';
import { quietLog } from '#shared/quiet-log.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from './backoff.ts';

/** The outbox tables; a name here is put in SQL as is, so it is never a caller's string. */
export type OutboxTable =
  | 'public.consultation_mails'
  | 'public.meta_lead_events'
  | 'public.lead_digests'
  | 'public.meeting_mails';

export interface OutboxTimings {
  /** How often due rows are looked for (a cheap query on a partial index). */
  pollIntervalMs: number;
  /** How long a claimed row stays out of other servers' reach: longer than any send can take. */
  leaseMs: number;
  /** Rows claimed, and sent side by side, at a time. */
  batchSize: number;
  /**
   * The pause after a full batch before the next: delivery yields to the site, so a flood of
   * leads cannot starve the pages and the API of the machine's cores.
   */
  batchPauseMs: number;
  backoff: Backoff;
}

export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  pollIntervalMs: 2_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
  batchPauseMs: 100,
  backoff: DEFAULT_BACKOFF,
};

/**
 * The start of a claim: `claimed` holds up to $1 due rows of the table (all columns), leased for
 * $2 ms with their attempt counted. The caller selects from it, joining what it needs.
 */
export function claimDueRowsSql(table: OutboxTable): string {
  return `with due as (
       select id from ${table}
       where status = 'pending'
         and next_attempt_at <= now()
         and (locked_until is null or locked_until < now())
       order by next_attempt_at
       limit $1
       for update skip locked
     ), claimed as (
       update ${table} m
       set locked_until = now() + make_interval(secs => $2::double precision / 1000),
           attempts = m.attempts + 1
       from due
       where m.id = due.id
       returning m.*
     )`;
}

export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 1000 ? `${message.slice(0, 999)}…` : message;
}

/** Records a failed attempt and when the next one is due. */
export async function scheduleRetry(
  db: Database,
  table: OutboxTable,
  id: string,
  error: unknown,
  delayMs: number,
): Promise<void> {
  await db.query(
    `update ${table}
     set last_error = $2,
         next_attempt_at = now() + make_interval(secs => $3::double precision / 1000),
         locked_until = null
     where id = $1`,
    [id, describeError(error), delayMs],
  );
}

/** Gives a row up for good: the receiver refused it and retrying cannot help. */
export async function markFailed(
  db: Database,
  table: OutboxTable,
  id: string,
  error: unknown,
): Promise<void> {
  await db.query(
    `update ${table} set status = 'failed', last_error = $2, locked_until = null where id = $1`,
    [id, describeError(error)],
  );
}

/**
 * If this update is lost (the process dies first), the leases run out and the rows go again.
 *
 * The update locks the rows and their history triggers then ask for each row's lead; deleting a
 * lead takes the lead first and its rows second. When the two meet, PostgreSQL ends one of them
 * with a deadlock (40P01): if it is this update, it is tried again (the deleted lead's rows are
 * gone by then), or the batch's other rows, already sent, would go out a second time.
 */
export async function markSent(db: Database, table: OutboxTable, ids: string[]): Promise<void> {
  if (!ids.length) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query(
        `update ${table}
         set status = 'sent', sent_at = now(), last_error = null, locked_until = null
         where id = any($1::uuid[])`,
        [ids],
      );
      return;
    } catch (error) {
      const deadlock = isPostgresError(error) && error.code === '40P01';
      if (!deadlock || attempt === MARK_SENT_ATTEMPTS) throw error;
    }
  }
}

const MARK_SENT_ATTEMPTS = 3;

export interface OutboxClaim {
  /** The row's id. */
  id: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** sent: delivered (marked with the batch); settled: recorded as failed; retry: scheduled again. */
export type DeliveryOutcome = 'sent' | 'settled' | 'retry';

export interface OutboxDrainOptions<Claim extends OutboxClaim> {
  db: Database;
  table: OutboxTable;
  /** Names the job in the log when a pass fails ("Lead mail delivery"). */
  name: string;
  claim(limit: number, leaseMs: number): Promise<Claim[]>;
  /**
   * Sends one claimed row; throwing schedules a retry with backoff. 'settled': the row was not
   * sent and the sender recorded why itself (a meeting mail superseded by a later change).
   */
  send(claim: Claim): Promise<void | 'settled'>;
  /** The error means the receiver refused the row for good: it is marked failed, not retried. */
  isPermanent?(error: unknown): boolean;
  /** How a row is named in the log ("Lead mail … (visitor confirmation)"). */
  describe(claim: Claim): string;
  /** The line logged after a pass that settled rows. */
  summary(settled: number): string;
  log: (line: string) => void;
  /**
   * Hand back, at start, rows a previous run claimed and never finished. Only safe when this
   * process is the database's only user (PGlite, whose data directory is locked); servers that
   * share a PostgreSQL wait for the lease instead.
   */
  releaseLeasesAtStart?: boolean;
  timings?: Partial<OutboxTimings>;
}

export interface OutboxDrain {
  /** Sends every due row now; resolves with how many were settled (sent or failed for good). */
  drain(): Promise<number>;
  /** Stops polling and waits for a send in flight. */
  stop(): Promise<void>;
}

/** Drains the table at once, then every poll interval, until stopped. */
export function startOutboxDrain<Claim extends OutboxClaim>(
  options: OutboxDrainOptions<Claim>,
): OutboxDrain {
  const { db, table, log } = options;
  const timings = { ...DEFAULT_OUTBOX_TIMINGS, ...options.timings };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let leasesReleased = !options.releaseLeasesAtStart;

  /**
   * Sends one claimed row. A failure is recorded at once (rare, and each has its own retry time);
   * a success is only reported, and the batch's successes are marked sent in one statement.
   */
  async function deliver(claim: Claim): Promise<DeliveryOutcome> {
    const what = options.describe(claim);
    try {
      if ((await options.send(claim)) === 'settled') return 'settled';
    } catch (error) {
      if (options.isPermanent?.(error)) {
        await markFailed(db, table, claim.id, error);
        log(`${what} failed for good: ${describeError(error)}`);
        return 'settled';
      }
      const delay = retryDelayMs(claim.attempts, timings.backoff);
      await scheduleRetry(db, table, claim.id, error, delay);
      log(
        `${what}: attempt ${claim.attempts} failed, next in ${Math.ceil(delay / 1000)} s: ${describeError(error)}`,
      );
      return 'retry';
    }
    if (claim.attempts > 1) log(`${what} delivered after ${claim.attempts} attempts.`);
    return 'sent';
  }

  async function drainOnce(): Promise<number> {
    if (!leasesReleased) {
      await db.query(
        `update ${table} set locked_until = null
         where status = 'pending' and locked_until is not null`,
      );
      leasesReleased = true;
    }
    let settled = 0;
    while (!stopped) {
      const claims = await options.claim(timings.batchSize, timings.leaseMs);
      if (!claims.length) break;
      // allSettled: stop() waits for every send of the batch, even when one of them threw.
      const outcomes = await Promise.allSettled(claims.map(deliver));
      await markSent(
        db,
        table,
        claims
          .filter((_, i) => {
            const outcome = outcomes[i]!;
            return outcome.status === 'fulfilled' && outcome.value === 'sent';
          })
          .map((claim) => claim.id),
      );
      const done = outcomes.filter((o) => o.status === 'fulfilled' && o.value !== 'retry').length;
      settled += done;
      const failure = outcomes.find((o) => o.status === 'rejected');
      if (failure) throw failure.reason;
      // Nothing went out (the receiver is down): wait for the next poll instead of spinning.
      if (done === 0) break;
      if (claims.length === timings.batchSize && timings.batchPauseMs > 0 && !stopped) {
        await new Promise((resolve) => setTimeout(resolve, timings.batchPauseMs));
      }
    }
    if (settled) log(options.summary(settled));
    return settled;
  }

  function drain(): Promise<number> {
    // One drain at a time per server; a caller arriving mid-drain waits for it, then drains.
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => (stopped ? 0 : drainOnce()));
    running = next;
    void next
      .finally(() => {
        if (running === next) running = undefined;
      })
      .catch(() => undefined);
    return next;
  }

  // A pass fails on every poll while the database is out of reach: said once a minute, counted.
  const quiet = quietLog();
  const failed = (error: unknown) => {
    const line = `${options.name}: ${describeError(error)}`;
    quiet(line, (repeats) => log(line + repeats));
  };

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      drain().catch(failed).finally(schedule);
    }, timings.pollIntervalMs);
    // The HTTP server keeps the process alive; this timer alone must not.
    timer.unref();
  }

  // Right away at start: rows queued while the server was down go out first.
  drain().catch(failed).finally(schedule);

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
