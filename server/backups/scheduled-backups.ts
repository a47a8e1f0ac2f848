// The backups a running server takes on its own: one every BACKUP_INTERVAL_HOURS (a day by
// default), claimed in private.job_runs so that one copy of several takes it, kept
// BACKUP_KEEP_DAYS in DATA_DIR/backups and then deleted (the newest is always kept). A copy that
// stops midway leaves only its temporary folder, which the next start removes
// (docs/decisions/0033-backups-that-restore.md).
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from '#server/data-dir.ts';
import { startPeriodicJob, type PeriodicJob } from '#server/product/jobs/periodic-job.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { createS3Client, type S3Settings } from '#server/s3.ts';
import { pruneBucketBackups, uploadBackup } from './backup-bucket.ts';
import { backupsToDelete } from './manifest.ts';
import { BackupInProgressError, takeBackup } from './take-backup.ts';

const HOUR = 60 * 60 * 1000;
export const BACKUP_JOB = 'backup';

export interface ScheduledBackupsOptions {
  db: Database;
  dataDir: string;
  intervalHours: number;
  keepDays: number;
  /** The S3 bucket the stored files are in: the backups go there too. */
  bucket?: S3Settings;
  /** The embedded database is this process's alone: a claim it left at its last stop ends. */
  exclusiveDatabase?: boolean;
  log: (line: string) => void;
  /** How often this copy asks whether a backup is due (tests shorten it). */
  checkIntervalMs?: number;
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/**
 * Deletes the backups taken more than `keepDays` before `now`, always keeping the newest, and the
 * temporary folders of backups whose process is gone. Answers the names deleted.
 */
export async function pruneBackups(dir: string, keepDays: number, now: Date): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const old = backupsToDelete(names, keepDays, now);
  const abandoned = names.filter((name) => {
    const pid = Number(name.match(/^\.taking-(\d+)-/)?.[1]);
    return pid > 0 && pid !== process.pid && !isRunning(pid);
  });
  for (const name of [...old, ...abandoned])
    await rm(path.join(dir, name), { recursive: true, force: true });
  return old;
}

/**
 * Starts the schedule. A database that has never been backed up counts its first start as the
 * last backup: the first comes one interval later, when there is something to keep.
 */
export async function startScheduledBackups(
  options: ScheduledBackupsOptions,
): Promise<PeriodicJob> {
  const { db, log } = options;
  const dir = backupsDir(options.dataDir);
  await db.query(
    `insert into private.job_runs (job, finished_at) values ($1, now()) on conflict (job) do nothing`,
    [BACKUP_JOB],
  );
  const everyMs = options.intervalHours * HOUR;
  return startPeriodicJob({
    db,
    name: BACKUP_JOB,
    describe: 'The scheduled backup',
    log,
    releaseLeaseAtStart: options.exclusiveDatabase,
    timings: {
      everyMs,
      checkIntervalMs: options.checkIntervalMs ?? Math.min(15 * 60 * 1000, everyMs),
      // Longer than any backup takes; a copy that stopped midway is replaced after it.
      leaseMs: 6 * HOUR,
    },
    async run() {
      const bucket = options.bucket && createS3Client(options.bucket);
      try {
        try {
          const { file, manifest } = await takeBackup({
            db,
            into: dir,
            dataDir: options.dataDir,
            filesInBucket: bucket !== undefined,
          });
          const key = bucket && (await uploadBackup(bucket, file));
          const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
          log(
            `Backup taken: ${file}${key ? ` and ${key} in the bucket` : ''} ` +
              `(${rows} rows, ${manifest.objects.length} files).`,
          );
        } catch (error) {
          // Another backup (`npm run backup`) holds the lock: that one counts.
          if (!(error instanceof BackupInProgressError)) throw error;
        }
        const now = new Date();
        const deleted = await pruneBackups(dir, options.keepDays, now);
        if (bucket) deleted.push(...(await pruneBucketBackups(bucket, options.keepDays, now)));
        if (deleted.length)
          log(`Deleted backups older than ${options.keepDays} days: ${deleted.join(', ')}`);
      } finally {
        bucket?.close();
      }
    },
  });
}
