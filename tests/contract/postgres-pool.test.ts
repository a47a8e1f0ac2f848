// The pg adapter's close() (server/supabase/db/postgres.ts) returns once every connection has closed, so a
// database dropped right after (as the tests' drop() does, with force) ends no connection that
// is still closing: such a connection's 57P01 surfaced as an uncaught exception in a full run.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '#server/supabase/db/postgres.ts';
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
});
