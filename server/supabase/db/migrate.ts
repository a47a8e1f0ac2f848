import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from './types.ts';

const root = path.resolve(import.meta.dirname, '../../..');
export const migrationsDir = path.join(root, 'supabase/migrations');
const bootstrapFile = path.join(import.meta.dirname, 'bootstrap.sql');
const ownershipFile = path.join(import.meta.dirname, 'ownership.sql');

/** The role migrations run as: this backend's `postgres` (server/supabase/db/ownership.sql). */
export const MIGRATION_ROLE = 'migrator';

export interface MigrationResult {
  /** Files applied by this call, in order. */
  applied: string[];
  /** True when the database had no migration history: a first start. */
  fresh: boolean;
}

export interface MigrateOptions {
  /** The migrations to apply; supabase/migrations unless a test says otherwise. */
  directory?: string;
  /** Where a database that cannot be set up as hosted Supabase's is reported. */
  log?: (line: string) => void;
}

/** Only a superuser can make roles owners of auth and storage and switch into them. */
async function isSuperuser(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ rolsuper: string }>(
    'select rolsuper from pg_roles where rolname = current_user',
  );
  return rows[0]?.rolsuper === 't' || rows[0]?.rolsuper === 'true';
}

/**
 * Creates what hosted Supabase provides (roles, the auth and storage schemas and their owners),
 * then applies every migration in supabase/migrations not yet recorded, each in its own
 * transaction as the `migrator` role, which owns neither auth nor storage, as `supabase db push`
 * runs them as `postgres`. They are recorded in the Supabase CLI's own table, so the CLI and this
 * runner agree on what ran. A connection that is no superuser (a DATABASE_URL's plain user) runs
 * them as itself, as before, and says so.
 */
export async function migrate(
  db: Database,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  const ownership = await readFile(ownershipFile, 'utf8');
  const directory = options.directory ?? migrationsDir;
  const files = (await readdir(directory)).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    // Several servers may share one PostgreSQL: one migrates, the others wait for it.
    await tx.query('select pg_advisory_xact_lock(7411003)');
    await tx.exec(bootstrap);
    const strict = await isSuperuser(tx);
    if (strict) await tx.exec(ownership);
    else {
      const { rows } = await tx.query<{ user: string }>('select current_user as user');
      log(
        `The database user ${rows[0]?.user} is not a superuser: migrations run as that user, who ` +
          'owns auth and storage, unlike on hosted Supabase (a superuser DATABASE_URL lets this ' +
          `server run them as ${MIGRATION_ROLE}).`,
      );
    }
    const done = await tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const applied = new Set(done.rows.map((r) => r.version));
    const ran: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || applied.has(version)) continue;
      const sql = await readFile(path.join(directory, file), 'utf8');
      try {
        if (strict) await tx.exec(`set local role ${MIGRATION_ROLE}`);
        await tx.exec(sql);
        if (strict) await tx.exec('reset role');
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, rest.join('_'), [sql]],
      );
      ran.push(file);
    }
    return { applied: ran, fresh: applied.size === 0 };
  });
}
