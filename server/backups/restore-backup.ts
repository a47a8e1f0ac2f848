// Loads a backup taken by take-backup.ts (opened and checked by opened-backup.ts) into a
// database: the target is brought to the backup's
// migrations, every row loaded in one transaction as a replica (triggers and foreign-key checks
// off, as pg_restore does), the sequences set, and then the migrations the backup predates are
// applied. Any PostgreSQL 17 (embedded, PGlite, or an outside server through DATABASE_URL) takes
// it (docs/decisions/0033-backups-that-restore.md).
import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { migrate, migrationsDir } from '#server/supabase/db/migrate.ts';
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import { BACKED_UP_SCHEMAS, BadManifestError, type Manifest } from './manifest.ts';
import type { OpenedBackup } from './opened-backup.ts';
import { backedUpTables } from './take-backup.ts';

/** Rows sent in one statement; a batch also ends past BATCH_BYTES. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/** The restore stops before writing: the target holds data, or the backup does not fit it. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** The migration versions a database has applied; empty for a database with no schema yet. */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ present: string | null }>(
    `select to_regclass('supabase_migrations.schema_migrations')::text as present`,
  );
  if (!rows[0]?.present) return [];
  const applied = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  return applied.rows.map((row) => row.version);
}

/** The site's migration files, by version. */
async function migrationFiles(directory: string): Promise<Map<string, string>> {
  const files = (await readdir(directory)).filter((f) => /^\d{14}_.+\.sql$/.test(f));
  return new Map(files.map((file) => [file.slice(0, 14), file]));
}

/** Applies the site's migrations up to the backup's last one, and none after. */
async function migrateTo(
  db: Database,
  versions: string[],
  log: (line: string) => void,
): Promise<void> {
  const files = await migrationFiles(migrationsDir);
  const unknown = versions.filter((version) => !files.has(version));
  if (unknown.length)
    throw new RestoreRefusedError(
      `The backup was taken by a newer version of the site (its migrations ${unknown.join(', ')} ` +
        'are not in supabase/migrations): restore it with that version.',
    );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leadgen-restore-migrations-'));
  try {
    for (const version of versions) {
      const file = files.get(version)!;
      await copyFile(path.join(migrationsDir, file), path.join(dir, file));
    }
    await migrate(db, { directory: dir, log });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each column's type in the target, by quoted name: the text forms are read as these. */
async function columnTypes(tx: Queryable, table: string): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ name: string; type: string }>(
    `select quote_ident(attname) as name, format_type(atttypid, atttypmod) as type
       from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
    [table],
  );
  return new Map(rows.map((row) => [row.name, row.type]));
}

/** Inserts one table's lines in batches; answers how many rows went in. */
async function loadTable(tx: Queryable, table: Manifest['tables'][number], file: string) {
  const types = await columnTypes(tx, table.name);
  const missing = table.columns.filter((column) => !types.has(column));
  if (missing.length)
    throw new RestoreRefusedError(
      `The target's ${table.name} has no column ${missing.join(', ')}.`,
    );
  const values = table.columns.map((column, i) => `(v->>${i})::${types.get(column)}`);
  const insert = `insert into ${table.name} (${table.columns.join(', ')}) overriding system value
    select ${values.join(', ')} from json_array_elements($1::json) v`;
  let batch: string[] = [];
  let bytes = 0;
  let loaded = 0;
  const flush = async () => {
    if (!batch.length) return;
    loaded += (await tx.query(insert, [`[${batch.join(',')}]`])).rowCount;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return loaded;
}

export interface LoadOptions {
  /** Load over a database that already has a schema (its rows are replaced). */
  replace?: boolean;
  /**
   * Load only these schemas' tables, into a database whose schema is already in place (hosted
   * Supabase after `supabase db push`): its migrations are not run, and they must include the
   * backup's.
   */
  schemas?: string[];
  log?: (line: string) => void;
}

/** The tables and sequences of the backup that the restore loads. */
function selected(manifest: Manifest, schemas: string[] | undefined) {
  const inSchemas = ({ name }: { name: string }) =>
    !schemas || schemas.some((schema) => name.startsWith(`${schema}.`));
  return {
    tables: manifest.tables.filter(inSchemas),
    sequences: manifest.sequences.filter(inSchemas),
  };
}

/** With `schemas`: the target has every migration of the backup; none of those tables holds rows. */
async function checkSchemaInPlace(db: Database, manifest: Manifest, options: LoadOptions) {
  const unknown = (options.schemas ?? []).filter(
    (schema) => !(BACKED_UP_SCHEMAS as readonly string[]).includes(schema),
  );
  if (unknown.length)
    throw new RestoreRefusedError(
      `A backup holds no schema ${unknown.join(', ')}: it holds ${BACKED_UP_SCHEMAS.join(', ')}.`,
    );
  const applied = new Set(await appliedMigrations(db));
  const missing = manifest.migrations.filter((version) => !applied.has(version));
  if (missing.length)
    throw new RestoreRefusedError(
      `The target database lacks the backup's migrations ${missing.join(', ')}: apply them first ` +
        '(supabase db push), then restore.',
    );
  if (options.replace) return;
  for (const table of selected(manifest, options.schemas).tables) {
    const { rows } = await db.query<{ present: string | null }>(
      'select to_regclass($1)::text as present',
      [table.name],
    );
    if (!rows[0]?.present) continue; // refused with the other missing tables below
    const { rowCount } = await db.query(`select 1 from ${table.name} limit 1`);
    if (rowCount)
      throw new RestoreRefusedError(
        `The target's ${table.name} holds rows: say --replace to replace them.`,
      );
  }
}

/** Without `schemas`: a target with no schema (or `replace`), brought to the backup's migrations. */
async function prepareSchema(
  db: Database,
  manifest: Manifest,
  options: LoadOptions,
  log: (line: string) => void,
) {
  const applied = await appliedMigrations(db);
  if (applied.length && !options.replace)
    throw new RestoreRefusedError(
      'The target database already has the site’s schema (and maybe data): restore into a fresh ' +
        'DATA_DIR or an empty database, or say --replace to replace what it holds.',
    );
  const ahead = applied.filter((version) => !manifest.migrations.includes(version));
  if (ahead.length)
    throw new RestoreRefusedError(
      `The target database has migrations the backup predates (${ahead.join(', ')}): restore ` +
        'into a fresh DATA_DIR or an empty database.',
    );
  await migrateTo(db, manifest.migrations, log);
}

/**
 * Loads the backup's rows into `db`: refuses a database that already has a schema unless
 * `replace`, and one whose migrations are ahead of the backup's. Answers the rows loaded.
 */
export async function loadBackup(
  db: Database,
  backup: OpenedBackup,
  options: LoadOptions = {},
): Promise<number> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { manifest } = backup;
  const { tables, sequences } = selected(manifest, options.schemas);
  if (options.schemas) await checkSchemaInPlace(db, manifest, options);
  else await prepareSchema(db, manifest, options, log);

  const loaded = await db.transaction(async (tx) => {
    try {
      await tx.exec('set local session_replication_role = replica');
    } catch (error) {
      throw new RestoreRefusedError(
        'The restore loads rows as a replica (triggers off), which takes a superuser connection: ' +
          `${(error as Error).message}`,
      );
    }
    const present = new Set((await backedUpTables(tx)).map((table) => table.name));
    const absent = tables.filter((table) => !present.has(table.name));
    if (absent.length)
      throw new RestoreRefusedError(
        `The target has no table ${absent.map((table) => table.name).join(', ')}.`,
      );
    if (tables.length) await tx.exec(`truncate ${tables.map((table) => table.name).join(', ')}`);
    let total = 0;
    for (const table of tables) {
      const rows = await loadTable(tx, table, path.join(backup.dir, ...table.entry.split('/')));
      if (rows !== table.rows)
        throw new BadManifestError(
          `${table.name} holds ${rows} rows, its manifest says ${table.rows}`,
        );
      total += rows;
    }
    for (const sequence of sequences) {
      const { rows } = await tx.query<{ present: string | null }>(
        'select to_regclass($1)::text as present',
        [sequence.name],
      );
      if (!rows[0]?.present) continue;
      await tx.query('select setval($1::regclass, $2::bigint, $3::boolean)', [
        sequence.name,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    // No copy runs anything in a database that was just restored: claims the backup caught
    // (its own run among them) end now, so the jobs run when they are due.
    const { rows: jobRuns } = await tx.query<{ present: string | null }>(
      `select to_regclass('private.job_runs')::text as present`,
    );
    if (jobRuns[0]?.present && tables.some((table) => table.name === 'private.job_runs'))
      await tx.exec('update private.job_runs set lease_until = null');
    return total;
  });
  if (options.schemas) return loaded;
  const { applied: later } = await migrate(db, { log });
  if (later.length) log(`Applied the migrations the backup predates: ${later.join(', ')}`);
  return loaded;
}
