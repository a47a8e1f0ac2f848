import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used.ts';

describe('RecentlyUsed', () => {
  it('lets the least recently used go first when the count passes its bound', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1); // now the most recently used
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c'), kept.size]).toEqual([1, 3, 2]);
  });

  it('bounds the total size of its values, counting a replaced value once', () => {
    const kept = new RecentlyUsed<string, string>(10, (text) => text.length);
    kept.set('a', 'xxxx');
    kept.set('a', 'xxxxxx'); // replaces: 6 in all, not 10
    kept.set('b', 'yyyy');
    expect([kept.get('a'), kept.get('b')]).toEqual(['xxxxxx', 'yyyy']);
    kept.set('c', 'zz'); // 12 > 10: the least recently used, a, goes
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([undefined, 'yyyy', 'zz']);
    kept.set('d', 'w'.repeat(11)); // larger than the whole bound: not kept, and nothing goes
    expect([kept.get('d'), kept.size]).toEqual([undefined, 2]);
    kept.set('e', 'e');
    kept.delete('e');
    kept.set('f', 'f'.repeat(10)); // the whole bound: every other entry goes
    expect([kept.get('f'), kept.size]).toEqual(['f'.repeat(10), 1]);
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it('can size an entry by its key and bound the number of entries besides', () => {
    const hashes = new RecentlyUsed<string, string>(10, (_hash, text) => text.length, 2);
    hashes.set('aaaa', '#a');
    hashes.set('bb', '#b');
    hashes.set('c', '#c'); // three entries, 7 characters: the count bound lets aaaa go
    expect([hashes.get('aaaa'), hashes.get('bb'), hashes.get('c')]).toEqual([
      undefined,
      '#b',
      '#c',
    ]);
    hashes.set('d'.repeat(10), '#d'); // 13 characters: bb, then c, go
    expect([hashes.get('d'.repeat(10)), hashes.size]).toEqual(['#d', 1]);
  });

  it('keeps the key an entry was stored under: a hit holds nothing of the text it was cut from', () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const kept = new RecentlyUsed<string, number>(10);
    const key = 'k'.repeat(20);
    kept.set(key, 1);
    const heapAfterCollecting = () => {
      collect();
      return process.memoryUsage().heapUsed;
    };
    const before = heapAfterCollecting();
    (() => {
      // The same key cut from a 20 MB text, as a page's inline script is cut from the page.
      const page = key + 'y'.repeat(20_000_000);
      expect(kept.get(page.slice(0, 20))).toBe(1);
    })();
    expect(heapAfterCollecting() - before).toBeLessThan(5_000_000);
    expect(kept.get(key)).toBe(1);
  });
});
