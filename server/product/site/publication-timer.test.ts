import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import {
  PUBLICATION_MARGIN_MS,
  startPublicationTimer,
  type PublicationTimer,
} from './publication-timer.ts';

describe('the publication timer', () => {
  let db: Database;
  const timers: PublicationTimer[] = [];
  let serial = 0;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => {
    await Promise.all(timers.map((timer) => timer.close()));
    await db?.close();
  });
  beforeEach(async () => {
    await Promise.all(timers.splice(0).map((timer) => timer.close()));
    await db.query('delete from public.blog_posts');
  });

  /** A post dated `inMs` from the database's now; answers that moment in ms. */
  async function insertPost(inMs: number, isPublished = true): Promise<number> {
    serial += 1;
    const { rows } = await db.query<{ at: string }>(
      `insert into public.blog_posts
         (title, slug, content, summary, author, language, is_published, published_date)
       values ($1, $2, 'Body.', 'Summary.', 'Nordic Lead Agency Team', 'english', $3,
               now() + make_interval(secs => $4::double precision / 1000))
       returning to_json(published_date) #>> '{}' as at`,
      [`Scheduled ${serial}`, `scheduled-${serial}`, isPublished, inMs],
    );
    return new Date(rows[0]!.at).getTime();
  }

  function start() {
    const emptied: number[] = [];
    const timer = startPublicationTimer({
      db,
      onDue: () => emptied.push(Date.now()),
      log: () => {},
    });
    timers.push(timer);
    return { timer, emptied };
  }

  it('empties the page cache once a scheduled post’s time has come, and not before', async () => {
    const at = await insertPost(1_500);
    const { timer, emptied } = start();
    await expect.poll(() => timer.nextAt).toBe(at + PUBLICATION_MARGIN_MS);
    await expect.poll(() => emptied.length, { timeout: 10_000 }).toBe(1);
    // Node's timers run on the event loop's clock, which may be a millisecond ahead of Date.now();
    // the margin keeps even that well after the post's time.
    expect(emptied[0]).toBeGreaterThanOrEqual(at + PUBLICATION_MARGIN_MS - 2);
    // Nothing else is scheduled: no time is kept.
    await expect.poll(() => timer.nextAt).toBeUndefined();
  });

  it('learns a post scheduled later when asked again, and ignores drafts and past posts', async () => {
    const { timer } = start();
    await insertPost(-60_000);
    await insertPost(30 * 60_000, false);
    await timer.refresh();
    expect(timer.nextAt).toBeUndefined();
    const later = await insertPost(10 * 60_000);
    const sooner = await insertPost(5 * 60_000);
    expect(timer.nextAt).toBeUndefined();
    await timer.refresh();
    expect(timer.nextAt).toBe(sooner + PUBLICATION_MARGIN_MS);
    expect(later).toBeGreaterThan(sooner);
  });
});
