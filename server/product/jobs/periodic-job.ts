// A job that runs every so often (a day, an hour) once across every copy of the server on one
// database: each copy checks now and then whether the job is due, and a run is claimed in
// private.job_runs with one conditional statement, which leases it; the copy that won runs it and
// records when it finished. A copy that stops midway (killed, its machine gone) never records
// that, so when its lease ends the next copy to check runs the job again
// (docs/decisions/0031-jobs-once-across-copies.md).
import type { Queryable } from '#server/supabase/db/types.ts';

export interface PeriodicJobTimings {
  /** How long after its last finished run the job is due again. */
  everyMs: number;
  /** How often this copy asks whether the job is due (a one-row statement). */
  checkIntervalMs: number;
  /** How long a claimed run is this copy's: longer than any run takes. */
  leaseMs: number;
}

export interface PeriodicJobOptions {
  db: Queryable;
  /** The job's row in private.job_runs ("lead-retention"). */
  name: string;
  /** Runs the job; throwing ends the run unfinished, so a copy tries again at its next check. */
  run: () => Promise<void>;
  log: (line: string) => void;
  /** What the log calls the job when a run fails ("Retention"). */
  describe: string;
  timings: PeriodicJobTimings;
  /**
   * Ends, at start, a claim a previous run of this process left. Only safe when this process is
   * the database's only user (the embedded database, locked to its DATA_DIR).
   */
  releaseLeaseAtStart?: boolean;
}

export interface PeriodicJob {
  /** Runs the job now if it is due and no copy holds it; true when this copy ran it. */
  check(): Promise<boolean>;
  /** Stops checking and waits for a run in progress. */
  stop(): Promise<void>;
}

const seconds = (ms: number) => ms / 1000;

/**
 * Claims the job's run when its last one finished `everyMs` ago or more and no lease holds it;
 * answers the claim's start (its identity), or null. Concurrent claims wait for each other's row
 * lock and each sees the other's lease, so exactly one wins.
 */
export async function claimJobRun(
  db: Queryable,
  job: string,
  timings: Pick<PeriodicJobTimings, 'everyMs' | 'leaseMs'>,
): Promise<string | null> {
  const { rows } = await db.query<{ started_at: string }>(
    `insert into private.job_runs as r (job, started_at, lease_until)
     values ($1, now(), now() + make_interval(secs => $3::double precision))
     on conflict (job) do update
       set started_at = excluded.started_at, lease_until = excluded.lease_until
       where (r.finished_at is null
              or r.finished_at <= now() - make_interval(secs => $2::double precision))
         and (r.lease_until is null or r.lease_until < now())
     returning to_json(started_at) #>> '{}' as started_at`,
    [job, seconds(timings.everyMs), seconds(timings.leaseMs)],
  );
  return rows[0]?.started_at ?? null;
}

/** Records the claimed run as finished (or, `finished` false, only ends its lease). */
export async function endJobRun(
  db: Queryable,
  job: string,
  startedAt: string,
  finished: boolean,
): Promise<void> {
  await db.query(
    `update private.job_runs
        set lease_until = null, finished_at = case when $3 then now() else finished_at end
      where job = $1 and started_at = $2::timestamptz`,
    [job, startedAt, finished],
  );
}

/** Checks at once, then every `checkIntervalMs`, until stopped. */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { db, name, log, timings } = options;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  let released = !options.releaseLeaseAtStart;

  async function checkOnce(): Promise<boolean> {
    if (!released) {
      await db.query('update private.job_runs set lease_until = null where job = $1', [name]);
      released = true;
    }
    const startedAt = await claimJobRun(db, name, timings);
    if (!startedAt) return false;
    let finished = false;
    try {
      await options.run();
      finished = true;
    } catch (error) {
      const next = Math.ceil(timings.checkIntervalMs / 60_000);
      log(
        `${options.describe} failed (tried again within ${next} minute${next === 1 ? '' : 's'}): ${(error as Error).message}`,
      );
    }
    await endJobRun(db, name, startedAt, finished);
    return finished;
  }

  function check(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    // A slow run is never doubled by this copy's own timer.
    running ??= checkOnce()
      .catch((error: unknown) => {
        log(`${options.describe}: could not check whether it is due: ${(error as Error).message}`);
        return false;
      })
      .finally(() => (running = undefined));
    return running;
  }

  void check();
  const timer = setInterval(() => void check(), timings.checkIntervalMs);
  // The HTTP server keeps the process alive; this timer alone must not.
  timer.unref();

  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
