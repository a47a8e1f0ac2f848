// The tables of some schemas and the columns their rows store, for copying every row from one
// database to another (the move from PGlite, backups and their restore).
import type { Queryable } from './types.ts';

export interface TableToCopy {
  /** Schema-qualified and quoted. */
  name: string;
  /** Quoted, in order; generated columns left out (they are computed again where rows arrive). */
  columns: string[];
}

/** Every table (a partition only through its parent) of these schemas, by name. */
export async function tablesOf(db: Queryable, schemas: readonly string[]): Promise<TableToCopy[]> {
  const { rows } = await db.query<{ name: string; columns: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            json_agg(quote_ident(a.attname) order by a.attnum)::text as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
        and a.attgenerated = ''
      group by n.nspname, c.relname
      order by 1`,
    [schemas],
  );
  return rows.map((row) => ({ name: row.name, columns: JSON.parse(row.columns) as string[] }));
}
