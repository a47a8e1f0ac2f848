import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, type Database, type QueryResult } from '../db/types.ts';
import { createRestApi } from './api.ts';

/** A database whose catalog holds one table `todos (id int)` and whose transactions fail with `failure`. */
function failingDatabase(failure: Error): Database {
  const query = async <R>(sql: string): Promise<QueryResult<R>> => {
    if (sql.includes('pg_attribute')) {
      const row = {
        table_name: 'todos',
        kind: 'r',
        column_name: 'id',
        type: 'integer',
        not_null: 't',
        default_sql: null,
        pk_position: '1',
      };
      return { rows: [row as R], rowCount: 1 };
    }
    // No functions to call (/rpc).
    if (sql.includes('pg_proc')) return { rows: [], rowCount: 0 };
    if (sql.includes('pg_auth_members')) {
      return { rows: [{ name: 'anon', assumable: 't' } as R], rowCount: 1 };
    }
    throw new Error(`unexpected query: ${sql}`);
  };
  return {
    query,
    exec: async () => {},
    transaction: async () => {
      throw failure;
    },
    batch: async () => {
      throw failure;
    },
    close: async () => {},
  };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(db: Database): Promise<string> {
  const api = await createRestApi({ db, jwtSecret: 'a-secret-of-at-least-thirty-two-characters' });
  server = createServer((req, res) => {
    api.handle(req, res, new URL(req.url ?? '/', 'http://localhost')).catch(() => {
      res.writeHead(500).end('unhandled');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('when the database cannot be reached', () => {
  it.each(['ECONNREFUSED', 'EPIPE'])(
    'answers %s with 503 PGRST001, which supabase-js retries',
    async (code) => {
      const url = await serve(
        failingDatabase(Object.assign(new Error(`connect ${code}`), { code })),
      );
      const response = await fetch(`${url}/rest/v1/todos`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'PGRST001',
        details: `connect ${code}`,
        hint: null,
        message: 'Database client error. Retrying the connection.',
      });
    },
  );

  it('answers a connection the database refused (starting up, full) with 503 PGRST001', async () => {
    const starting = Object.assign(new Error('the database system is starting up'), {
      code: '57P03',
      severity: 'FATAL',
    });
    const url = await serve(failingDatabase(new DatabaseUnreachableError(starting)));
    const response = await fetch(`${url}/rest/v1/todos`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      code: 'PGRST001',
      details: 'the database system is starting up',
    });
  });

  it('leaves a programming error to the server, which logs it', async () => {
    const url = await serve(failingDatabase(new TypeError('boom')));
    const response = await fetch(`${url}/rest/v1/todos`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('unhandled');
  });

  it('answers what it can without the database: unknown tables and malformed queries', async () => {
    const url = await serve(failingDatabase(new Error('never reached')));
    expect((await fetch(`${url}/rest/v1/todo`)).status).toBe(404);
    expect((await fetch(`${url}/rest/v1/todos?id=nope`)).status).toBe(400);
  });
});
