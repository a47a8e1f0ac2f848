// A map that keeps what was used lately within a bound on the total size of what it holds: reading
// an entry makes it the most recently used, and an entry added past the bound lets the least
// recently used ones go first. Each entry's size is what `sizeOf` says of its value and key (1 by
// default, so the bound counts entries); `maxEntries` can bound their number as well. The server's
// caches (compressed pages, its own reads, parsed query strings) and the pages' memos (CSP hashes,
// long dates) keep their entries in one.
export class RecentlyUsed<K, V> {
  /**
   * Most recently used last: a Map keeps the order its keys were set in. Each entry keeps the key
   * it was stored under, and a hit sets that one again, not the caller's equal copy: a text key
   * cut from a request's page would otherwise hold the whole page until the next hit, long enough
   * for the garbage collector to move it to the old generation.
   */
  private readonly entries = new Map<K, { key: K; value: V; size: number }>();
  private total = 0;
  private readonly maxSize: number;
  private readonly sizeOf: (value: V, key: K) => number;
  private readonly maxEntries: number;

  constructor(
    maxSize: number,
    sizeOf: (value: V, key: K) => number = () => 1,
    maxEntries = Infinity,
  ) {
    this.maxSize = maxSize;
    this.sizeOf = sizeOf;
    this.maxEntries = maxEntries;
  }

  /** The entry's value, now the most recently used; undefined when none is kept. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(entry.key, entry);
    return entry.value;
  }

  /**
   * Keeps the value as the most recently used, in place of any other under its key. A value larger
   * than the whole bound is not kept (and lets nothing else go).
   */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value, key);
    if (size > this.maxSize) return;
    this.entries.set(key, { key, value, size });
    this.total += size;
    for (const [oldest] of this.entries) {
      if (this.total <= this.maxSize && this.entries.size <= this.maxEntries) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size;
  }
}
