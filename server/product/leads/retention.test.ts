import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '#server/supabase/db/types.ts';
import { deleteOutboxFilesBefore, retentionCutoff, startRetentionJob } from './retention.ts';

/** A database that answers the retention function with the given counts, one per call. */
function fakeDatabase(deletedPerRun: number[]) {
  const calls: string[] = [];
  const db: Queryable = {
    async query<R>(sql: string) {
      calls.push(sql);
      return { rows: [{ deleted: String(deletedPerRun.shift() ?? 0) }] as R[], rowCount: 1 };
    },
    async exec() {},
  };
  return { db, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the retention job', () => {
  it('runs at start and then every 24 hours, logging only runs that deleted leads', async () => {
    vi.useFakeTimers();
    const { db, calls } = fakeDatabase([0, 2]);
    const log = vi.fn();
    const job = startRetentionJob({ db, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      'select private.delete_stale_consultations() as deleted, private.delete_stale_meta_lead_events() as events',
    ]);
    expect(log).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000 - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(log).toHaveBeenCalledWith('Retention: deleted 2 leads with no activity for 3 years.');

    await job.stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60_000);
    expect(calls).toHaveLength(2);
  });

  it('logs a failed run and tries again the next day', async () => {
    vi.useFakeTimers();
    let fail = true;
    const calls: string[] = [];
    const db: Queryable = {
      async query<R>(sql: string) {
        calls.push(sql);
        if (fail) throw new Error('connection refused');
        return { rows: [{ deleted: '1' }] as R[], rowCount: 1 };
      },
      async exec() {},
    };
    const log = vi.fn();
    const job = startRetentionJob({ db, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toHaveBeenCalledWith('Retention failed (retried in a day): connection refused');
    fail = false;
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(log).toHaveBeenLastCalledWith('Retention: deleted 1 lead with no activity for 3 years.');
    await job.stop();
  });

  it('waits on stop for a run in progress', async () => {
    let finish = () => {};
    const db: Queryable = {
      query: <R>() =>
        new Promise<{ rows: R[]; rowCount: number }>((resolve) => {
          finish = () => resolve({ rows: [{ deleted: '0' }] as R[], rowCount: 1 });
        }),
      async exec() {},
    };
    const job = startRetentionJob({ db, log: () => {} });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
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
