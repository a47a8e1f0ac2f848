// The database a backup command reads, whether the site runs or not: DATABASE_URL's server; or the
// embedded PostgreSQL, reached over its socket while the site runs (its DATA_DIR is locked to the
// site), or started for the command when it does not. PGlite has one connection, the site's own:
// while the site runs on it only its schedule can take a backup.
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { openDatabase } from '#server/database.ts';
import { DataDirLockedError } from '#server/data-dir.ts';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { Database } from '#server/supabase/db/types.ts';

export class NoSourceError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'NoSourceError';
  }
}

export interface SourceDatabase {
  db: Database;
  /** How the database was reached, for the command's output. */
  describe: string;
  close(): Promise<void>;
}

export async function openSourceDatabase(
  config: Config,
  log: (line: string) => void,
): Promise<SourceDatabase> {
  if (config.SUPABASE_URL && !config.DATABASE_URL)
    throw new NoSourceError(
      'This site runs on hosted Supabase, which backs its database up itself (the project’s ' +
        'Database → Backups page); set DATABASE_URL to its connection string to take one here too.',
    );
  if (config.DATABASE_URL) {
    const db = await openPostgres(config.DATABASE_URL, 1);
    return { db, describe: 'PostgreSQL (DATABASE_URL)', close: () => db.close() };
  }
  try {
    const { db, release } = await openDatabase(config, log);
    return {
      db,
      describe: `the embedded database in ${config.dataDir} (the site is not running)`,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (config.EMBEDDED_DATABASE === 'pglite')
      throw new NoSourceError(
        'The site is running on PGlite, whose one connection is the site’s: its scheduled backups ' +
          '(BACKUP_INTERVAL_HOURS) run inside it. Stop the site to take one now.',
        { cause: error },
      );
    const url = await embeddedPostgresUrl(path.join(config.dataDir, 'postgres'));
    const db = await openPostgres(url, 1);
    return {
      db,
      describe: `the embedded PostgreSQL in ${config.dataDir}, while the site runs`,
      close: () => db.close(),
    };
  }
}
