// The data the sitemaps and feeds are built from: listPublishedPostListings against each backend
// kind, read as the anonymous visitor the site's server is. Drafts never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, listPublishedPostListings } from '~/data/posts.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { postInput as post } from '../support/posts.ts';

describe.each(backendKinds)('the posts behind the sitemaps and feeds on %s', (kind) => {
  let backend: TestBackend;
  let anon: AppSupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    anon = backend.client() as AppSupabaseClient;
    const admin = (await backend.signedIn()) as AppSupabaseClient;
    await createPost(admin, post('older', { published_date: '2026-10-01T00:00:00.000Z' }));
    await createPost(
      admin,
      post('newer', {
        published_date: '2026-11-10T00:00:00.000Z',
        updated_at: '2026-11-12T08:00:00.000Z',
      }),
    );
    await createPost(admin, post('a-draft', { is_published: false, published_date: null }));
    await createPost(admin, post('svenskt', { language: 'swedish' }));
  });
  afterAll(async () => backend?.close());

  it('lists the published posts of one language, newest first, with what a feed names', async () => {
    const posts = await listPublishedPostListings(anon, 'english');
    expect(posts).toEqual([
      {
        slug: 'newer',
        title: 'Title of newer',
        summary: 'Summary.',
        author: 'Nordic Lead Agency Team',
        published_date: expect.stringMatching(/^2026-11-10T00:00:00/),
        updated_at: expect.stringMatching(/^2026-11-12T08:00:00/),
        language: 'english',
        translation_group: null,
      },
      expect.objectContaining({ slug: 'older' }),
    ]);
    expect((await listPublishedPostListings(anon, 'swedish')).map((p) => p.slug)).toEqual([
      'svenskt',
    ]);
    // Without a language: both, for the sitemaps, which name each post's translation.
    expect((await listPublishedPostListings(anon)).map((p) => p.slug).sort()).toEqual([
      'newer',
      'older',
      'svenskt',
    ]);
  });
});
