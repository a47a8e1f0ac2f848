import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import {
  deleteOutboxFilesBefore,
  retentionCutoff,
  startRetentionJob,
  type RetentionJob,
} from './retention.ts';

/** Counts the retention's runs through this connection; `fail` makes them throw. */
function counting(db: Database, options: { fail?: () => boolean } = {}) {
  const runs: string[] = [];
  const queryable: Queryable = {
    async query<R>(sql: string, params?: unknown[]) {
      if (sql.includes('delete_stale_consultations')) {
        runs.push(sql);
        if (options.fail?.()) throw new Error('connection refused');
      }
      return db.query<R>(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { db: queryable, runs };
}

describe('the retention job', () => {
  let db: Database;
  const jobs: RetentionJob[] = [];

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    await db?.close();
  });
  beforeEach(async () => {
    await Promise.all(jobs.splice(0).map((job) => job.stop()));
    await db.query('delete from private.job_runs');
    await db.query('delete from public.consultations');
  });

  function start(queryable: Queryable, log: (line: string) => void = () => {}) {
    // Checks only when the test asks (and once at start).
    const job = startRetentionJob({ db: queryable, log, checkIntervalMs: 3_600_000 });
    jobs.push(job);
    return job;
  }

  /**
   * Waits until the run in progress has recorded its end: a run logs before it does, and a check
   * asked in between joins that run rather than asking the database again.
   */
  async function runEnded() {
    await vi.waitFor(async () => {
      const { rows } = await db.query(
        `select 1 from private.job_runs where job = 'lead-retention' and lease_until is null`,
      );
      expect(rows).toHaveLength(1);
    });
  }

  /** A lead untouched for four years. */
  async function insertStaleLead() {
    await db.query('alter table public.consultations disable trigger user');
    try {
      await db.query(
        `insert into public.consultations
           (name, email, phone_number, problems, company_name, how_found_us, language, updated_at)
         values ('Erik Lund', 'erik@lundbygg.se', '070-123 45 67',
                 'We get too few enquiries in winter.', 'Lund Bygg AB', 'Google', 'swedish',
                 now() - interval '4 years')`,
      );
    } finally {
      await db.query('alter table public.consultations enable trigger user');
    }
  }

  it('runs at start, logs the leads it deleted, and not again until a day after it finished', async () => {
    await insertStaleLead();
    const { db: counted, runs } = counting(db);
    const log = vi.fn();
    const job = start(counted, log);
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('Retention: deleted 1 lead with no activity for 3 years.'),
    );
    await runEnded();
    expect(await job.check()).toBe(false);
    expect(runs).toHaveLength(1);
    // A day later, by the database's clock.
    await db.query(`update private.job_runs set finished_at = finished_at - interval '1 day'`);
    expect(await job.check()).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('runs once a day whichever of three copies asks, all at once', async () => {
    const copies = [counting(db), counting(db), counting(db)];
    const started = copies.map((copy) => start(copy.db));
    await Promise.all(started.map((job) => job.check()));
    await db.query(`update private.job_runs set finished_at = finished_at - interval '1 day'`);
    const ran = await Promise.all(started.map((job) => job.check()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(copies.flatMap((copy) => copy.runs)).toHaveLength(2);
  });

  it('logs a failed run and runs it at the next check', async () => {
    let fail = true;
    const { db: counted, runs } = counting(db, { fail: () => fail });
    const log = vi.fn();
    const job = start(counted, log);
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        'Retention failed (tried again within 60 minutes): connection refused',
      ),
    );
    await runEnded();
    fail = false;
    await insertStaleLead();
    expect(await job.check()).toBe(true);
    expect(log).toHaveBeenLastCalledWith('Retention: deleted 1 lead with no activity for 3 years.');
    expect(runs).toHaveLength(2);
  });

  it('ends at start the claim a killed run left, when this process is the database’s only user', async () => {
    // A run claimed for 15 minutes by this process before it was killed.
    await db.query(
      `insert into private.job_runs (job, started_at, lease_until)
       values ('lead-retention', now(), now() + interval '15 minutes')`,
    );
    const waiting = counting(db);
    expect(await start(waiting.db).check()).toBe(false);
    expect(waiting.runs).toEqual([]);
    const alone = counting(db);
    const job = startRetentionJob({
      db: alone.db,
      log: () => {},
      checkIntervalMs: 3_600_000,
      releaseLeaseAtStart: true,
    });
    jobs.push(job);
    await vi.waitFor(() => expect(alone.runs).toHaveLength(1));
  });

  it('waits on stop for a run in progress', async () => {
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const slow: Queryable = {
      async query<R>(sql: string, params?: unknown[]) {
        if (sql.includes('delete_stale_consultations')) await held;
        return db.query<R>(sql, params);
      },
      exec: (sql) => db.exec(sql),
    };
    const job = start(slow);
    await vi.waitFor(async () => {
      const { rows } = await db.query('select 1 from private.job_runs where lease_until > now()');
      expect(rows).toHaveLength(1);
    });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    // A round trip to the database: a stop that did not wait would have returned by then.
    await db.query('select 1');
    expect(stopped).toBe(false);
    finish();
    await stopping;
    const { rows } = await db.query<{ finished: string }>(
      'select (finished_at is not null)::text as finished from private.job_runs',
    );
    expect(rows).toEqual([{ finished: 'true' }]);
  });
});

describe('the local outbox under retention', () => {
  it('loses mail files older than three years and keeps the rest', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'leadgen-retention-'));
    try {
      const now = new Date('2029-11-23T12:00:00Z');
      const cutoff = retentionCutoff(now);
      expect(cutoff.toISOString()).toBe('2026-11-23T12:00:00.000Z');
      const day = 24 * 60 * 60_000;
      for (const [name, written] of [
        ['old.json', new Date(cutoff.getTime() - day)],
        ['recent.json', new Date(cutoff.getTime() + day)],
      ] as const) {
        await writeFile(path.join(dir, name), '{}');
        await utimes(path.join(dir, name), written, written);
      }
      expect(await deleteOutboxFilesBefore(dir, cutoff)).toBe(1);
      expect(await readdir(dir)).toEqual(['recent.json']);
      expect(await deleteOutboxFilesBefore(path.join(dir, 'missing'), cutoff)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
