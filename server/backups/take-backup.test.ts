// A backup that fails midway leaves nothing that looks like a backup.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import { takeBackup } from './take-backup.ts';

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'take-backup-'));
  db = await openPglite('memory://');
  await migrate(db, { log: () => undefined });
});
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The database, whose connection is lost after `statements` statements of a transaction. */
function failingAfter(statements: number): Database {
  return {
    ...db,
    transaction: (fn) =>
      db.transaction((tx) => {
        let count = 0;
        const failing: Queryable = {
          query: (sql, params) => {
            count += 1;
            if (count > statements) throw new Error('Connection terminated unexpectedly');
            return tx.query(sql, params);
          },
          exec: (sql) => tx.exec(sql),
        };
        return fn(failing);
      }),
  };
}

describe('a backup that fails midway', () => {
  it.each([3, 20])('leaves no file after %i statements, and no folder of its own', async (n) => {
    const into = path.join(dir, `after-${n}`);
    await expect(takeBackup({ db: failingAfter(n), into, dataDir: dir })).rejects.toThrow(
      'Connection terminated unexpectedly',
    );
    expect(await readdir(into)).toEqual([]);
  });

  it('is followed by one that completes', async () => {
    const into = path.join(dir, 'after-3');
    const { file } = await takeBackup({ db, into, dataDir: dir });
    expect(await readdir(into)).toEqual([path.basename(file)]);
  });
});
