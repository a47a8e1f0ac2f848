// The database the server runs on: DATABASE_URL's server, or the embedded one it starts in
// DATA_DIR (decision 10), locked to the process that opened it.
import path from 'node:path';
import type { Config } from './config.ts';
import { lockDataDir } from './data-dir.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { startEmbeddedPostgres } from '#server/supabase/db/embedded-postgres.ts';
import { maxConnections } from '#server/supabase/db/embedded-postgres-settings.ts';
import { movePgliteData } from '#server/supabase/db/move-pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';

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
