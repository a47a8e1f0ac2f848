import pg from 'pg';
import { runPipeline } from './pipeline.ts';
import {
  DatabaseUnreachableError,
  isPostgresError,
  type Database,
  type Queryable,
  type QueryResult,
  type Statement,
} from './types.ts';

const BEGIN: Statement = { sql: 'begin', params: [] };

/** A connection of the pool; one that cannot be opened is a DatabaseUnreachableError. */
async function connection(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw new DatabaseUnreachableError(error);
  }
}

/** Runs fn with a client of the pool; a client left in an unknown state is not reused. */
async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await connection(pool);
  try {
    const result = await fn(client);
    client.release();
    return result;
  } catch (error) {
    // The server's own error leaves the connection ready for the next request; anything else
    // (a lost socket, a protocol surprise) might not.
    client.release(isPostgresError(error) ? undefined : (error as Error));
    throw error;
  }
}

/**
 * Statements are prepared once per connection and then only bound and run, as PostgREST does
 * (db-prepared-statements), and a request's statements travel together: see pipeline.ts.
 */
function wrap(
  run: <R>(statements: Statement[]) => Promise<QueryResult<R>>,
  exec: (sql: string) => Promise<unknown>,
): Queryable {
  return {
    query: <R>(sql: string, params: unknown[] = []) => run<R>([{ sql, params }]),
    async exec(sql: string) {
      await exec(sql);
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
    // A connection the database ends (a restart, an administrator, a pooler's idle timeout) is
    // an 'error' event, which would end the process without a listener: pg listens only while the
    // connection is idle in the pool. A statement in flight fails with the reason, and a lost
    // connection is never handed out again (pool.release drops it).
    client.on('error', () => undefined);
  });
  // An idle connection lost: the pool has already dropped it and opens another when asked.
  pool.on('error', () => undefined);
  // Fail at start, with the server's reason, rather than on the first request.
  await pool.query('select 1');
  const transaction: Database['transaction'] = async (fn) => {
    const client = await connection(pool);
    // BEGIN travels with the transaction's first statement, in the same write.
    let begun = false;
    const begin = () => {
      const first = !begun;
      begun = true;
      return first;
    };
    try {
      const result = await fn(
        wrap(
          (statements) => runPipeline(client, begin() ? [BEGIN, ...statements] : statements),
          async (sql) => {
            if (begin()) await client.query('begin');
            return client.query(sql);
          },
        ),
      );
      if (begun) await client.query('commit');
      return result;
    } catch (error) {
      if (begun) await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    ...wrap(
      (statements) => withClient(pool, (client) => runPipeline(client, statements)),
      (sql) => pool.query(sql),
    ),
    transaction,
    // One write, one round trip: PostgreSQL runs the statements before the Sync as one
    // transaction, so no BEGIN or COMMIT needs to travel.
    batch: <R>(statements: Statement[]) =>
      withClient(pool, (client) => runPipeline<R>(client, statements)),
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
