// The database the server runs on: DATABASE_URL's server, or the embedded one it starts in
// DATA_DIR (decision 10), locked to the process that opened it; and what it needs before the
// site serves (migrations, the demo posts on a fresh database, an administrator).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { lockDataDir } from './data-dir.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { startEmbeddedPostgres } from '#server/supabase/db/embedded-postgres.ts';
import { maxConnections } from '#server/supabase/db/embedded-postgres-settings.ts';
import { movePgliteData } from '#server/supabase/db/move-pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import { ensureAdmin } from '#server/supabase/auth/admin.ts';
import { makeTeamAdmin } from '#server/product/team/team-admin.ts';

const seedFile = path.resolve(import.meta.dirname, '../supabase/seed.sql');

/**
 * The database: DATABASE_URL's server, or the embedded one in DATA_DIR (locked to this process).
 * The embedded PostgreSQL takes over a PGlite directory left by an earlier version (decision 10).
 * Also used by `npm run reset-two-factor` (scripts/reset-two-factor.ts).
 */
export async function openDatabase(
  config: Config,
  log: (line: string) => void,
): Promise<{ db: Database; release: () => void; url?: string }> {
  if (config.DATABASE_URL)
    return {
      db: await openPostgres(config.DATABASE_URL),
      release: () => {},
      url: config.DATABASE_URL,
    };
  const release = lockDataDir(config.dataDir);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  try {
    if (config.EMBEDDED_DATABASE === 'pglite') return { db: await openPglite(pgliteDir), release };
    const server = await startEmbeddedPostgres({
      directory: path.join(config.dataDir, 'postgres'),
      log,
      // Each of the WORKERS processes keeps a pool of its own on it (decision 39).
      settings: { max_connections: maxConnections(config.WORKERS) },
    });
    const pool = await openPostgres(server.url).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    const db: Database = {
      ...pool,
      async close() {
        await pool.close();
        await server.stop();
      },
    };
    try {
      const copied = await movePgliteData(pgliteDir, db);
      if (copied !== undefined) {
        log(`Moved ${copied} rows from PGlite (${pgliteDir}.moved) into PostgreSQL.`);
      }
    } catch (error) {
      await db.close();
      throw error;
    }
    return { db, release, url: server.url };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Applies the migrations, loads the demo posts into a fresh database (SEED_DEMO) and makes sure an
 * administrator exists, printing a new one's password once. Run by the process that serves, or,
 * with WORKERS, once by the first process before the workers start.
 */
export async function prepareDatabase(
  db: Database,
  config: Config,
  log: (line: string) => void,
): Promise<void> {
  const { applied, fresh } = await migrate(db, { log });
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  if (fresh && config.SEED_DEMO && existsSync(seedFile)) {
    await db.transaction(async (tx) => tx.exec(await readFile(seedFile, 'utf8')));
    log('Loaded the demo blog posts (SEED_DEMO=false skips this).');
  }
  await ensureAdmin(db, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    log,
    grantAdmin: makeTeamAdmin,
  });
}
