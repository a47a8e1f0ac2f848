import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './types.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const migrationsDir = path.join(root, 'supabase/migrations');
const bootstrapFile = path.join(import.meta.dirname, 'bootstrap.sql');

/**
 * Creates what hosted Supabase provides (roles, the auth schema and its helpers), then applies
 * every migration in supabase/migrations not yet recorded, each in its own transaction, recorded
 * in the Supabase CLI's own table so `supabase db push` and this runner agree on what ran.
 */
export interface MigrationResult {
  /** Files applied by this call, in order. */
  applied: string[];
  /** True when the database had no migration history: a first start. */
  fresh: boolean;
}

export async function migrate(db: Database): Promise<MigrationResult> {
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    // Several servers may share one PostgreSQL: one migrates, the others wait for it.
    await tx.query('select pg_advisory_xact_lock(7411003)');
    await tx.exec(bootstrap);
    const done = await tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const applied = new Set(done.rows.map((r) => r.version));
    const ran: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || applied.has(version)) continue;
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      try {
        await tx.exec(sql);
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
