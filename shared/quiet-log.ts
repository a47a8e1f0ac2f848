// Shared by the site (app/) and the server (server/): a log line said at most once a minute. What
// repeats under load (a database out of reach, a bug every request runs into) then costs the log
// a line a minute, not a line, and a stack, per request. Repeats within the minute are counted,
// and the count is said with the first one after it. The 100 lines said last are remembered, so
// that lines that differ cannot make it grow.

export interface QuietLog {
  /**
   * Calls `write` unless a line of the same `key` was written within the minute; `repeats` is
   * what to add to the line: how many times it was held back before, or ''.
   */
  (key: string, write: (repeats: string) => void, now?: number): void;
}

interface Held {
  /** Until when repeats are only counted. */
  quietUntil: number;
  count: number;
}

export function quietLog(quietMs = 60_000, remember = 100): QuietLog {
  const held = new Map<string, Held>();
  return (key, write, now = Date.now()) => {
    const seen = held.get(key);
    if (seen && now < seen.quietUntil) {
      seen.count += 1;
      return;
    }
    // Last in the map's order is the latest written: the first one is the first to be forgotten.
    held.delete(key);
    if (held.size >= remember) held.delete(held.keys().next().value!);
    held.set(key, { quietUntil: now + quietMs, count: 0 });
    const count = seen?.count ?? 0;
    write(
      count > 0
        ? ` (${count} more time${count === 1 ? '' : 's'} in the minute after it was last logged)`
        : '',
    );
  };
}
