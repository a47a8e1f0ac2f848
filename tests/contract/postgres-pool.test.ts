// The pg adapter's close() (server/supabase/db/postgres.ts) returns once every connection has closed, so a
// database dropped right after (as the tests' drop() does, with force) ends no connection that
// is still closing: such a connection's 57P01 surfaced as an uncaught exception in a full run.
// And a connection the database ends under the server (a restart, an administrator, a pooler's
// idle timeout) costs at most the statement it was running: never the process.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { DatabaseUnreachableError } from '#server/supabase/db/types.ts';
import { createTestDatabase, testDatabaseUrl } from '../support/databases.ts';

describe('the pg adapter', () => {
  it('has closed every connection when close() returns', async () => {
    const observer = new pg.Client({ connectionString: testDatabaseUrl() });
    await observer.connect();
    try {
      for (let round = 0; round < 5; round++) {
        const database = await createTestDatabase();
        const name = new URL(database.url).pathname.slice(1);
        const db = await openPostgres(database.url, 5);
        // Five connections at once, idle in the pool afterwards.
        await Promise.all(Array.from({ length: 5 }, () => db.query('select pg_sleep(0.05)')));
        await db.close();
        const { rows } = await observer.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        expect(rows[0]!.n).toBe(0);
        await database.drop();
      }
    } finally {
      await observer.end();
    }
  });

  it('outlives connections the database ends, idle or busy, and answers on new ones', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const observer = new pg.Client({ connectionString: testDatabaseUrl() });
    await observer.connect();
    const db = await openPostgres(database.url, 3);
    const terminateAll = () =>
      observer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    try {
      // Idle in the pool: pg emits the lost connection on the pool, which ends the process
      // unless someone listens.
      await Promise.all(Array.from({ length: 3 }, () => db.query('select pg_sleep(0.02)')));
      await terminateAll();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await db.query<{ n: string }>("select 'one' as n")).rows).toEqual([{ n: 'one' }]);

      // Busy: the statement in flight fails with the database's reason, the next one answers.
      const busy = db.query('select pg_sleep(5)');
      const settled = busy.then(
        () => 'answered',
        (error: Error) => error.message,
      );
      await expect
        .poll(async () => {
          const { rows } = await observer.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'select pg_sleep(5)%'",
            [name],
          );
          return rows[0]!.n;
        })
        .toBe(1);
      await terminateAll();
      expect(await settled).toMatch(/terminat/i);
      // The other connections' ends arrive on their own sockets: known shortly, not at once.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        (await db.batch<{ n: string }>([{ sql: "select 'two' as n", params: [] }])).rows,
      ).toEqual([{ n: 'two' }]);
      // A late 'error' event still fails this test, not the next file's.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await db.close();
      await observer.end();
      await database.drop();
    }
  });

  it('tells a connection the database refuses from a statement it refuses', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const observer = new pg.Client({ connectionString: testDatabaseUrl() });
    await observer.connect();
    const db = await openPostgres(database.url, 2);
    try {
      // A statement refused on an open connection stays the database's error.
      const refused = await db.query('select 1/0').catch((error: Error) => error);
      expect(refused).not.toBeInstanceOf(DatabaseUnreachableError);
      expect(refused).toMatchObject({ code: '22012' });

      // No new connection (as while the database starts up, or is full): every open one ended.
      await observer.query(`alter database "${name}" allow_connections false`);
      await observer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const attempt of [
        () => db.query('select 1'),
        () => db.batch([{ sql: 'select 1', params: [] }]),
        () => db.transaction((tx) => tx.query('select 1')),
      ]) {
        const error = await attempt().catch((caught: Error) => caught);
        expect(error).toBeInstanceOf(DatabaseUnreachableError);
        expect((error as Error).message).toMatch(/not currently accepting connections/);
      }

      await observer.query(`alter database "${name}" allow_connections true`);
      expect((await db.query<{ n: string }>("select 'back' as n")).rows).toEqual([{ n: 'back' }]);
    } finally {
      await db.close();
      await observer.end();
      await database.drop();
    }
  });
});
