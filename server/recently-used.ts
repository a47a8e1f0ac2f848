// A map that keeps what was used lately within a bound on the total size of what it holds: reading
// an entry makes it the most recently used, and an entry added past the bound lets the least
// recently used ones go first. Each value's size is what `sizeOf` says (1 by default, so the bound
// counts entries). The caches of compressed pages, of the site's own reads and of parsed query
// strings keep their entries in one.
export class RecentlyUsed<K, V> {
  /** Most recently used last: a Map keeps the order its keys were set in. */
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;
  private readonly maxSize: number;
  private readonly sizeOf: (value: V) => number;

  constructor(maxSize: number, sizeOf: (value: V) => number = () => 1) {
    this.maxSize = maxSize;
    this.sizeOf = sizeOf;
  }

  /** The entry's value, now the most recently used; undefined when none is kept. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value as the most recently used, in place of any other under its key. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest] of this.entries) {
      if (this.total <= this.maxSize) break;
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
