// Scheduled publishing and revision history (docs/decisions/0008) on PGlite and PostgreSQL, through
// the real supabase-js: a post whose publication date is still to come is invisible to the public
// (anon) in every query, by row-level security; a draft may keep its date; every save that changes
// a post keeps the version it replaced, readable only when signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPost,
  getPublishedPostBySlug,
  listPublishedPostListings,
  listPublishedPosts,
  listRevisions,
  setTranslationGroup,
  slugsLike,
  updatePost,
  type BlogPost,
  type PostInput,
} from '~/data/posts.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { ADMIN_EMAIL, backendKinds, postsBackend, type TestBackend } from '../support/backend.ts';
import { postInput as post } from '../support/posts.ts';

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** The fields a save writes, from a post as read. */
function inputOf(existing: BlogPost, changes: Partial<PostInput> = {}): PostInput {
  const { title, slug, content, summary, hero_image_url, author, is_published, published_date } =
    existing;
  return {
    ...{ title, slug, content, summary, hero_image_url, author, is_published, published_date },
    language: existing.language === 'swedish' ? 'swedish' : 'english',
    updated_at: new Date().toISOString(),
    ...changes,
  };
}

describe.each(backendKinds)('scheduling and revisions on %s', (kind) => {
  let backend: TestBackend;
  let anon: AppSupabaseClient;
  let admin: AppSupabaseClient;
  let bySlug: (slug: string) => Promise<BlogPost>;

  beforeAll(async () => {
    ({ backend, anon, admin, bySlug } = await postsBackend(kind));
  });
  afterAll(async () => backend?.close());

  describe('a post scheduled for later', () => {
    it('is nowhere public until its date, whatever the query asks', async () => {
      await createPost(admin, post('out-now'));
      await createPost(admin, post('coming-soon', { published_date: inOneHour() }));

      const listed = await listPublishedPosts(anon, 'english');
      expect(listed.map((p) => p.slug)).toEqual(['out-now']);
      expect((await listPublishedPostListings(anon)).map((p) => p.slug)).toEqual(['out-now']);
      expect(await getPublishedPostBySlug(anon, 'english', 'coming-soon')).toBeNull();
      // A hand-made request that asks for it by name gets nothing either.
      const { data, error } = await anon
        .from('blog_posts')
        .select('slug')
        .eq('slug', 'coming-soon');
      expect(error).toBeNull();
      expect(data).toEqual([]);
      // The writer sees it.
      expect((await bySlug('coming-soon')).is_published).toBe(true);
    });

    it('appears as soon as its date has come', async () => {
      await backend.db.query(
        `update public.blog_posts set published_date = now() - interval '1 second'
          where slug = 'coming-soon'`,
      );
      expect(await getPublishedPostBySlug(anon, 'english', 'coming-soon')).not.toBeNull();
      expect((await listPublishedPosts(anon, 'english')).map((p) => p.slug)).toContain(
        'coming-soon',
      );
    });
  });

  describe('a draft', () => {
    it('keeps the publication date it had, so republishing does not move the post to today', async () => {
      const original = '2026-03-01T09:00:00.000Z';
      await createPost(admin, post('old-favourite', { published_date: original }));
      const published = await bySlug('old-favourite');
      await updatePost(admin, published.id, inputOf(published, { is_published: false }));
      const draft = await bySlug('old-favourite');
      expect(draft.is_published).toBe(false);
      expect(new Date(draft.published_date!).toISOString()).toBe(original);
      expect(await getPublishedPostBySlug(anon, 'english', 'old-favourite')).toBeNull();

      await updatePost(admin, draft.id, inputOf(draft, { is_published: true }));
      const again = await getPublishedPostBySlug(anon, 'english', 'old-favourite');
      expect(new Date(again!.published_date!).toISOString()).toBe(original);
    });

    it('may have no date, but a published post must', async () => {
      await createPost(admin, post('fresh-draft', { is_published: false, published_date: null }));
      const { error } = await admin
        .from('blog_posts')
        .insert(post('dateless', { published_date: null }));
      expect(error?.code).toBe('23514');
    });
  });

  describe('revisions', () => {
    it('keep every replaced version, with when and by whom it was saved', async () => {
      await createPost(admin, post('revised', { title: 'First title', content: 'First body.' }));
      const first = await bySlug('revised');
      expect(first.updated_by).toBe(ADMIN_EMAIL);
      expect(await listRevisions(admin, first.id)).toEqual([]);

      await updatePost(admin, first.id, inputOf(first, { title: 'Second title' }));
      const second = await bySlug('revised');
      await updatePost(admin, second.id, inputOf(second, { content: 'Third body.' }));

      const revisions = await listRevisions(admin, first.id);
      expect(revisions.map((r) => [r.title, r.content])).toEqual([
        ['Second title', 'First body.'],
        ['First title', 'First body.'],
      ]);
      expect(revisions[1]).toMatchObject({ saved_by: ADMIN_EMAIL, slug: 'revised' });
      expect(new Date(revisions[1]!.saved_at).getTime()).toBe(new Date(first.updated_at).getTime());
    });

    it('are not made by a change of translation group alone', async () => {
      const post = await bySlug('revised');
      const before = (await listRevisions(admin, post.id)).length;
      await setTranslationGroup(admin, post.id, '00000000-0000-4000-8000-000000000009');
      expect(await listRevisions(admin, post.id)).toHaveLength(before);
    });

    it('cannot be read by the public, nor written by anyone through the API', async () => {
      const post = await bySlug('revised');
      const read = await anon.from('blog_post_revisions').select('*').eq('post_id', post.id);
      expect(read.error?.code).toBe('42501');

      const forged = await admin.from('blog_post_revisions').insert({
        post_id: post.id,
        saved_at: new Date().toISOString(),
        title: 'Forged',
        slug: 'revised',
        summary: 'S',
        content: 'C',
        author: 'A',
        is_published: true,
        language: 'english',
      });
      expect(forged.error?.code).toBe('42501');
      const wiped = await admin.from('blog_post_revisions').delete().eq('post_id', post.id);
      expect(wiped.error?.code).toBe('42501');
      expect((await listRevisions(admin, post.id)).length).toBeGreaterThan(0);
    });

    it('sign a save with the token’s e-mail, never with a name the request gives', async () => {
      const post = await bySlug('revised');
      await updatePost(admin, post.id, {
        ...inputOf(post, { summary: 'Changed.' }),
        updated_by: 'someone-else@example.com',
      } as PostInput);
      expect((await bySlug('revised')).updated_by).toBe(ADMIN_EMAIL);
    });

    it('go with their post when it is deleted', async () => {
      const post = await bySlug('revised');
      await admin.from('blog_posts').delete().eq('id', post.id);
      const { rows } = await backend.db.query<{ count: string }>(
        'select count(*)::text as count from public.blog_post_revisions where post_id = $1',
        [post.id],
      );
      expect(rows[0]!.count).toBe('0');
    });
  });

  describe('slugs', () => {
    it('lists the slugs taken by a base and its numbered variants, drafts included', async () => {
      await createPost(admin, post('spring-offer'));
      await createPost(
        admin,
        post('spring-offer-2', { is_published: false, published_date: null }),
      );
      await createPost(admin, post('spring-offer-extra'));
      await createPost(admin, post('spring-offers'));
      const taken = await slugsLike(admin, 'spring-offer');
      expect(taken.sort()).toEqual(['spring-offer', 'spring-offer-2', 'spring-offer-extra']);
    });
  });
});
