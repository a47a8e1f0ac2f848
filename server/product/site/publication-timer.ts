// Empties this copy's page cache when a scheduled post's time comes. A published post dated in the
// future is hidden by its row-level rule until then (docs/decisions/0008), so nothing is written at
// that moment and no notice is sent: each copy instead knows the next publication time, read from
// the database at start and after every change to what its pages show, and empties its cache then
// (docs/decisions/0031-jobs-once-across-copies.md). Every copy does so on its own clock, so the
// post shows on all of them at its time rather than when their cached pages expire.
import type { Queryable } from '#server/supabase/db/types.ts';

/** Past the publication time, so that the database's clock has passed it too when pages render. */
export const PUBLICATION_MARGIN_MS = 1_000;
/** The longest a timer waits before asking again (a timer cannot wait past ~24 days). */
const MAX_WAIT_MS = 3_600_000;
const SKEWED_RETRY_MS = 1_000;

export interface PublicationTimer {
  /** Reads the next publication time again (something the pages show has changed); resolves once read. */
  refresh(): Promise<void>;
  /** The moment the cache will next be emptied for a publication, if one is set. */
  readonly nextAt: number | undefined;
  close(): Promise<void>;
}

export function startPublicationTimer(options: {
  db: Queryable;
  /** Empties the page cache. */
  onDue: () => void;
  log: (line: string) => void;
  now?: () => number;
}): PublicationTimer {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let nextAt: number | undefined;
  let closed = false;

  async function readNext(): Promise<void> {
    const { rows } = await options.db.query<{ next: string | null }>(
      `select to_json(min(published_date)) #>> '{}' as next
         from public.blog_posts
        where is_published and published_date > now()`,
    );
    const next = rows[0]?.next;
    clearTimeout(timer);
    timer = undefined;
    nextAt = undefined;
    if (!next || closed) return;
    const due = new Date(next).getTime() + PUBLICATION_MARGIN_MS;
    nextAt = due;
    // A time further than MAX_WAIT_MS is asked for again then, without emptying. One past already
    // on this clock but not on the database's (the clocks differ) empties the cache at most once
    // a second until the database's clock has passed it too.
    const untilDue = due - now();
    const reachesIt = untilDue <= MAX_WAIT_MS;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (reachesIt) options.onDue();
        void refresh();
      },
      untilDue > 0 ? Math.min(untilDue, MAX_WAIT_MS) : SKEWED_RETRY_MS,
    );
    // The HTTP server keeps the process alive; this timer alone must not.
    timer.unref();
  }

  /** One read at a time; changes during a read make one more read after it, not one each. */
  let last: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  function refresh(): Promise<void> {
    if (closed) return last;
    waiting ??= last.then(() => {
      waiting = undefined;
      return closed
        ? undefined
        : readNext().catch((error: unknown) =>
            options.log(
              `The next scheduled post's time could not be read (its pages show it within their s-maxage): ${(error as Error).message}`,
            ),
          );
    });
    last = waiting;
    return waiting;
  }

  void refresh();
  return {
    refresh,
    get nextAt() {
      return nextAt;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await last;
    },
  };
}
