// Moves the data of a PGlite directory (the embedded default until decision 10) into the embedded
// PostgreSQL, once: both are brought to the same migrations, then every row of every table in the
// schemas the site uses is copied over in one transaction, and the old directory is renamed, not
// deleted. A failed move leaves PostgreSQL empty and PGlite as it was, so the next start retries.
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { tablesOf } from './tables.ts';
import type { Database, Queryable } from './types.ts';

const SCHEMAS = ['auth', 'public', 'storage'];

async function sequencesOf(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name
       from pg_sequences where schemaname = any($1)`,
    [SCHEMAS],
  );
  return rows.map((row) => row.name);
}

/** Copies every row from `from` to `to`; both already have the same schema. */
async function copyRows(from: Database, to: Database): Promise<number> {
  const tables = await tablesOf(from, SCHEMAS);
  const sequences = await sequencesOf(from);
  let copied = 0;
  await to.transaction(async (tx) => {
    // Triggers (revisions, updated_at) and foreign-key checks stay off while rows arrive whole.
    await tx.exec('set local session_replication_role = replica');
    const targets = new Set((await tablesOf(tx, SCHEMAS)).map((table) => table.name));
    const present = tables.filter((table) => targets.has(table.name));
    if (present.length) await tx.exec(`truncate ${present.map((t) => t.name).join(', ')}`);
    for (const table of present) {
      const list = table.columns.join(', ');
      const { rows } = await from.query<{ rows: string | null }>(
        `select json_agg(t)::text as rows from ${table.name} t`,
      );
      if (!rows[0]?.rows) continue; // no rows
      const result = await tx.query(
        `insert into ${table.name} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${table.name}, $1::json)`,
        [rows[0].rows],
      );
      copied += result.rowCount;
    }
    for (const sequence of sequences) {
      const { rows } = await from.query<{ last_value: string; is_called: string }>(
        `select last_value, is_called from ${sequence}`,
      );
      const state = rows[0];
      if (state) {
        await tx.query('select setval($1::regclass, $2::bigint, $3::boolean)', [
          sequence,
          state.last_value,
          state.is_called === 't' || state.is_called === 'true',
        ]);
      }
    }
  });
  return copied;
}

/**
 * When DATA_DIR still has PGlite's directory, migrates both databases, brings its data into `to` and
 * renames the directory to `<dir>.moved`. Returns how many rows were copied, or undefined when
 * there was nothing to move.
 */
export async function movePgliteData(pgliteDir: string, to: Database): Promise<number | undefined> {
  if (!existsSync(pgliteDir)) return undefined;
  await migrate(to);
  const from = await openPglite(pgliteDir);
  let copied: number;
  try {
    await migrate(from);
    copied = await copyRows(from, to);
  } finally {
    await from.close();
  }
  await rename(pgliteDir, `${pgliteDir}.moved`);
  return copied;
}
