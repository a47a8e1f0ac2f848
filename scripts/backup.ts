// npm run backup [-- --into <folder>]: takes one backup now, into DATA_DIR/backups unless told,
// whether the site runs or not (docs/operations.md#backups). Reads the site's own settings.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { createS3Client } from '#server/s3.ts';
import { uploadBackup } from '#server/backups/backup-bucket.ts';
import { backupsDir } from '#server/backups/scheduled-backups.ts';
import { isCommandRefusal } from '#server/backups/restore-command.ts';
import { openSourceDatabase } from '#server/backups/source-database.ts';
import { takeBackup } from '#server/backups/take-backup.ts';

let into: string | undefined;
try {
  ({
    values: { into },
  } = parseArgs({ options: { into: { type: 'string' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run backup [-- --into <folder>]`);
  process.exit(2);
}

const config = loadConfig();
const log = (line: string) => console.log(line);
try {
  const source = await openSourceDatabase(config, log);
  try {
    const { file, manifest } = await takeBackup({
      db: source.db,
      into: path.resolve(into ?? backupsDir(config.dataDir)),
      dataDir: config.dataDir,
      filesInBucket: config.storageS3 !== undefined,
    });
    if (config.storageS3) {
      const bucket = createS3Client(config.storageS3);
      try {
        console.log(`Put into the bucket as ${await uploadBackup(bucket, file)}.`);
      } finally {
        bucket.close();
      }
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backup of ${source.describe} taken: ${file}\n` +
        `  schema ${manifest.migrations.at(-1)}, ${manifest.tables.length} tables, ${rows} rows, ` +
        `${manifest.objects.length} stored files` +
        (manifest.missingObjects.length
          ? ` (${manifest.missingObjects.length} deleted while it was taken)`
          : ''),
    );
  } finally {
    await source.close();
  }
} catch (error) {
  if (!isCommandRefusal(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
