// The page views' hourly run: views past 26 months and the salts and counters of days that are
// over are deleted, and the days that are over are rolled up for the insights. One copy of the
// server runs it each hour, whatever the number of copies on the database (a claimed run,
// server/product/jobs/periodic-job.ts); a copy that stops midway leaves the rest to the next
// run, since each roll-up call commits the days it did (private.roll_up_page_views).
import type { Queryable } from '#server/supabase/db/types.ts';
import { startPeriodicJob, type PeriodicJob } from '#server/product/jobs/periodic-job.ts';

export const PAGE_VIEW_RETENTION_INTERVAL_MS = 3_600_000;
/** Each copy asks every 5 minutes; the copy that claims the hour's run has 15 minutes for it. */
export const PAGE_VIEW_RETENTION_CHECK_INTERVAL_MS = 5 * 60_000;
export const PAGE_VIEW_RETENTION_LEASE_MS = 15 * 60_000;

/** Days rolled up by one call; the run calls again while a call fills it. */
const ROLL_UP_DAYS = 31;

/** Deletes what is past its time and rolls up the days that are over; how many days were rolled. */
export async function deleteOldAndRollUp(db: Queryable): Promise<number> {
  await db.query('select private.delete_old_page_views()');
  let days = 0;
  // A call rolls up at most ROLL_UP_DAYS, holding each day's writes for its transaction.
  for (;;) {
    const { rows } = await db.query<{ rolled: number | string }>(
      'select private.roll_up_page_views($1) as rolled',
      [ROLL_UP_DAYS],
    );
    const rolled = Number(rows[0]?.rolled ?? 0);
    days += rolled;
    if (rolled < ROLL_UP_DAYS) return days;
  }
}

export function startPageViewRetention(options: {
  db: Queryable;
  log: (line: string) => void;
  everyMs?: number;
  checkIntervalMs?: number;
}): PeriodicJob {
  return startPeriodicJob({
    db: options.db,
    name: 'page-view-retention',
    describe: 'Visit statistics: the retention run',
    log: options.log,
    timings: {
      everyMs: options.everyMs ?? PAGE_VIEW_RETENTION_INTERVAL_MS,
      checkIntervalMs: options.checkIntervalMs ?? PAGE_VIEW_RETENTION_CHECK_INTERVAL_MS,
      leaseMs: PAGE_VIEW_RETENTION_LEASE_MS,
    },
    run: async () => void (await deleteOldAndRollUp(options.db)),
  });
}
