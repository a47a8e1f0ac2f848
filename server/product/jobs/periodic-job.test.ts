import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { claimJobRun, endJobRun } from './periodic-job.ts';

const DAY = { everyMs: 24 * 3600_000, leaseMs: 15 * 60_000 };

describe('a periodic job’s claimed run', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => {
    await db.query('delete from private.job_runs');
  });

  /** Moves the job's times back, as if `ms` had passed on the database's clock. */
  const later = (ms: number) =>
    db.query(
      `update private.job_runs
          set started_at = started_at - make_interval(secs => $1::double precision / 1000),
              lease_until = lease_until - make_interval(secs => $1::double precision / 1000),
              finished_at = finished_at - make_interval(secs => $1::double precision / 1000)`,
      [ms],
    );

  it('goes to the first copy that asks, and to no other while its lease holds', async () => {
    const first = await claimJobRun(db, 'daily', DAY);
    expect(first).not.toBeNull();
    expect(await claimJobRun(db, 'daily', DAY)).toBeNull();
    // Another job is claimed on its own.
    expect(await claimJobRun(db, 'hourly', DAY)).not.toBeNull();
  });

  it('is due again a period after the run finished, not before', async () => {
    const run = (await claimJobRun(db, 'daily', DAY))!;
    await endJobRun(db, 'daily', run, true);
    await later(DAY.everyMs - 60_000);
    expect(await claimJobRun(db, 'daily', DAY)).toBeNull();
    await later(60_000);
    expect(await claimJobRun(db, 'daily', DAY)).not.toBeNull();
  });

  it('is due again at once after a run that failed, and when a dead copy’s lease has ended', async () => {
    const failed = (await claimJobRun(db, 'daily', DAY))!;
    await endJobRun(db, 'daily', failed, false);
    const dead = await claimJobRun(db, 'daily', DAY);
    expect(dead).not.toBeNull();
    // Its copy was killed: nothing ends the run, until the lease does.
    await later(DAY.leaseMs - 1000);
    expect(await claimJobRun(db, 'daily', DAY)).toBeNull();
    await later(1000);
    expect(await claimJobRun(db, 'daily', DAY)).not.toBeNull();
  });

  it('keeps the lease of the copy that took over when the slow one finishes after it', async () => {
    const slow = (await claimJobRun(db, 'daily', DAY))!;
    // A run is known by its start: the next one starts a lease later in life, and here at least
    // once the database's clock has moved past the slow one's start.
    await vi.waitFor(async () => {
      const { rows } = await db.query<{ past: string }>(
        'select (now() > $1::timestamptz)::text as past',
        [slow],
      );
      expect(rows[0]?.past).toBe('true');
    });
    await later(DAY.leaseMs);
    const next = await claimJobRun(db, 'daily', DAY);
    expect(next).not.toBeNull();
    await endJobRun(db, 'daily', slow, true);
    const { rows } = await db.query<{ leased: string; finished: string }>(
      `select (lease_until > now())::text as leased, (finished_at is not null)::text as finished
         from private.job_runs where job = 'daily'`,
    );
    expect(rows).toEqual([{ leased: 'true', finished: 'false' }]);
  });
});
