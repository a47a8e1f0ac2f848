// npm run restore -- <backup file> [--data-dir <folder>] [--database-url <url>] [--replace]:
// restores a backup taken by the site (docs/operations.md#restore). Into DATA_DIR (or
// --data-dir) by default, which must hold no data unless --replace; --database-url loads the
// rows into an outside PostgreSQL instead; --schemas public loads only that schema's tables into a
// database whose schema is in place (hosted Supabase after `supabase db push`); --from-bucket reads
// the backup of that name from the S3 bucket's ~backups/.
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { isCommandRefusal, runRestore } from '#server/backups/restore-command.ts';

const usage =
  'Usage: npm run restore -- <backup file> [--data-dir <folder>] [--database-url <postgres url>] [--replace] [--schemas public,…] [--from-bucket]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      replace: { type: 'boolean', default: false },
      schemas: { type: 'string' },
      'from-bucket': { type: 'boolean', default: false },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const [archive, ...extra] = parsed.positionals;
if (!archive || extra.length) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
try {
  const lines = await runRestore(
    config,
    {
      archive,
      dataDir: parsed.values['data-dir'],
      databaseUrl: parsed.values['database-url'],
      replace: parsed.values.replace,
      fromBucket: parsed.values['from-bucket'],
      schemas: parsed.values.schemas?.split(',').map((schema) => schema.trim()),
    },
    (line) => console.log(line),
  );
  console.log(lines.join('\n'));
} catch (error) {
  if (!isCommandRefusal(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
