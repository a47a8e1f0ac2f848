// Takes one backup of a running database: every table of the schemas the app owns read inside one
// REPEATABLE READ transaction (one snapshot: every write committed before it began is in it,
// none after), as JSON lines through a cursor, then the stored files those rows name and the
// DATA_DIR secrets, into one gzip'd tar written under a temporary name and renamed when complete
// (docs/decisions/0033-backups-that-restore.md).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ObjectFiles } from '#server/supabase/storage/files.ts';
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import { tablesOf, type TableToCopy } from '#server/supabase/db/tables.ts';
import {
  BACKED_UP_SCHEMAS,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  backupFileName,
  type Manifest,
} from './manifest.ts';
import { TarWriter } from './tar.ts';

/** Held by the transaction of a backup in progress, on any copy: a second one waits for none. */
const BACKUP_LOCK = 7411033;
const ROWS_PER_FETCH = 1000;
/** The DATA_DIR files without which a restored site would not accept its old keys and links. */
export const SECRET_FILES = ['jwt-secret', 'form-secret'];

export class BackupInProgressError extends Error {
  constructor() {
    super(
      'A backup is being taken already (by this server or another copy): try again when it ends.',
    );
    this.name = 'BackupInProgressError';
  }
}

export interface TakeBackupOptions {
  db: Database;
  /** Where the backup goes, e.g. DATA_DIR/backups. */
  into: string;
  /** DATA_DIR: its storage/ files and secrets go into the backup. */
  dataDir: string;
  /** Stored files in an S3 bucket stay there: the backup then holds their rows only. */
  filesInBucket?: boolean;
  now?: () => Date;
}

export interface TakenBackup {
  file: string;
  manifest: Manifest;
}

/** Every table of the backed-up schemas, and its stored columns. */
export const backedUpTables = (db: Queryable): Promise<TableToCopy[]> =>
  tablesOf(db, BACKED_UP_SCHEMAS);

async function sequencesOf(tx: Queryable): Promise<Manifest['sequences']> {
  const { rows } = await tx.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name
       from pg_sequences where schemaname = any($1) order by 1`,
    [BACKED_UP_SCHEMAS],
  );
  const sequences: Manifest['sequences'] = [];
  for (const { name } of rows) {
    const state = await tx.query<{ last_value: string; is_called: string }>(
      `select last_value::text, is_called::text from ${name}`,
    );
    const row = state.rows[0];
    if (row)
      sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called === 'true' });
  }
  return sequences;
}

/**
 * Writes one table's rows to `file`, a line each: a JSON array of the columns' text forms (null
 * for NULL), the forms COPY writes, which every type reads back exactly (a jsonb `null` stays
 * apart from NULL). Answers how many rows.
 */
async function copyTable(tx: Queryable, table: TableToCopy, file: string): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  let count = 0;
  try {
    await tx.exec(
      `declare backup_rows no scroll cursor for
         select to_json(array[${table.columns.map((column) => `${column}::text`).join(', ')}])::text as line
           from ${table.name}`,
    );
    for (;;) {
      const { rows } = await tx.query<{ line: string }>(
        `fetch forward ${ROWS_PER_FETCH} from backup_rows`,
      );
      if (rows.length === 0) break;
      const text = rows.map((row) => row.line + '\n').join('');
      if (!out.write(text))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      count += rows.length;
    }
    await tx.exec('close backup_rows');
  } finally {
    out.end();
    await finished(out);
  }
  return count;
}

/** A file's size and a stream of it; undefined when it is gone. */
async function openIfPresent(file: string) {
  try {
    const { size } = await stat(file);
    return { size, stream: createReadStream(file) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes one backup now. Throws BackupInProgressError when another is being taken on this
 * database; a failure leaves no file under the backup's name.
 */
export async function takeBackup(options: TakeBackupOptions): Promise<TakenBackup> {
  const { db, into, dataDir } = options;
  const createdAt = (options.now ?? (() => new Date()))();
  await mkdir(into, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(into, `.taking-${process.pid}-`));
  const final = path.join(into, backupFileName(createdAt));
  const partial = path.join(work, 'backup.tar.gz');
  try {
    const snapshot = await db.transaction(async (tx) => {
      // The first statement fixes the snapshot; the lock says no other backup runs.
      await tx.exec('set transaction isolation level repeatable read');
      // Text forms that read back alike whatever the restoring server's settings.
      await tx.exec(
        "set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres'; set local bytea_output = 'hex'",
      );
      const { rows: lock } = await tx.query<{ locked: string }>(
        'select pg_try_advisory_xact_lock($1)::text as locked',
        [BACKUP_LOCK],
      );
      if (lock[0]?.locked !== 'true') throw new BackupInProgressError();
      const { rows: version } = await tx.query<{ server_version: string }>('show server_version');
      const migrations = await tx
        .query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        )
        .catch(() => ({ rows: [] }));
      if (migrations.rows.length === 0)
        throw new Error('The database has no schema yet: there is nothing to back up.');
      const tables: Array<TableToCopy & { rows: number; file: string }> = [];
      for (const [index, table] of (await backedUpTables(tx)).entries()) {
        const file = path.join(work, `table-${index}.jsonl`);
        tables.push({ ...table, rows: await copyTable(tx, table, file), file });
      }
      const { rows: objects } = await tx.query<{ bucket: string; name: string; version: string }>(
        'select bucket_id as bucket, name, version from storage.objects where version is not null order by 1, 2',
      );
      return {
        serverVersion: version[0]?.server_version ?? 'unknown',
        migrations: migrations.rows.map((row) => row.version),
        tables,
        sequences: await sequencesOf(tx),
        objects,
      };
    });

    const tar = new TarWriter(partial);
    try {
      const tables: Manifest['tables'] = [];
      for (const table of snapshot.tables) {
        const entry = `data/${table.name.replace(/"/g, '')}.jsonl`;
        const { size, stream } = (await openIfPresent(table.file))!;
        const written = await tar.add(entry, size, stream);
        tables.push({
          name: table.name,
          columns: table.columns,
          rows: table.rows,
          entry,
          bytes: written.bytes,
          sha256: written.sha256,
        });
        await rm(table.file);
      }
      // Files are written before their row and removed after it: every row of the snapshot has
      // its file now, unless it was deleted since (then it is listed as missing).
      const objects: Manifest['objects'] = [];
      const missingObjects: string[] = [];
      if (!options.filesInBucket) {
        const files = new ObjectFiles(dataDir);
        for (const object of snapshot.objects) {
          const file = files.pathOf(object.bucket, object.name, object.version);
          if (!file) continue;
          const entry = `files/${path.relative(files.root, file).split(path.sep).join('/')}`;
          const opened = await openIfPresent(file);
          if (!opened) {
            missingObjects.push(`${object.bucket}/${object.name}`);
            continue;
          }
          const { bytes, sha256 } = await tar.add(entry, opened.size, opened.stream);
          objects.push({ entry, bytes, sha256 });
        }
      }
      const secrets: Manifest['secrets'] = [];
      for (const name of SECRET_FILES) {
        const opened = await openIfPresent(path.join(dataDir, name));
        if (!opened) continue;
        const { bytes, sha256 } = await tar.add(`secrets/${name}`, opened.size, opened.stream);
        secrets.push({ entry: `secrets/${name}`, bytes, sha256 });
      }
      const manifest: Manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        serverVersion: snapshot.serverVersion,
        migrations: snapshot.migrations,
        tables,
        sequences: snapshot.sequences,
        files: options.filesInBucket ? 'in-bucket' : 'included',
        objects,
        missingObjects,
        secrets,
      };
      const text = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
      await tar.add(MANIFEST_NAME, text.length, text);
      await tar.close();
      // On disk before it takes the name that says it is complete.
      const handle = await open(partial, 'r');
      await handle.sync();
      await handle.close();
      await rename(partial, final);
      return { file: final, manifest };
    } catch (error) {
      tar.destroy();
      throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
