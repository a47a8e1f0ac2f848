// npm run move-database -- <postgres url> [--replace]: moves the embedded database into an outside
// PostgreSQL (docs/operations.md#moving-to-an-outside-postgresql): a backup is taken (kept in
// DATA_DIR/backups), and restored there after the site's migrations. Then start the site with
// DATABASE_URL set to that URL.
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { isCommandRefusal, runRestore } from '#server/backups/restore-command.ts';
import { backupsDir } from '#server/backups/scheduled-backups.ts';
import { openSourceDatabase } from '#server/backups/source-database.ts';
import { takeBackup } from '#server/backups/take-backup.ts';

const usage = 'Usage: npm run move-database -- <postgres url> [--replace]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const [url, ...extra] = parsed.positionals;
if (!url || extra.length || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: the site already runs on an outside PostgreSQL. Take a backup there ' +
      '(npm run backup) and restore it with npm run restore -- <file> --database-url <url>.',
  );
  process.exit(1);
}
const log = (line: string) => console.log(line);
try {
  const source = await openSourceDatabase(config, log);
  let file: string;
  try {
    ({ file } = await takeBackup({
      db: source.db,
      into: backupsDir(config.dataDir),
      dataDir: config.dataDir,
    }));
    console.log(`Backup of ${source.describe} taken: ${file}`);
    if (source.describe.includes('while the site runs'))
      console.log(
        'The site is running: what it stores from now on stays behind. Stop it to move everything.',
      );
  } finally {
    await source.close();
  }
  const lines = await runRestore(
    config,
    { archive: file, databaseUrl: url, replace: parsed.values.replace },
    log,
  );
  console.log(
    [
      ...lines,
      'Start the site with DATABASE_URL set to that URL; it keeps reading the stored files from ' +
        'DATA_DIR/storage, and its secrets (jwt-secret, form-secret) from DATA_DIR.',
    ].join('\n'),
  );
} catch (error) {
  if (!isCommandRefusal(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
