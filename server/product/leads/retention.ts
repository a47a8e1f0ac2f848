// Retention as the privacy policy promises: a lead with no activity for three years is deleted
// with its mails (private.delete_stale_consultations, also scheduled by pg_cron where it exists),
// and the local outbox keeps no mail file longer than that. Meta Lead events go after 30 days.
// The database's part runs once a day whatever the number of copies of the server (a claimed run);
// each copy cleans its own outbox directory.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '#server/supabase/db/types.ts';
import { startPeriodicJob } from '#server/product/jobs/periodic-job.ts';

export const RETENTION_YEARS = 3;
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;
/** Each copy asks every 10 minutes; the copy that claims the day's run has 15 minutes for it. */
export const RETENTION_CHECK_INTERVAL_MS = 10 * 60_000;
export const RETENTION_LEASE_MS = 15 * 60_000;

/**
 * Deletes the stale leads now, and Meta Lead events older than 30 days, sent or not;
 * resolves with how many of each went.
 */
export async function deleteStaleRows(db: Queryable): Promise<{ leads: number; events: number }> {
  const { rows } = await db.query<{ deleted: string; events?: string }>(
    'select private.delete_stale_consultations() as deleted, private.delete_stale_meta_lead_events() as events',
  );
  return { leads: Number(rows[0]?.deleted ?? 0), events: Number(rows[0]?.events ?? 0) };
}

/** Deletes the stale leads (and old Meta Lead events) now; resolves with how many leads went. */
export async function deleteStaleLeads(db: Queryable): Promise<number> {
  return (await deleteStaleRows(db)).leads;
}

/** Deletes mail files in the local outbox last written before `before`; returns how many. */
export async function deleteOutboxFilesBefore(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  let deleted = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtime < before) {
      await rm(file, { force: true });
      deleted++;
    }
  }
  return deleted;
}

export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff;
}

export interface RetentionJob {
  /** Runs the database's retention now if it is due and no copy holds it; true when it ran here. */
  check(): Promise<boolean>;
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The database's retention once a day across every copy on the database (a claimed run, see
 * server/product/jobs/periodic-job.ts), checked every `checkIntervalMs`; and this copy's own
 * outbox files at start and then every `intervalMs`, since each copy has its own DATA_DIR.
 */
export function startRetentionJob(options: {
  db: Queryable;
  /** The local outbox (DATA_DIR/outbox), when mail is kept there. */
  outboxDir?: string;
  log: (line: string) => void;
  /** How often the retention runs: a day. */
  intervalMs?: number;
  /** How often this copy asks whether the database's retention is due. */
  checkIntervalMs?: number;
  /** How long a copy's claim on a run lasts before another copy may run it. */
  leaseMs?: number;
  /** This process is the database's only user: a claim left by a killed run is ended at start. */
  releaseLeaseAtStart?: boolean;
}): RetentionJob {
  const { db, log } = options;
  const intervalMs = options.intervalMs ?? RETENTION_INTERVAL_MS;

  const database = startPeriodicJob({
    db,
    name: 'lead-retention',
    describe: 'Retention',
    log,
    releaseLeaseAtStart: options.releaseLeaseAtStart,
    timings: {
      everyMs: intervalMs,
      checkIntervalMs: options.checkIntervalMs ?? RETENTION_CHECK_INTERVAL_MS,
      leaseMs: options.leaseMs ?? RETENTION_LEASE_MS,
    },
    async run() {
      const { leads, events } = await deleteStaleRows(db);
      if (leads > 0) {
        log(
          `Retention: deleted ${leads} lead${leads === 1 ? '' : 's'} with no activity for ${RETENTION_YEARS} years.`,
        );
      }
      if (events > 0)
        log(`Retention: deleted ${events} Meta Lead event${events === 1 ? '' : 's'} past 30 days.`);
    },
  });

  const { outboxDir } = options;
  let cleaning: Promise<void> | undefined;
  function cleanOutbox() {
    if (!outboxDir || cleaning) return; // a slow run is never doubled
    cleaning = deleteOutboxFilesBefore(outboxDir, retentionCutoff(new Date()))
      .then((files) => {
        if (files > 0) {
          log(
            `Retention: deleted ${files} mail file${files === 1 ? '' : 's'} older than ${RETENTION_YEARS} years from the outbox.`,
          );
        }
      })
      .catch((error: unknown) =>
        log(`Retention of the outbox files failed (retried in a day): ${(error as Error).message}`),
      )
      .finally(() => (cleaning = undefined));
  }
  cleanOutbox();
  const timer = setInterval(cleanOutbox, intervalMs);
  // The HTTP server keeps the process alive; this timer alone must not.
  timer.unref();

  return {
    check: () => database.check(),
    async stop() {
      clearInterval(timer);
      await Promise.all([database.stop(), cleaning]);
    },
  };
}
