import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './types.ts';

// Like the pg adapter: every value stays PostgreSQL's own text (bool 't'/'f', json as text…).
// OIDs: bool, bytea, int8, int2, int4, json, float4, float8, timestamp, timestamptz, date, numeric, jsonb.
const textOids = [16, 17, 20, 21, 23, 114, 700, 701, 1114, 1184, 1082, 1700, 3802];
const textParsers = Object.fromEntries(textOids.map((oid) => [oid, (value: string) => value]));

function wrap(conn: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const result = await conn.query<R>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WebAssembly) persisted in a directory; one process per directory. */
export async function openPglite(directory: string): Promise<Database> {
  const pg = await PGlite.create(directory, { parsers: textParsers });
  const base = wrap(pg);
  return {
    ...base,
    // PGlite has one connection; its transaction() holds a lock so requests queue, not interleave.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
