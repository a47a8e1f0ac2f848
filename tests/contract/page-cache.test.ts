// The site's page cache on the built site: a public page is rendered once and then answered from
// memory, and a write to the posts through /rest/v1 (the blog manager's) shows on the very next
// request: an edited title, an unpublished post gone, a new post listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite({ SEED_DEMO: 'true' });
});
afterAll(async () => site?.stop());

const path = '/blog/three-email-welcome-sequence';
const get = async (at: string, headers: Record<string, string> = {}) => {
  const response = await fetch(site.url + at, { headers });
  return { response, body: await response.text() };
};

describe('the page cache', () => {
  it('renders a post once, then answers it from memory with its headers and ETag', async () => {
    const first = await get(path);
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(first.response.headers.get('age')).toBeNull();
    const second = await get(path);
    expect(second.response.headers.get('age')).toMatch(/^\d+$/);
    expect(second.body).toBe(first.body);
    for (const name of ['etag', 'content-security-policy', 'content-type', 'vary'])
      expect(second.response.headers.get(name), name).toBe(first.response.headers.get(name));
    const etag = first.response.headers.get('etag')!;
    expect((await get(path, { 'if-none-match': etag })).response.status).toBe(304);
  });

  it('never keeps the booking page, whose form is signed per visit, nor a missing page', async () => {
    for (const uncached of ['/book-call', '/blog/no-such-post']) {
      await get(uncached);
      expect((await get(uncached)).response.headers.get('age'), uncached).toBeNull();
    }
  });

  it('shows a write to the posts on the next request', async () => {
    await get(path);
    await get('/blog');
    const admin = await signedInAdmin(site);
    const edited = await admin
      .from('blog_posts')
      .update({ title: 'A title edited a moment ago' })
      .eq('slug', 'three-email-welcome-sequence');
    expect(edited.error).toBeNull();
    const after = await get(path);
    expect(after.response.headers.get('age')).toBeNull();
    expect(after.body).toContain('A title edited a moment ago');
    expect((await get('/blog')).body).toContain('A title edited a moment ago');

    // Reading posts as the administrator changes nothing, and keeps the cache.
    await admin.from('blog_posts').select('id').limit(1);
    expect((await get(path)).response.headers.get('age')).not.toBeNull();

    const hidden = await admin
      .from('blog_posts')
      .update({ is_published: false, published_date: null })
      .eq('slug', 'three-email-welcome-sequence');
    expect(hidden.error).toBeNull();
    expect((await get(path)).response.status).toBe(404);
    expect((await get('/blog')).body).not.toContain('A title edited a moment ago');
  });
});
