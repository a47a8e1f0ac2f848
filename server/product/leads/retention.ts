// Retention as the privacy policy promises: a lead with no activity for three years is deleted
// with its mails (private.delete_stale_consultations, also scheduled by pg_cron where it exists),
// and the local outbox keeps no mail file longer than that. Meta Lead events go after 30 days.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '#server/supabase/db/types.ts';

export const RETENTION_YEARS = 3;
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

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
  /** Stops the daily timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Runs the retention now and then every `intervalMs` (a day) until stopped. */
export function startRetentionJob(options: {
  db: Queryable;
  /** The local outbox (DATA_DIR/outbox), when mail is kept there. */
  outboxDir?: string;
  log: (line: string) => void;
  intervalMs?: number;
}): RetentionJob {
  const { db, log } = options;
  let running: Promise<void> | undefined;

  async function runOnce() {
    const { leads, events } = await deleteStaleRows(db);
    if (leads > 0) {
      log(
        `Retention: deleted ${leads} lead${leads === 1 ? '' : 's'} with no activity for ${RETENTION_YEARS} years.`,
      );
    }
    if (events > 0)
      log(`Retention: deleted ${events} Meta Lead event${events === 1 ? '' : 's'} past 30 days.`);
    if (options.outboxDir) {
      const files = await deleteOutboxFilesBefore(options.outboxDir, retentionCutoff(new Date()));
      if (files > 0) {
        log(
          `Retention: deleted ${files} mail file${files === 1 ? '' : 's'} older than ${RETENTION_YEARS} years from the outbox.`,
        );
      }
    }
  }

  function run() {
    if (running) return; // a slow run is never doubled
    running = runOnce()
      .catch((error: unknown) =>
        log(`Retention failed (retried in a day): ${(error as Error).message}`),
      )
      .finally(() => (running = undefined));
  }

  run();
  const timer = setInterval(run, options.intervalMs ?? RETENTION_INTERVAL_MS);
  // The HTTP server keeps the process alive; this timer alone must not.
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
