// The database adapters' statements on one connection (server/supabase/db/pipeline.ts): a
// prepared statement only ever runs its own text, the prepared statements stay bounded however
// many shapes arrive, and a request's role and claims end with its transaction.
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PREPARED_IN_PGLITE,
  MAX_PREPARED_PER_CONNECTION,
} from '#server/supabase/db/prepared-statements.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { callerTransaction } from '#server/supabase/rest/transaction.ts';
import { backendKinds, createTempDir, createTestDatabase } from '../support/databases.ts';

const role = `pipeline_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

/** A request as callerTransaction reads it. */
function request(headers: Record<string, string>): IncomingMessage {
  return { method: 'GET', headers } as unknown as IncomingMessage;
}

interface Settings {
  who: string;
  claims: string | null;
  read_only: string;
  header: string | null;
}

const settingsSql = `select current_user as who,
  nullif(current_setting('request.jwt.claims', true), '') as claims,
  current_setting('transaction_read_only') as read_only,
  nullif(current_setting('request.headers', true), '') as header`;

describe.each(backendKinds)('statements on one connection of %s', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const database = await createTestDatabase();
      // One connection: every statement below meets the ones before it.
      db = await openPostgres(database.url, 1);
      cleanup = async () => {
        await db.close();
        await database.drop();
        const server = new URL(database.url);
        server.pathname = '/postgres';
        const admin = await openPostgres(server.toString(), 1);
        await admin.exec(`drop role if exists ${role}`);
        await admin.close();
      };
    } else {
      const dir = await createTempDir('leadgen-prepared-');
      db = await openPglite(path.join(dir.dir, 'db'));
      cleanup = async () => {
        await db.close();
        await dir.cleanup();
      };
    }
    await db.exec(`
      create table numbers (n int primary key, word text not null);
      insert into numbers values (1, 'one'), (2, 'two'), (3, 'three');
      create role ${role} nologin;
      grant select on numbers to ${role};`);
  });

  afterAll(async () => cleanup());

  it('runs two shapes that differ only in a column each as itself', async () => {
    for (let round = 0; round < 3; round++) {
      const byNumber = await db.query('select n::text as value from numbers where n = $1', ['2']);
      const byWord = await db.query('select word as value from numbers where n = $1', ['2']);
      expect(byNumber.rows).toEqual([{ value: '2' }]);
      expect(byWord.rows).toEqual([{ value: 'two' }]);
    }
  });

  it('runs two shapes that differ only in a filter operator each as itself', async () => {
    for (let round = 0; round < 3; round++) {
      const [equal, greater] = await Promise.all([
        db.batch([{ sql: 'select word from numbers where n = $1 order by n', params: ['1'] }]),
        db.batch([{ sql: 'select word from numbers where n > $1 order by n', params: ['1'] }]),
      ]);
      expect(equal.rows).toEqual([{ word: 'one' }]);
      expect(greater.rows).toEqual([{ word: 'two' }, { word: 'three' }]);
    }
  });

  it('keeps its prepared statements bounded over a thousand shapes, and answers each right', async () => {
    const bound = kind === 'postgres' ? MAX_PREPARED_PER_CONNECTION : MAX_PREPARED_IN_PGLITE;
    for (let i = 0; i < 1000; i++) {
      const { rows } = await db.query(`select $1::int + ${i} as sum`, ['1']);
      expect(rows).toEqual([{ sum: String(i + 1) }]);
    }
    // The first shapes were closed on the way; asked again, they are prepared again and still right.
    expect((await db.query('select $1::int + 0 as sum', ['5'])).rows).toEqual([{ sum: '5' }]);
    const { rows } = await db.query<{ prepared: string }>(
      'select count(*)::text as prepared from pg_prepared_statements',
    );
    expect(Number(rows[0]!.prepared)).toBeLessThanOrEqual(bound + 1);
  });

  it("ends a request's role and claims with its transaction, after success and after an error", async () => {
    const caller = { role, claims: { role, sub: 'someone' } };
    const inTransaction = callerTransaction(db, caller, request({ 'x-test': 'first' }), '/numbers');
    const inside = await inTransaction.statement<Settings>(true, settingsSql, []);
    expect(inside.rows[0]).toMatchObject({ who: role, read_only: 'on' });
    expect(JSON.parse(inside.rows[0]!.claims!)).toEqual(caller.claims);

    const after = (await db.query<Settings>(settingsSql)).rows[0]!;
    expect(after.who).not.toBe(role);
    expect(after).toMatchObject({ claims: null, read_only: 'off', header: null });

    // The statement after the setup fails: the role and claims go with the rolled-back work.
    await expect(
      inTransaction.statement(true, 'select word from numbers where n = 1 / $1::int', ['0']),
    ).rejects.toMatchObject({ code: '22012' });
    const afterError = (await db.query<Settings>(settingsSql)).rows[0]!;
    expect(afterError.who).not.toBe(role);
    expect(afterError).toMatchObject({ claims: null, read_only: 'off', header: null });
  });

  it('prepares a statement again once its table changed shape', async () => {
    await db.exec('create table shapes (n int primary key); insert into shapes values (1);');
    const read = () => db.query('select * from shapes where n = $1', ['1']);
    expect((await read()).rows).toEqual([{ n: '1' }]);
    expect((await read()).rows).toEqual([{ n: '1' }]);
    await db.exec(`alter table shapes add column word text default 'one'`);
    // PostgreSQL may refuse the old plan once (0A000); the next request is prepared anew.
    await read().catch((error: unknown) => expect(error).toMatchObject({ code: '0A000' }));
    expect((await read()).rows).toEqual([{ n: '1', word: 'one' }]);
  });

  it('keeps a transaction whole from its first statement to its commit or rollback', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into numbers values ($1, $2)', ['5', 'five']);
        const inside = await tx.query('select word from numbers where n = $1', ['5']);
        expect(inside.rows).toEqual([{ word: 'five' }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction((tx) => tx.query('select 1 / $1::int', ['0'])),
    ).rejects.toMatchObject({ code: '22012' });
    const kept = await db.transaction(async (tx) => {
      await tx.query('insert into numbers values ($1, $2)', ['6', 'six']);
      return tx.query('select word from numbers where n >= $1 order by n', ['5']);
    });
    expect(kept.rows).toEqual([{ word: 'six' }]);
    expect(await db.transaction(async () => 'nothing sent')).toBe('nothing sent');
    const { rows } = await db.query('select word from numbers where n >= $1 order by n', ['5']);
    expect(rows).toEqual([{ word: 'six' }]);
  });

  it('writes nothing when a later statement of a batch fails', async () => {
    await expect(
      db.batch([
        { sql: 'insert into numbers values ($1, $2)', params: ['4', 'four'] },
        { sql: 'select 1 / $1::int', params: ['0'] },
      ]),
    ).rejects.toMatchObject({ code: '22012' });
    const { rows } = await db.query('select count(*)::text as n from numbers where n = $1', ['4']);
    expect(rows).toEqual([{ n: '0' }]);
  });
});
