// Translations of posts on PGlite and PostgreSQL: posts sharing a translation_group are
// one article in two languages, a group holds one post per language, and the public (anon) side
// sees a translation only when it is published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPost,
  getPublishedTranslation,
  listAllPosts,
  listPublishedPostListings,
  setTranslationGroup,
  updatePost,
  type BlogPost,
} from '~/data/posts.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { backendKinds, postsBackend, type TestBackend } from '../support/backend.ts';
import { postInput as post } from '../support/posts.ts';

const group = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(backendKinds)('translations of posts on %s', (kind) => {
  let backend: TestBackend;
  let anon: AppSupabaseClient;
  let admin: AppSupabaseClient;
  let bySlug: (slug: string) => Promise<BlogPost>;

  beforeAll(async () => {
    ({ backend, anon, admin, bySlug } = await postsBackend(kind));
  });
  afterAll(async () => backend?.close());

  it('links two posts of one group, and gives the public each one’s translation', async () => {
    await createPost(admin, post('answer-fast'));
    await createPost(admin, post('svara-snabbt', { language: 'swedish' }));
    const english = await bySlug('answer-fast');
    const swedish = await bySlug('svara-snabbt');
    expect(english.translation_group).toBeNull();

    await setTranslationGroup(admin, swedish.id, group(1));
    const { title, slug, content, summary, hero_image_url, author, is_published } = english;
    await updatePost(admin, english.id, {
      ...{ title, slug, content, summary, hero_image_url, author, is_published },
      language: 'english',
      updated_at: '2026-11-02T10:00:00.000Z',
      published_date: english.published_date,
      translation_group: group(1),
    });

    expect(await getPublishedTranslation(anon, await bySlug('answer-fast'))).toEqual({
      slug: 'svara-snabbt',
      language: 'swedish',
    });
    expect(await getPublishedTranslation(anon, await bySlug('svara-snabbt'))).toEqual({
      slug: 'answer-fast',
      language: 'english',
    });
    const listings = await listPublishedPostListings(anon);
    expect(listings.filter((listing) => listing.translation_group === group(1))).toHaveLength(2);
  });

  it('moves the group’s place in a language to the post that joins it', async () => {
    await createPost(admin, post('svara-snabbare', { language: 'swedish' }));
    await setTranslationGroup(admin, (await bySlug('svara-snabbare')).id, group(1));
    expect((await bySlug('svara-snabbt')).translation_group).toBeNull();
    expect(await getPublishedTranslation(anon, await bySlug('answer-fast'))).toMatchObject({
      slug: 'svara-snabbare',
    });

    // An insert straight into a group takes the place too.
    await createPost(admin, {
      ...post('svarstider', { language: 'swedish' }),
      translation_group: group(1),
    });
    expect((await bySlug('svara-snabbare')).translation_group).toBeNull();
    const members = (await listAllPosts(admin)).filter((p) => p.translation_group === group(1));
    expect(members.map((p) => p.slug).sort()).toEqual(['answer-fast', 'svarstider']);
  });

  it('keeps one post per language in a group when a post changes language', async () => {
    await createPost(admin, post('ads-guide', { translation_group: group(2) }));
    await createPost(
      admin,
      post('annonsguide', { language: 'swedish', translation_group: group(2) }),
    );
    const { error } = await admin
      .from('blog_posts')
      .update({ language: 'swedish' })
      .eq('slug', 'ads-guide');
    expect(error).toBeNull();
    const members = (await listAllPosts(admin)).filter((p) => p.translation_group === group(2));
    expect(members.map((p) => [p.slug, p.language])).toEqual([['ads-guide', 'swedish']]);
  });

  it('shows the public no translation that is a draft', async () => {
    await createPost(admin, post('reviews', { translation_group: group(3) }));
    await createPost(
      admin,
      post('recensioner', {
        language: 'swedish',
        translation_group: group(3),
        is_published: false,
        published_date: null,
      }),
    );
    expect(await getPublishedTranslation(anon, await bySlug('reviews'))).toBeNull();
    expect(await getPublishedTranslation(admin, await bySlug('reviews'))).toBeNull();
    const listings = await listPublishedPostListings(anon);
    expect(listings.map((listing) => listing.slug)).not.toContain('recensioner');
  });

  it('refuses the public any change to a post’s group', async () => {
    const english = await bySlug('answer-fast');
    const { error, status } = await anon
      .from('blog_posts')
      .update({ translation_group: group(9) })
      .eq('id', english.id);
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
    expect((await bySlug('answer-fast')).translation_group).toBe(group(1));
  });
});
