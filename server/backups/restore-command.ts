// What `npm run restore` and `npm run move-database` do (scripts/restore.ts,
// scripts/move-database.ts): a backup into a fresh DATA_DIR (its embedded database and its files)
// or into an outside PostgreSQL, refusing a target that already holds data unless told.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { openDatabase } from '#server/database.ts';
import { DataDirLockedError } from '#server/data-dir.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { createS3Client } from '#server/s3.ts';
import { BUCKET_PREFIX, downloadBackup } from './backup-bucket.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { backupsDir } from './scheduled-backups.ts';
import { openBackup, restoreFiles } from './opened-backup.ts';
import { appliedMigrations, loadBackup, RestoreRefusedError } from './restore-backup.ts';
import { BadManifestError } from './manifest.ts';
import { NoSourceError } from './source-database.ts';
import { BackupInProgressError, takeBackup } from './take-backup.ts';
import { BadArchiveError } from './tar.ts';

export interface RestoreRequest {
  archive: string;
  /** The DATA_DIR to restore into (its database unless databaseUrl, and its files). */
  dataDir?: string;
  /** An outside PostgreSQL to load the rows into, instead of DATA_DIR's embedded database. */
  databaseUrl?: string;
  replace?: boolean;
  /** `archive` names a backup in the S3 bucket (STORAGE_S3_*), under ~backups/. */
  fromBucket?: boolean;
  /** Only these schemas' tables, into a database whose schema is in place (hosted Supabase). */
  schemas?: string[];
}

/** A failure the commands print as it is (a refusal, a bad file), not as a crash. */
export function isCommandRefusal(error: unknown): error is Error {
  return (
    error instanceof RestoreRefusedError ||
    error instanceof BadArchiveError ||
    error instanceof BadManifestError ||
    error instanceof NoSourceError ||
    error instanceof BackupInProgressError
  );
}

/** Whether a DATA_DIR holds a database or stored files already. */
export async function dataDirHasData(dataDir: string): Promise<boolean> {
  if (existsSync(path.join(dataDir, 'postgres', 'data', 'PG_VERSION'))) return true;
  if (existsSync(path.join(dataDir, 'pglite'))) return true;
  const stored = await readdir(path.join(dataDir, 'storage')).catch(() => []);
  return stored.length > 0;
}

/** Restores; answers the lines to print. Throws RestoreRefusedError (and the format's errors). */
export async function runRestore(
  config: Config,
  request: RestoreRequest,
  log: (line: string) => void,
): Promise<string[]> {
  if (request.fromBucket) {
    if (!config.storageS3)
      throw new RestoreRefusedError(
        '--from-bucket reads the STORAGE_S3_* bucket: set those first.',
      );
    const bucket = createS3Client(config.storageS3);
    const work = await mkdtemp(path.join(os.tmpdir(), 'leadgen-backup-'));
    try {
      const file = await downloadBackup(bucket, request.archive, work);
      if (!file)
        throw new RestoreRefusedError(
          `The bucket has no backup ${BUCKET_PREFIX}${request.archive} (give its file name, backup-….tar.gz).`,
        );
      log(`Copied ${BUCKET_PREFIX}${request.archive} from the bucket.`);
      return await runRestore(config, { ...request, archive: file, fromBucket: false }, log);
    } finally {
      bucket.close();
      await rm(work, { recursive: true, force: true });
    }
  }
  const archive = path.resolve(request.archive);
  const dataDir = request.dataDir ? path.resolve(request.dataDir) : undefined;
  if (!request.databaseUrl) {
    const target = dataDir ?? config.dataDir;
    if (!request.replace && (await dataDirHasData(target)))
      throw new RestoreRefusedError(
        `${target} already holds a database or stored files: restore into a fresh folder ` +
          '(--data-dir <folder>), or say --replace to replace them (a backup of them is taken first).',
      );
  }
  const backup = await openBackup(
    archive,
    dataDir ?? (request.databaseUrl ? os.tmpdir() : config.dataDir),
  );
  const lines: string[] = [];
  try {
    let db: Database;
    let close: () => Promise<void>;
    let filesDir: string | undefined;
    if (request.databaseUrl) {
      db = await openPostgres(request.databaseUrl, 1);
      close = () => db.close();
      filesDir = dataDir;
    } else {
      const target = dataDir ?? config.dataDir;
      const embedded = {
        ...config,
        dataDir: target,
        DATABASE_URL: undefined,
        SUPABASE_URL: undefined,
      };
      const opened = await openDatabase(embedded, log).catch((error: unknown) => {
        if (error instanceof DataDirLockedError)
          throw new RestoreRefusedError(`${error.message} A restore needs the site stopped.`);
        throw error;
      });
      db = opened.db;
      close = async () => {
        await opened.db.close();
        opened.release();
      };
      filesDir = target;
    }
    try {
      if (request.replace && !request.schemas && (await appliedMigrations(db)).length) {
        const kept = await takeBackup({
          db,
          into: backupsDir(filesDir ?? config.dataDir),
          dataDir: filesDir ?? config.dataDir,
        });
        lines.push(`What the target held is kept in ${kept.file}.`);
      }
      const rows = await loadBackup(db, backup, {
        replace: request.replace,
        schemas: request.schemas,
        log,
      });
      lines.push(
        `Restored ${rows} rows (schema ${backup.manifest.migrations.at(-1)}, taken ` +
          `${backup.manifest.createdAt}) into ${request.databaseUrl ? 'the PostgreSQL at --database-url' : `the embedded database in ${filesDir}`}.`,
      );
    } finally {
      await close();
    }
    if (filesDir) {
      const aside = await restoreFiles(backup, filesDir);
      if (backup.manifest.files === 'included')
        lines.push(
          `Restored ${backup.manifest.objects.length} stored files into ${path.join(filesDir, 'storage')}.`,
        );
      for (const moved of aside) lines.push(`What was there is kept in ${moved}.`);
    } else if (backup.manifest.objects.length)
      lines.push(
        `The ${backup.manifest.objects.length} stored files stay where they are: the site reads them ` +
          'from its DATA_DIR/storage (give --data-dir to restore them into a folder).',
      );
    if (backup.manifest.files === 'in-bucket')
      lines.push(
        'The stored files were in the S3 bucket when the backup was taken, and stay there.',
      );
    if (backup.manifest.missingObjects.length)
      lines.push(
        `Files deleted while the backup was taken, so not in it: ${backup.manifest.missingObjects.join(', ')}`,
      );
    return lines;
  } finally {
    await backup.close();
  }
}
