// Reads through the data API: filters (in, neq, like, ilike, is, not, or), ordering with NULLs,
// ranges with exact counts, renamed and cast columns, and maybeSingle.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SupabaseClient } from '@supabase/supabase-js';
import { backendKinds } from '#tests/support/backend.ts';
import { newPost, useDataApi } from './setup.ts';

describe.each(backendKinds)('the data API on %s', (kind) => {
  const api = useDataApi(kind);
  const { seedPosts } = api;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  beforeAll(() => {
    ({ anon, admin } = api);
  });

  describe('filters and modifiers', () => {
    beforeEach(async () => {
      await seedPosts(
        newPost('alpha', { title: 'Alpha, with comma', published_date: '2026-11-03T00:00:00Z' }),
        newPost('beta', {
          title: 'Beta',
          hero_image_url: 'https://example.com/b.png',
          published_date: '2026-11-02T00:00:00Z',
        }),
        newPost('gamma', { title: 'Gamma', is_published: false, published_date: null }),
      );
    });
    const slugsOf = (data: { slug: string }[] | null) => data?.map((p) => p.slug);

    it('filters with in (values holding commas), neq, like, ilike, is and not', async () => {
      expect(
        slugsOf(
          (
            await admin
              .from('blog_posts')
              .select('slug')
              .in('title', ['Alpha, with comma', 'Gamma'])
              .order('slug')
          ).data,
        ),
      ).toEqual(['alpha', 'gamma']);
      expect(
        slugsOf(
          (await admin.from('blog_posts').select('slug').neq('slug', 'beta').order('slug')).data,
        ),
      ).toEqual(['alpha', 'gamma']);
      expect(
        slugsOf((await admin.from('blog_posts').select('slug').like('title', '%amm%')).data),
      ).toEqual(['gamma']);
      expect(
        slugsOf((await admin.from('blog_posts').select('slug').ilike('title', 'BETA')).data),
      ).toEqual(['beta']);
      expect(
        slugsOf((await admin.from('blog_posts').select('slug').is('published_date', null)).data),
      ).toEqual(['gamma']);
      expect(
        slugsOf(
          (await admin.from('blog_posts').select('slug').not('hero_image_url', 'is', null)).data,
        ),
      ).toEqual(['beta']);
      expect(
        slugsOf(
          (await admin.from('blog_posts').select('slug').not('slug', 'in', '(alpha,beta)')).data,
        ),
      ).toEqual(['gamma']);
    });

    it('compares timestamps and combines conditions with or()', async () => {
      expect(
        slugsOf(
          (
            await admin
              .from('blog_posts')
              .select('slug')
              .gte('published_date', '2026-11-03T00:00:00Z')
          ).data,
        ),
      ).toEqual(['alpha']);
      expect(
        slugsOf(
          (
            await admin
              .from('blog_posts')
              .select('slug')
              .lt('published_date', '2026-11-03T00:00:00Z')
          ).data,
        ),
      ).toEqual(['beta']);
      const either = await admin
        .from('blog_posts')
        .select('slug')
        .or('slug.eq.alpha,is_published.is.false')
        .order('slug');
      expect(slugsOf(either.data)).toEqual(['alpha', 'gamma']);
    });

    it('orders NULLs as PostgreSQL does unless told, and by several columns', async () => {
      const desc = await admin
        .from('blog_posts')
        .select('slug')
        .order('published_date', { ascending: false });
      expect(slugsOf(desc.data)).toEqual(['gamma', 'alpha', 'beta']);
      const last = await admin
        .from('blog_posts')
        .select('slug')
        .order('published_date', { ascending: false, nullsFirst: false });
      expect(slugsOf(last.data)).toEqual(['alpha', 'beta', 'gamma']);
      const several = await admin
        .from('blog_posts')
        .select('slug')
        .order('is_published')
        .order('slug', { ascending: false });
      expect(slugsOf(several.data)).toEqual(['gamma', 'beta', 'alpha']);
    });

    it('pages with range() and counts with count: exact', async () => {
      const page = await admin
        .from('blog_posts')
        .select('slug', { count: 'exact' })
        .order('slug')
        .range(1, 2);
      expect(page.error).toBeNull();
      expect(slugsOf(page.data)).toEqual(['beta', 'gamma']);
      expect(page.count).toBe(3);
      const head = await admin.from('blog_posts').select('*', { count: 'exact', head: true });
      expect(head.count).toBe(3);
      expect(head.data).toBeNull();
    });

    it('renames and casts selected columns', async () => {
      const { data, error } = await admin
        .from('blog_posts')
        .select('name:slug, published_date::date')
        .eq('slug', 'beta');
      expect(error).toBeNull();
      expect(data).toEqual([{ name: 'beta', published_date: '2026-11-02' }]);
    });

    it('answers null for .maybeSingle() with no row and the row with one', async () => {
      const none = await anon.from('blog_posts').select('slug').eq('slug', 'gamma').maybeSingle();
      expect(none).toMatchObject({ data: null, error: null, status: 200 });
      const one = await anon.from('blog_posts').select('slug').eq('slug', 'beta').maybeSingle();
      expect(one.data).toEqual({ slug: 'beta' });
    });
  });
});
