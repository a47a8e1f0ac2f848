// The site's page cache on the built site, on both databases: a public page is rendered once and
// then answered from memory; a write to the posts through /rest/v1 (the blog manager's) shows on
// the very next request. One copy per page, not per click or cookie (the key: declared
// query parameters only, a consent cookie at most a variant, a session cookie past the cache, a
// visitor's no-cache ignored), concurrent misses sharing one render, and an expired page served
// while one request renders it anew. A response without an Age header was rendered for it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const path = '/blog/three-email-welcome-sequence';
let clicks = 0;
/** A landing address as an ad click makes one: a click id no one sent before. */
const adClick = (at: string) => {
  clicks += 1;
  return `${at}?utm_source=meta&utm_medium=paid&fbclid=IwAR${Date.now()}x${clicks}&gclid=Cj0K${clicks}&msclkid=${clicks}`;
};

describe.each(backendKinds)('the page cache on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, { SEED_DEMO: 'true' }, { site: true });
  });
  afterAll(async () => backend?.close());
  afterEach(() => vi.useRealTimers());

  const get = async (at: string, headers: Record<string, string> = {}) => {
    const response = await fetch(backend.url + at, { headers });
    return { response, body: await response.text(), age: response.headers.get('age') };
  };
  let admin: ReturnType<TestBackend['signedIn']> | undefined;
  /** A write to the posts through /rest/v1, as the blog manager makes one: it empties the cache. */
  const emptyCache = async () => {
    admin ??= backend.signedIn();
    const { error } = await (
      await admin
    )
      .from('blog_posts')
      .update({ author: `Author ${Date.now()}` })
      .eq('slug', 'three-email-welcome-sequence');
    expect(error).toBeNull();
  };
  /** Sets the post's title in the database itself, which the server never hears of. */
  /**
   * Changes a post without the server hearing of it: as a replica applies changes, so the
   * page_changes trigger that tells every copy to empty its cache does not fire.
   */
  const retitleBehindTheServer = (title: string) =>
    backend.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(
        `update public.blog_posts set title = $1 where slug = 'three-email-welcome-sequence'`,
        [title],
      );
    });

  it('renders a post once, then answers it from memory with its headers and ETag', async () => {
    const first = await get(path);
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(first.age).toBeNull();
    const second = await get(path);
    expect(second.age).toMatch(/^\d+$/);
    expect(second.body).toBe(first.body);
    for (const name of ['etag', 'content-security-policy', 'content-type', 'vary'])
      expect(second.response.headers.get(name), name).toBe(first.response.headers.get(name));
    const etag = first.response.headers.get('etag')!;
    expect((await get(path, { 'if-none-match': etag })).response.status).toBe(304);
  });

  it('answers an ad click’s unique tracking parameters with the one copy, whose HTML names none', async () => {
    const plain = await get(path);
    for (const kindOfClick of [adClick(path), `${path}?utm_campaign=x&unknown=${Date.now()}`]) {
      const clicked = await get(kindOfClick);
      expect(clicked.response.status).toBe(200);
      expect(clicked.age, kindOfClick).not.toBeNull();
      expect(clicked.body).toBe(plain.body);
    }
    // Rendered from a click, the copy holds no trace of it either.
    await emptyCache();
    const renderedForClick = await get(adClick(path));
    expect(renderedForClick.age).toBeNull();
    expect(renderedForClick.body).not.toMatch(/fbclid|gclid|msclkid|utm_/);
  });

  it('keeps the page number of the blog list, a declared parameter, in the key', async () => {
    const list = await get('/blog');
    expect(list.response.status).toBe(200);
    expect((await get('/blog?utm_source=x')).age).not.toBeNull();
    // The demo's posts fill one page: page 2 is not the list's copy but its own answer.
    expect((await get('/blog?page=2')).response.status).toBe(404);
    expect((await get('/blog?page=2&fbclid=abc')).response.status).toBe(404);
  });

  it('serves visitors with cookies the same copy, a consent choice one variant per state', async () => {
    await get('/');
    const other = await get('/', { cookie: '_ga=GA1.1.123; visit_attribution=%7B%7D' });
    expect(other.age).not.toBeNull();
    const rejected = await get('/', { cookie: 'cookie_consent=rejected' });
    expect(rejected.age).toBeNull(); // its own variant, rendered once
    const rejectedAgain = await get('/', { cookie: 'theme=dark; cookie_consent=rejected' });
    expect(rejectedAgain.age).not.toBeNull();
    expect((await get('/', { cookie: 'cookie_consent=accepted' })).age).toBeNull();
    expect((await get('/', { cookie: 'cookie_consent=accepted' })).age).not.toBeNull();
    // A value outside the declared states is no choice: the plain copy, no new variant.
    expect((await get('/', { cookie: 'cookie_consent=id-8f1c2a' })).age).not.toBeNull();
  });

  it('renders every request of a signed-in session afresh', async () => {
    await get(path);
    for (let n = 0; n < 2; n++) {
      const signedIn = await get(path, { cookie: 'sb-local-auth-token=eyJhbGciOi' });
      expect(signedIn.response.status).toBe(200);
      expect(signedIn.age).toBeNull();
    }
    expect((await get(path, { authorization: `Bearer ${backend.anonKey}` })).age).toBeNull();
  });

  it('ignores an anonymous visitor’s no-cache, and still shows an edit at once', async () => {
    await get(path);
    const reload = { 'cache-control': 'no-cache', pragma: 'no-cache' };
    expect((await get(path, reload)).age).not.toBeNull();
    expect((await get(path, { 'cache-control': 'max-age=0' })).age).not.toBeNull();

    admin ??= backend.signedIn();
    const edited = await (
      await admin
    )
      .from('blog_posts')
      .update({ title: 'A title edited a moment ago' })
      .eq('slug', 'three-email-welcome-sequence');
    expect(edited.error).toBeNull();
    const after = await get(path, reload);
    expect(after.age).toBeNull();
    expect(after.body).toContain('A title edited a moment ago');
    expect((await get('/blog')).body).toContain('A title edited a moment ago');
  });

  it('sets an ad click’s attribution cookie on its answer alone, never keeping it in the copy', async () => {
    // Only for a visitor who allowed marketing: the cookie is not strictly necessary.
    const consented = { cookie: 'cookie_consent=accepted' };
    await get(path, consented);
    const landing = await get(adClick(path), consented);
    expect(landing.age).not.toBeNull();
    const cookie = landing.response.headers.get('set-cookie');
    expect(cookie).toMatch(/^visit_attribution=.+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(decodeURIComponent(cookie!)).toContain('"utm_source":"meta"');
    const next = await get(path, consented);
    expect(next.age).not.toBeNull();
    expect(next.response.headers.get('set-cookie')).toBeNull();
    // A miss rendered for a click: the cookie on its answer, none in the copy kept from it.
    await emptyCache();
    const rendered = await get(adClick(path), consented);
    expect(rendered.age).toBeNull();
    expect(rendered.response.headers.get('set-cookie')).toMatch(/^visit_attribution=/);
    expect((await get(path, consented)).response.headers.get('set-cookie')).toBeNull();
    // Before any choice, or after rejecting, an ad click gets no cookie at all.
    expect((await get(adClick(path))).response.headers.get('set-cookie')).toBeNull();
    const rejected = await get(adClick(path), { cookie: 'cookie_consent=rejected' });
    expect(rejected.response.headers.get('set-cookie')).toBeNull();
  });

  it('never keeps the booking page, whose form is signed per visit, nor a missing page', async () => {
    for (const uncached of ['/book-call', '/blog/no-such-post']) {
      await get(uncached);
      expect((await get(uncached)).age, uncached).toBeNull();
    }
  });

  /**
   * Empties the cache and waits until nothing more will empty it: on PostgreSQL a write through
   * /rest/v1 empties it at once and again when the database's notice of it arrives, a moment
   * later. There the write is made in SQL, heard only through its notice, and another page,
   * cached before, shows when the notice has emptied the whole cache.
   */
  const emptyCacheAndSettle = async () => {
    if (kind === 'pglite') return emptyCache();
    const witness = '/sv/blog';
    await vi.waitFor(async () => expect((await get(witness)).age).not.toBeNull());
    await backend.db.query(
      `update public.blog_posts set author = $1 where slug = 'three-email-welcome-sequence'`,
      [`Author ${Date.now()}`],
    );
    await vi.waitFor(async () => expect((await get(witness)).age).toBeNull(), {
      timeout: 5_000,
      interval: 50,
    });
  };

  it('renders once for 20 concurrent misses of one page, and answers them all', async () => {
    await retitleBehindTheServer('Twenty at once');
    await emptyCacheAndSettle(); // the next requests all miss
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(adClick(path))));
    expect(answers.map((answer) => answer.response.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.age === null)).toHaveLength(1);
    for (const answer of answers) expect(answer.body).toContain('Twenty at once');
  });

  it('serves an expired page while one request renders it anew', async () => {
    await get(path);
    await retitleBehindTheServer('Renewed in the background');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000); // past the page's s-maxage of 60 s

    const stale = await Promise.all(Array.from({ length: 10 }, () => get(path)));
    for (const answer of stale) {
      expect(answer.response.status).toBe(200);
      expect(Number(answer.age)).toBeGreaterThanOrEqual(60);
      expect(answer.body).not.toContain('Renewed in the background');
    }
    await vi.waitFor(
      async () => {
        const renewed = await get(path);
        expect(renewed.body).toContain('Renewed in the background');
        expect(Number(renewed.age)).toBeLessThan(60);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
