import { describe, expect, it } from 'vitest';
import type { Database, QueryResult } from '#server/supabase/db/types.ts';
import { aRecordedView } from '#tests/support/visits.ts';
import { addressGroup, addressKey, startVisitRecorder } from './visit-recorder.ts';

describe('addressGroup', () => {
  it('counts an IPv6 address by its /64 and an IPv4 address as itself', () => {
    expect(addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('addressKey', () => {
  it('is one key for a /64, another for another network or another day’s salt', () => {
    const key = addressKey('salt', '2001:db8:1:2::1');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(addressKey('salt', '2001:db8:1:2:ffff::9')).toBe(key);
    expect(addressKey('salt', '2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('next day', '2001:db8:1:2::1')).not.toBe(key);
  });
});

/** A database that hands out one salt and keeps the batches the recorder sends. */
function fakeDatabase(batches: Array<Array<Record<string, unknown>>>): Database {
  const query = async <R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> => {
    if (sql.includes('visit_salts')) return { rows: [{ salt: 'salt' } as R], rowCount: 1 };
    if (sql.includes('record_page_views')) {
      const batch = JSON.parse(String(params[0])) as Array<Record<string, unknown>>;
      batches.push(batch);
      return { rows: [{ stored: batch.length } as R], rowCount: 1 };
    }
    return { rows: [{ rolled: 0 } as R], rowCount: 1 };
  };
  return {
    query,
    exec: async () => undefined,
    transaction: async () => {
      throw new Error('not used');
    },
    batch: async () => {
      throw new Error('not used');
    },
    close: async () => undefined,
  };
}

describe('startVisitRecorder', () => {
  it('keeps at most its share waiting from one network, and still counts another address', async () => {
    const batches: Array<Array<Record<string, unknown>>> = [];
    const log: string[] = [];
    const recorder = startVisitRecorder({
      db: fakeDatabase(batches),
      log: (line) => log.push(line),
      maxPendingPerAddress: 3,
    });
    for (let n = 0; n < 10; n++)
      recorder.record(aRecordedView(`2001:db8:1:2::${n + 1}`, `/blog/${n}`));
    recorder.record(aRecordedView('2001:db8:1:2::1', '/blog/0')); // the same counter again: counted
    recorder.record(aRecordedView('198.51.100.7', '/'));
    await recorder.stop();

    const [batch] = batches;
    expect(batch!.map((row) => [row.path, row.views])).toEqual([
      ['/blog/0', 2],
      ['/blog/1', 1],
      ['/blog/2', 1],
      ['/', 1],
    ]);
    // Each row carries the day's keys, never the address or the browser.
    expect(new Set(batch!.slice(0, 3).map((row) => row.address)).size).toBe(1);
    expect(JSON.stringify(batch)).not.toMatch(/2001:db8|198\.51|Firefox/);
    expect(log).toContainEqual(expect.stringContaining('7 page views were not counted'));
  });

  it('makes one visitor of user agents that differ only past their first 512 characters', async () => {
    const batches: Array<Array<Record<string, unknown>>> = [];
    const recorder = startVisitRecorder({ db: fakeDatabase(batches), log: () => undefined });
    const long = `Mozilla/5.0 ${'x'.repeat(600)}`;
    recorder.record(aRecordedView('203.0.113.5', '/', `${long}a`));
    recorder.record(aRecordedView('203.0.113.5', '/', `${long}b`));
    await recorder.stop();
    expect(batches[0]!.map((row) => row.views)).toEqual([2]);
  });
});
