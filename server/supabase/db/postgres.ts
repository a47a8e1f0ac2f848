import pg from 'pg';
import type { Database, Queryable, QueryResult, Statement } from './types.ts';

// Keep every value as PostgreSQL's own text; the protocol layers render JSON in SQL.
const identity = (value: string) => value;
const textTypes = { getTypeParser: () => identity } as unknown as pg.CustomTypesConfig;

/**
 * Statements are prepared once per connection and then only bound and run, as PostgREST does
 * (db-prepared-statements): the API sends the same few statement texts over and over, and parsing
 * and planning them each time was much of the database's work per request. pg prepares a named
 * statement on a connection the first time it meets the name there. The names are bounded: past
 * MAX_PREPARED distinct texts (hand-made requests can vary without end) the rest run unprepared.
 */
const MAX_PREPARED = 500;
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `s${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const result = await client.query({
        name: statementName(sql),
        text: sql,
        values: params,
        types: textTypes,
      });
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
  // The pool's connections, until each has closed: pool.end() resolves when it has asked them
  // to, not when they have, so close() waits for them itself.
  const open = new Set<pg.Client>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  // Fail at start, with the server's reason, rather than on the first request.
  await pool.query('select 1');
  const transaction: Database['transaction'] = async (fn) => {
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
  };
  return {
    ...wrap(pool),
    transaction,
    batch: <R>(statements: Statement[]) =>
      transaction(async (tx) => {
        let result: QueryResult<R> = { rows: [], rowCount: 0 };
        for (const { sql, params } of statements) result = await tx.query<R>(sql, params);
        return result;
      }),
    async close() {
      const closing = [...open].map((client) => {
        // Closing anyway: a connection the server ends first (a dropped database) is no error.
        client.on('error', () => undefined);
        return new Promise((resolve) => client.once('end', resolve));
      });
      await pool.end();
      await Promise.all(closing);
    },
  };
}
