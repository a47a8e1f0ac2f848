import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, type Database, type QueryResult } from '../db/types.ts';
import { createRestApi } from './api.ts';

/**
 * A database whose catalog holds one table `todos (id int)` and whose transactions fail with
 * `failure`; with `answer`, its batches succeed with that read's row until `failure` is set.
 */
function failingDatabase(failure: Error | undefined, answer?: Answer): Database {
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
    batch: async <R>(statements: { sql: string; params: unknown[] }[]) => {
      answer?.batches.push(statements);
      if (failure || !answer) throw failure ?? new Error('no answer');
      return { rows: [answer.row as R], rowCount: 1 };
    },
    close: async () => {},
  };
}

interface Answer {
  row: { page_total: string; total: string | null; body: string | null };
  /** The statements of every batch the API sent. */
  batches: { sql: string; params: unknown[] }[][];
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Serves the API as server/app.ts does: a read asked before is answered as a known one. */
async function serve(
  db: Database,
  recalled: string[] = [],
  answerHeaders?: Record<string, string>,
): Promise<string> {
  const api = await createRestApi({ db, jwtSecret: 'a-secret-of-at-least-thirty-two-characters' });
  server = createServer((req, res) => {
    const known = api.recall(req);
    if (known) recalled.push(req.url ?? '');
    const answered = known
      ? api.answerKnown(req, res, known, answerHeaders)
      : api.handle(req, res, new URL(req.url ?? '/', 'http://localhost'));
    answered.catch(() => {
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

describe("a read's body", () => {
  it('is sent as its UTF-8 bytes with their length, long and beyond Latin-1 or short', async () => {
    const long = JSON.stringify([
      { title: '“The welcome sequence” – in three mails ←'.repeat(80) },
    ]);
    for (const body of [long, '[{"title":"“short”"}]']) {
      const read: Answer = { row: { page_total: '1', total: null, body }, batches: [] };
      const url = await serve(failingDatabase(undefined, read));
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${url}/rest/v1/todos`, { method });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
        expect(await response.text()).toBe(method === 'GET' ? body : '');
      }
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });
});

describe('a read asked again', () => {
  const answer = (): Answer => ({
    row: { page_total: '1', total: null, body: '[{"id":1}]' },
    batches: [],
  });
  /** The request headers a batch's setup statement gave the database. */
  const headersSent = (batch: { params: unknown[] }[]) =>
    JSON.parse(batch[0]!.params[5] as string) as IncomingHttpHeaders;

  it("is answered as the first time, with this request's own headers for the database", async () => {
    const read = answer();
    const recalled: string[] = [];
    const url = await serve(failingDatabase(undefined, read), recalled);
    const first = await fetch(`${url}/rest/v1/todos?select=id`, { headers: { 'x-note': 'one' } });
    const again = await fetch(`${url}/rest/v1/todos?select=id`, { headers: { 'x-note': 'two' } });
    expect(recalled).toEqual(['/rest/v1/todos?select=id']);
    expect(again.status).toBe(first.status);
    for (const name of ['content-type', 'content-range', 'content-length']) {
      expect(again.headers.get(name)).toBe(first.headers.get(name));
    }
    expect(await again.text()).toBe(await first.text());
    expect(read.batches).toHaveLength(2);
    expect(read.batches[1]![1]).toEqual(read.batches[0]![1]);
    expect(headersSent(read.batches[0]!)['x-note']).toBe('one');
    expect(headersSent(read.batches[1]!)['x-note']).toBe('two');
  });

  it('is not recalled for other preferences, or for a write to the same target', async () => {
    const read = answer();
    const recalled: string[] = [];
    const url = await serve(failingDatabase(undefined, read), recalled);
    await fetch(`${url}/rest/v1/todos?select=id`);
    await fetch(`${url}/rest/v1/todos?select=id`, { headers: { prefer: 'count=exact' } });
    await fetch(`${url}/rest/v1/todos?select=id`, { method: 'DELETE' });
    expect(recalled).toEqual([]);
  });

  it('answers a database gone since the first time with 503 PGRST001, as the first time would', async () => {
    const read = answer();
    const database = failingDatabase(undefined, read);
    const url = await serve(database);
    expect((await fetch(`${url}/rest/v1/todos`)).status).toBe(200);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    database.batch = async () => {
      throw refused;
    };
    const again = await fetch(`${url}/rest/v1/todos`);
    expect(again.status).toBe(503);
    expect(await again.json()).toMatchObject({ code: 'PGRST001' });
  });

  it("carries the caller's answer headers on its answer and on an error's", async () => {
    const read = answer();
    const database = failingDatabase(undefined, read);
    const url = await serve(database, [], { 'Access-Control-Allow-Origin': '*' });
    await fetch(`${url}/rest/v1/todos`);
    const again = await fetch(`${url}/rest/v1/todos`);
    expect(again.status).toBe(200);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(again.headers.get('content-range')).toBe('0-0/*');
    database.batch = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    const failed = await fetch(`${url}/rest/v1/todos`);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is forgotten when the schema reloads', async () => {
    const db = failingDatabase(undefined, answer());
    const api = await createRestApi({
      db,
      jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
    });
    const req = { method: 'GET', url: '/rest/v1/todos', headers: {} } as IncomingMessage;
    const res = {
      writeHead: () => res,
      end: () => res,
    } as unknown as ServerResponse;
    await api.handle(req, res, new URL(req.url!, 'http://localhost'));
    expect(api.recall(req)).toBeDefined();
    await api.reloadSchema();
    expect(api.recall(req)).toBeUndefined();
  });
});
