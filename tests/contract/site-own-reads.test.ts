// The site keeps its own reads of what its shared pages show until the content changes
// (server/product/site/own-reads.ts): a page rendered for a signed-in member shows a post's
// edit through the data API at once, and on PostgreSQL an edit made past the API (plain SQL) as
// soon as its notice arrives, as the page cache does. On PGlite the data API is the only writer,
// so a row changed past it stays unseen there, which shows that the reads are kept. A post and the
// agency's details are kept as values: rendering the post again asks the data API nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '#tests/support/backend.ts';
import { inProcessFetch, keptReads, provideInProcessFetch } from '#shared/in-process-fetch.ts';

/** A cookie of the kind a signed-in session carries: the page renders rather than comes cached. */
const RENDERING_COOKIE = 'sb-test-auth-token=x';
const SLUG = 'three-email-welcome-sequence';

describe.each(backendKinds)('the site’s own reads on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, { SEED_DEMO: 'true' }, { site: true });
  });
  afterAll(async () => backend?.close());

  const rendered = async () => {
    const response = await fetch(`${backend.url}/blog/${SLUG}`, {
      headers: { cookie: RENDERING_COOKIE },
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  const setTitleBySql = (title: string) =>
    backend.db.query(`update public.blog_posts set title = $1 where slug = $2`, [title, SLUG]);

  it('renders a post again without reading the post or the agency’s details', async () => {
    // What the site's code reads through its in-process fetch, watched on the way in.
    const origin = process.env.SUPABASE_URL!;
    const own = inProcessFetch(origin)!;
    const keeper = keptReads(origin);
    expect(keeper).toBeDefined();
    const asked: string[] = [];
    const watch = provideInProcessFetch(
      origin,
      (input, init) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return own(input, init);
      },
      keeper,
    );
    try {
      await rendered();
      asked.length = 0;
      expect(await rendered()).toContain('<h1');
      // Kept as the values the page made of them: no request at all, not even one kept answer.
      expect(asked.filter((url) => /blog_posts|agency_settings/.test(url))).toEqual([]);
    } finally {
      watch();
      provideInProcessFetch(origin, own, keeper);
    }
  });

  it('shows an edit through the data API on the very next render', async () => {
    await rendered();
    const admin = await backend.signedIn();
    const { error } = await admin
      .from('blog_posts')
      .update({ title: 'Welcome sequence, edited through the API' })
      .eq('slug', SLUG);
    expect(error).toBeNull();
    expect(await rendered()).toContain('Welcome sequence, edited through the API');
  });

  it('shows an edit made past the API when the page cache would', async () => {
    const before = await rendered();
    expect(before).not.toContain('Welcome sequence, edited in SQL');
    await setTitleBySql('Welcome sequence, edited in SQL');
    if (kind === 'postgres') {
      // Every copy hears the database's notice and empties its pages and reads.
      await expect
        .poll(rendered, { timeout: 5_000, interval: 100 })
        .toContain('Welcome sequence, edited in SQL');
      return;
    }
    // PGlite sends no notices: the data API is its only writer, and the reads stay kept.
    expect(await rendered()).not.toContain('Welcome sequence, edited in SQL');
    const admin = await backend.signedIn();
    const { error } = await admin
      .from('blog_posts')
      .update({ summary: 'A new summary.' })
      .eq('slug', SLUG);
    expect(error).toBeNull();
    expect(await rendered()).toContain('Welcome sequence, edited in SQL');
  });
});
