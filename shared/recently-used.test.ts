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
});
