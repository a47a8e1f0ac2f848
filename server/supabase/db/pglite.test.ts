// PGlite on its worker thread (pglite.ts): statements, transactions, errors, the data directory
// and its move, and statement_timeout, which the main thread enforces by ending the worker.
// Long because one PGlite database (about 5 s to open and migrate) is shared by every test here.
import { mkdtemp, readdir, readlink, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { isPostgresError, type Database } from './types.ts';

// Opening PGlite runs initdb in WebAssembly: seconds on a busy machine.
const OPEN_MS = 60_000;

async function caught(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    expect(isPostgresError(error)).toBe(true);
    return error as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

describe('PGlite in a worker thread', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await db.exec(`create table items (id serial primary key, name text unique not null,
      price numeric, tags text[], data jsonb, raw bytea, at timestamptz)`);
  }, OPEN_MS);
  afterAll(async () => db?.close());

  it("returns every value in PostgreSQL's text form, as the pg adapter does", async () => {
    const { rows, rowCount } = await db.query(
      `select true as yes, 42::int8 as big, 1.50::numeric as price, '{"a": 1}'::json as json,
        array[1, 2] as list, null as nothing, '2026-11-25 10:00:00+00'::timestamptz as at`,
    );
    expect(rowCount).toBe(1);
    expect(rows).toEqual([
      {
        yes: 't',
        big: '42',
        price: '1.50',
        json: '{"a": 1}',
        list: '{1,2}',
        nothing: null,
        at: '2026-11-25 10:00:00+00',
      },
    ]);
  });

  it('sends parameters as node-postgres does: numbers, objects, arrays, bytes and dates', async () => {
    const inserted = await db.query<{ id: string }>(
      `insert into items (name, price, tags, data, raw, at) values ($1, $2, $3, $4, $5, $6),
        ('second', null, null, null, null, null) returning id`,
      [
        'first "one"',
        9.5,
        ['a', 'b "c"', null],
        { nested: [1, true] },
        new Uint8Array([0, 255]),
        new Date('2026-11-25T10:00:00Z'),
      ],
    );
    expect(inserted.rowCount).toBe(2);
    const { rows } = await db.query(
      `select name, price, tags, data, raw, at from items where id = $1`,
      [inserted.rows[0]!.id],
    );
    expect(rows).toEqual([
      {
        name: 'first "one"',
        price: '9.5',
        tags: '{a,"b \\"c\\"",NULL}',
        data: '{"nested": [1, true]}',
        raw: '\\x00ff',
        at: '2026-11-25 10:00:00+00',
      },
    ]);
    expect((await db.query(`update items set price = 1`)).rowCount).toBe(2);
  });

  it("keeps a PostgreSQL error's code, detail, hint and severity across the thread", async () => {
    const duplicate = await caught(
      db.query(`insert into items (name) values ($1), ($1)`, ['twice']),
    );
    expect(duplicate).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      constraint: 'items_name_key',
      detail: 'Key (name)=(twice) already exists.',
      message: 'duplicate key value violates unique constraint "items_name_key"',
    });
    const raised = await caught(
      db.exec(
        `do $$ begin raise exception 'no' using errcode = 'P0001', hint = 'try again'; end $$`,
      ),
    );
    expect(raised).toMatchObject({ code: 'P0001', hint: 'try again', message: 'no' });
    expect((await caught(db.query('selec 1'))).code).toBe('42601');
    // The statement that failed to parse is not left half-prepared.
    expect((await caught(db.query('selec 1'))).code).toBe('42601');
  });

  it('refuses a parameter that cannot cross the thread, and answers the next call', async () => {
    await expect(db.query('select $1::text', [() => 'a function'])).rejects.toThrow();
    expect((await db.query('select $1::text as value', ['next'])).rows).toEqual([
      { value: 'next' },
    ]);
  });

  it('refuses a parameter with no text form without restarting the database', async () => {
    await db.exec('create temporary table session_only (id int)');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(db.query('select $1::jsonb', [circular])).rejects.toThrow(/circular/i);
    // The session, and its temporary table, are still there: the worker was not replaced.
    expect((await db.query('select count(*) from session_only')).rows).toEqual([{ count: '0' }]);
    await db.transaction(async (tx) => {
      await expect(tx.query('select $1::jsonb', [circular])).rejects.toThrow(/circular/i);
      // Still one transaction: a local setting outlives the statement that made it.
      await tx.query(`select set_config('test.marker', 'set', true)`);
      expect((await tx.query(`select current_setting('test.marker') as marker`)).rows).toEqual([
        { marker: 'set' },
      ]);
    });
  });

  it('prepares a statement again after its table changed shape', async () => {
    await db.exec('create table shapes (id int)');
    await db.query('insert into shapes values (1)');
    expect((await db.query('select * from shapes')).rows).toEqual([{ id: '1' }]);
    await db.exec('alter table shapes add column label text');
    // PostgreSQL refuses the prepared statement once, as through the pg adapter; then it is new.
    expect((await caught(db.query('select * from shapes'))).code).toBe('0A000');
    expect((await db.query('select * from shapes')).rows).toEqual([{ id: '1', label: null }]);
  });

  it('commits a transaction, and rolls it back when its function throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into items (name) values ('kept')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items (name) values ('dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failed = await caught(
      db.transaction(async (tx) => {
        await tx.query(`insert into items (name) values ('dropped too')`);
        await tx.query(`insert into items (name) values ('kept')`);
      }),
    );
    expect(failed.code).toBe('23505');
    const { rows } = await db.query(
      `select name from items where name in ('kept', 'dropped', 'dropped too')`,
    );
    expect(rows).toEqual([{ name: 'kept' }]);
  });

  it("runs a batch as one transaction: committed whole, or rolled back whole on any statement's error", async () => {
    const setLocal = { sql: `select set_config('app.note', $1, true)`, params: ['batched'] };
    const inserted = await db.batch<{ name: string; note: string }>([
      setLocal,
      {
        sql: `insert into items (name) values ($1) returning name, current_setting('app.note') as note`,
        params: ['from a batch'],
      },
    ]);
    expect(inserted).toEqual({ rows: [{ name: 'from a batch', note: 'batched' }], rowCount: 1 });

    const failed = await caught(
      db.batch([
        { sql: `insert into items (name) values ($1)`, params: ['rolled back'] },
        { sql: `insert into items (name) values ($1)`, params: ['from a batch'] },
        { sql: `insert into items (name) values ($1)`, params: ['never run'] },
      ]),
    );
    expect(failed.code).toBe('23505');
    const { rows } = await db.query(
      `select name, current_setting('app.note', true) as note from items
        where name in ('from a batch', 'rolled back', 'never run')`,
    );
    // The local setting ended with its transaction, and the failed batch left nothing behind.
    expect(rows).toEqual([{ name: 'from a batch', note: '' }]);
  });

  it('runs statements from outside a transaction after it, not inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into items (name) values ('in transaction')`);
      await held;
      await tx.query(`update items set price = 7 where name = 'in transaction'`);
    });
    const outside = db.query(`select price from items where name = 'in transaction'`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ price: '7' }]);
  });
});

describe('statement_timeout on PGlite', () => {
  let dir: string;
  let db: Database;
  const filesOpenIn = async (directory: string) => {
    let count = 0;
    for (const fd of await readdir('/proc/self/fd').catch(() => [])) {
      const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
      if (target.startsWith(directory + path.sep)) count++;
    }
    return count;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-timeout-'));
    db = await openPglite(dir);
    await db.exec(`create table notes (body text not null)`);
  }, OPEN_MS);
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'stops a statement past the timeout with 57014, keeps what was committed, and runs the calls queued behind it',
    async () => {
      await db.query(`insert into notes values ('committed before')`);
      const filesBefore = await filesOpenIn(dir);
      const started = Date.now();
      let afterTimeout: unknown;
      const runaway = db.transaction(async (tx) => {
        await tx.query(`select set_config('statement_timeout', '500ms', true)`);
        await tx.query(`insert into notes values ('in the stopped transaction')`);
        const error = await tx.query('select pg_sleep(30)').catch((e: unknown) => e);
        // The transaction died with its worker: what it sends next fails as in PostgreSQL.
        afterTimeout = await tx.query('select 1').catch((e: unknown) => e);
        throw error;
      });
      const queued = db.query<{ body: string }>(`select body from notes order by body`);

      const error = await caught(runaway);
      const elapsed = Date.now() - started;
      expect(error).toMatchObject({
        code: '57014',
        severity: 'ERROR',
        message: 'canceling statement due to statement timeout',
      });
      expect(elapsed).toBeGreaterThanOrEqual(500);
      expect(elapsed).toBeLessThan(5_000);
      expect(afterTimeout).toMatchObject({ code: '25P02' });

      expect((await queued).rows).toEqual([{ body: 'committed before' }]);
      await db.query(`insert into notes values ('after the restart')`);
      expect((await db.query(`select body from notes order by body`)).rows).toEqual([
        { body: 'after the restart' },
        { body: 'committed before' },
      ]);
      // The ended worker's files were closed, not left open in this process.
      if (filesBefore > 0) expect(await filesOpenIn(dir)).toBeLessThanOrEqual(filesBefore);
    },
    OPEN_MS,
  );

  it(
    'stops a batch past the timeout its statements set for themselves, and commits none of it',
    async () => {
      const started = Date.now();
      const error = await caught(
        db.batch(
          [
            { sql: `select set_config('statement_timeout', '400ms', true)`, params: [] },
            { sql: `insert into notes values ($1)`, params: ['in the stopped batch'] },
            { sql: 'select pg_sleep(30)', params: [] },
          ],
          { timeoutMs: 400 },
        ),
      );
      expect(error.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(5_000);
      const { rows } = await db.query(`select body from notes where body = 'in the stopped batch'`);
      expect(rows).toEqual([]);
      // The batch's timeout was its own: the session has none.
      await db.query('select pg_sleep(0.6)');
    },
    OPEN_MS,
  );

  it(
    "holds a session's timeout, and a transaction's local one only until it ends",
    async () => {
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('statement_timeout', '300ms', true)`);
      });
      // The local setting ended with its transaction: 600 ms are allowed again.
      await db.query('select pg_sleep(0.6)');

      await db.exec(`set statement_timeout = '300ms'`);
      expect((await caught(db.query('select pg_sleep(30)'))).code).toBe('57014');
      // A session's setting made inside a transaction outlives it.
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('statement_timeout', '300ms', false)`);
      });
      expect((await caught(db.query('select pg_sleep(30)'))).code).toBe('57014');
      // The new worker is a new session: the SET went with the old one, as with a new connection.
      await db.query('select pg_sleep(0.6)');
    },
    OPEN_MS,
  );

  it(
    'starts the worker again on a later call when starting it after a timeout failed',
    async () => {
      await db.query(`insert into notes values ('before the failed start')`);
      const away = `${dir}.away`;
      const runaway = db.transaction(async (tx) => {
        await tx.query(`select set_config('statement_timeout', '300ms', true)`);
        // When the timeout ends this worker, its directory is a file: the next start fails.
        await rename(dir, away);
        await writeFile(dir, 'not a directory');
        await tx.query('select pg_sleep(30)');
      });
      expect((await caught(runaway)).code).toBe('57014');
      const meanwhile = await db.query('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(meanwhile).toBeInstanceOf(Error);

      await rm(dir);
      await rename(away, dir);
      // Calls try again at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const { rows } = await db.query(
        `select body from notes where body = 'before the failed start'`,
      );
      expect(rows).toEqual([{ body: 'before the failed start' }]);
    },
    OPEN_MS,
  );
});
