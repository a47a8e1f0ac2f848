// Backups kept in the S3 bucket too, when the stored files are there (STORAGE_S3_*): a copy's disk
// may go with the copy, the bucket stays. Under `~backups/`, a prefix no Storage key can have
// (`~` is in no bucket name, server/supabase/storage/names.ts), and pruned as DATA_DIR/backups is
// (docs/decisions/0033-backups-that-restore.md).
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { S3Client } from '#server/s3.ts';
import { backupsToDelete, backupTakenAt } from './manifest.ts';

export const BUCKET_PREFIX = '~backups/';

/** Puts a backup file into the bucket; answers its key. */
export async function uploadBackup(client: S3Client, file: string): Promise<string> {
  const key = BUCKET_PREFIX + path.basename(file);
  await client.putObject(
    key,
    { file, size: (await stat(file)).size },
    {
      contentType: 'application/gzip',
    },
  );
  return key;
}

/** Deletes the bucket's backups older than `keepDays`, always keeping the newest; answers their keys. */
export async function pruneBucketBackups(
  client: S3Client,
  keepDays: number,
  now: Date,
): Promise<string[]> {
  const names: string[] = [];
  for await (const object of client.listObjects(BUCKET_PREFIX))
    names.push(object.key.slice(BUCKET_PREFIX.length));
  const old = backupsToDelete(names, keepDays, now).map((name) => BUCKET_PREFIX + name);
  for (const key of old) await client.deleteObject(key);
  return old;
}

/**
 * Copies the bucket's backup `name` (a backup's file name, nothing else) into `intoDir`; answers
 * the file, or undefined when the bucket has no such backup.
 */
export async function downloadBackup(
  client: S3Client,
  name: string,
  intoDir: string,
): Promise<string | undefined> {
  if (!backupTakenAt(name)) return undefined;
  const object = await client.getObject(BUCKET_PREFIX + name);
  if (!object) return undefined;
  const file = path.join(intoDir, name);
  await pipeline(object.body, createWriteStream(file, { mode: 0o600 }));
  return file;
}
