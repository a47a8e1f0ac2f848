import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import { DEFAULT_LIMITS, createThrottle } from './throttle.ts';

describe('throttle', () => {
  let db: Database;
  let clock = new Date('2026-11-21T10:00:00Z');
  const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => db?.close());

  const limit = { max: 3, windowSeconds: 60 };
  const throttle = () => createThrottle(db, () => clock);

  it('allows up to the limit within a window, then refuses with the seconds left', async () => {
    const t = throttle();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await t.hit('ip:a', limit));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    advance(20);
    expect(await t.hit('ip:a', limit)).toEqual({ allowed: false, retryAfter: 40 });
  });

  it('starts a new window once the old one has passed', async () => {
    advance(41);
    expect((await throttle().hit('ip:a', limit)).allowed).toBe(true);
  });

  it('counts keys separately', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await t.hit('ip:b', limit);
    expect((await t.hit('ip:b', limit)).allowed).toBe(false);
    expect((await t.hit('ip:c', limit)).allowed).toBe(true);
  });

  it('gives a hit back on refund and forgets a key on reset', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await t.hit('acct:d', limit);
    await t.refund('acct:d');
    expect((await t.hit('acct:d', limit)).allowed).toBe(true);
    expect((await t.hit('acct:d', limit)).allowed).toBe(false);
    await t.reset('acct:d');
    expect((await t.hit('acct:d', limit)).allowed).toBe(true);
  });

  it('shares counts between throttles on the same database (several servers)', async () => {
    for (let i = 0; i < 3; i++) await throttle().hit('ip:shared', limit);
    expect((await throttle().hit('ip:shared', limit)).allowed).toBe(false);
  });

  it('counts a key longer than the index allows, by its digest', async () => {
    const t = throttle();
    const long = `account:${'x'.repeat(100_000)}@example.com`;
    for (let i = 0; i < 3; i++) expect((await t.hit(long, limit)).allowed).toBe(true);
    expect((await t.hit(long, limit)).allowed).toBe(false);
  });

  it('defaults to 30 failures per IP per 5 minutes, 10 per account or known device per 15, 1 mail per address a minute, 30 link requests per IP and 30 for the site an hour', () => {
    expect(DEFAULT_LIMITS).toEqual({
      signInFailuresPerIp: { max: 30, windowSeconds: 300 },
      signInFailuresPerAccount: { max: 10, windowSeconds: 900 },
      signInFailuresPerDevice: { max: 10, windowSeconds: 900 },
      emailsPerAddress: { max: 1, windowSeconds: 60 },
      linkRequestsPerIp: { max: 30, windowSeconds: 3600 },
      emailsSent: { max: 30, windowSeconds: 3600 },
    });
  });
});
