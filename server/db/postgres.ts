import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types.ts';

// Keep every value as PostgreSQL's own text; the protocol layers render JSON in SQL.
const identity = (value: string) => value;
const textTypes = { getTypeParser: () => identity } as unknown as pg.CustomTypesConfig;

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const result = await client.query({ text: sql, values: params, types: textTypes });
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** A connection pool to any PostgreSQL server; the Node process stays stateless. */
export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // Fail at start, with the server's reason, rather than on the first request.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
