// The data API (/rest/v1) driven by the real supabase-js as the site drives it: every data call
// the site makes (consultations, the blog manager's posts, the public lists and post page).
import { beforeAll, describe, expect, it } from 'vitest';
import { type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '#server/supabase/db/types.ts';
import { backendKinds } from '#tests/support/backend.ts';
import { consultation, newPost, publicListColumns, useDataApi } from './setup.ts';

describe.each(backendKinds)('the data API on %s', (kind) => {
  const api = useDataApi(kind);
  const { seedPosts, slugs } = api;
  let db: Database;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    ({ db, anon, admin, service } = api);
  });

  describe('the calls the site makes', () => {
    it('stores a consultation submitted by an anonymous visitor, without letting them read it', async () => {
      const { data, error, status } = await anon.from('consultations').insert(consultation);
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toBeNull();

      const stored = await service.from('consultations').select('*');
      expect(stored.error).toBeNull();
      expect(stored.data).toEqual([
        {
          ...consultation,
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          created_at: '2026-11-20T09:30:00+00:00',
          // What the agency adds: a status of its own, notes, the server's times and
          // the visit's attribution, none of which the form sent.
          status: 'new',
          notes: null,
          received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
          referrer: null,
          landing_page: null,
          // The pipeline's: no owner yet, and the source the attribution gives.
          owner_id: null,
          source: '(direct)',
          // Not past a limit: mailed as usual.
          held: false,
        },
      ]);
      const own = await anon.from('consultations').select('*');
      expect(own.status).toBe(401);
      expect(own.error?.code).toBe('42501');
    });

    it('lists every post for the administrator, newest update first, drafts included', async () => {
      await seedPosts(
        newPost('oldest', { updated_at: '2026-10-01T00:00:00Z' }),
        newPost('draft', {
          is_published: false,
          published_date: null,
          updated_at: '2026-11-05T00:00:00Z',
        }),
        newPost('middle', { updated_at: '2026-10-15T00:00:00Z', language: 'swedish' }),
      );
      const { data, error, status } = await admin
        .from('blog_posts')
        .select('*')
        .order('updated_at', { ascending: false });
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data?.map((p) => p.slug)).toEqual(['draft', 'middle', 'oldest']);
      expect(Object.keys(data![0]!).sort()).toEqual([
        'author',
        'content',
        'created_at',
        'hero_image_url',
        'id',
        'is_published',
        'language',
        'published_date',
        'reading_minutes',
        'slug',
        'summary',
        'title',
        'translation_group',
        'updated_at',
        'updated_by',
      ]);
    });

    it('reads one post by id for the editor as a bare object', async () => {
      const ids = await seedPosts(
        newPost('edit-me', { is_published: false, published_date: null }),
      );
      const { data, error, status } = await admin
        .from('blog_posts')
        .select('*')
        .eq('id', ids['edit-me']!)
        .single();
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toMatchObject({
        id: ids['edit-me'],
        slug: 'edit-me',
        is_published: false,
        published_date: null,
        created_at: '2026-11-01T09:00:00+00:00',
        updated_at: '2026-11-02T08:00:00+00:00',
      });
    });

    it('creates a post with the fields of the blog manager', async () => {
      const { data, error, status } = await admin.from('blog_posts').insert(newPost('created'));
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toBeNull();
      const { rows } = await db.query(
        'select title, language, is_published, published_date::text from public.blog_posts',
      );
      expect(rows).toEqual([
        {
          title: 'Post created',
          language: 'english',
          is_published: 't',
          published_date: '2026-11-01 10:00:00+00',
        },
      ]);
    });

    it('returns the created row formatted as PostgREST formats it when asked to', async () => {
      const { data, error, status } = await admin
        .from('blog_posts')
        .insert(newPost('returned', { hero_image_url: 'https://example.com/hero.png' }))
        .select()
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual({
        ...newPost('returned', { hero_image_url: 'https://example.com/hero.png' }),
        id: expect.any(String),
        updated_at: '2026-11-02T08:00:00+00:00',
        published_date: '2026-11-01T10:00:00+00:00',
        created_at: '2026-11-01T09:00:00+00:00',
        // Computed by the database from the content.
        reading_minutes: 1,
        translation_group: null,
        // The signed-in saver, from the token.
        updated_by: 'admin@example.com',
      });
    });

    it('updates a post by id with the same fields except created_at', async () => {
      const ids = await seedPosts(newPost('before'));
      const { created_at: _created, ...changes } = newPost('after', {
        title: 'Updated title',
        is_published: false,
        published_date: null,
        updated_at: '2026-11-10T12:00:00.000Z',
      });
      const { data, error, status } = await admin
        .from('blog_posts')
        .update(changes)
        .eq('id', ids.before!);
      expect(error).toBeNull();
      expect(status).toBe(204);
      expect(data).toBeNull();
      const { rows } = await db.query(
        'select slug, title, is_published, published_date, updated_at::text, created_at::text from public.blog_posts',
      );
      expect(rows).toEqual([
        {
          slug: 'after',
          title: 'Updated title',
          is_published: 'f',
          published_date: null,
          updated_at: '2026-11-10 12:00:00+00',
          created_at: '2026-11-01 09:00:00+00',
        },
      ]);
    });

    it('deletes a post by id', async () => {
      const ids = await seedPosts(newPost('doomed'), newPost('kept'));
      const { error, status } = await admin.from('blog_posts').delete().eq('id', ids.doomed!);
      expect(error).toBeNull();
      expect(status).toBe(204);
      expect(await slugs()).toEqual(['kept']);
    });

    it('lists the published posts of one language, newest publication first, with the public columns', async () => {
      await seedPosts(
        newPost('en-old', { published_date: '2026-09-01T00:00:00Z' }),
        newPost('en-new', { published_date: '2026-11-01T00:00:00Z' }),
        newPost('en-draft', { is_published: false, published_date: null }),
        newPost('sv-one', { language: 'swedish', published_date: '2026-10-01T00:00:00Z' }),
      );
      const english = await anon
        .from('blog_posts')
        .select(publicListColumns)
        .eq('is_published', true)
        .eq('language', 'english')
        .order('published_date', { ascending: false });
      expect(english.error).toBeNull();
      expect(english.data?.map((p) => p.slug)).toEqual(['en-new', 'en-old']);
      expect(Object.keys(english.data![0]!)).toEqual([
        'id',
        'slug',
        'title',
        'summary',
        'hero_image_url',
        'author',
        'published_date',
      ]);
      expect(english.data![0]!.published_date).toBe('2026-11-01T00:00:00+00:00');

      const swedish = await anon
        .from('blog_posts')
        .select(publicListColumns)
        .eq('is_published', true)
        .eq('language', 'swedish')
        .order('published_date', { ascending: false });
      expect(swedish.data?.map((p) => p.slug)).toEqual(['sv-one']);
    });

    it('lists the three latest posts for the thank-you and confirmation pages', async () => {
      await seedPosts(
        ...[1, 2, 3, 4, 5].map((day) =>
          newPost(`day-${day}`, { published_date: `2026-11-0${day}T00:00:00Z` }),
        ),
      );
      const { data, error } = await anon
        .from('blog_posts')
        .select(publicListColumns)
        .eq('is_published', true)
        .eq('language', 'english')
        .order('published_date', { ascending: false })
        .limit(3);
      expect(error).toBeNull();
      expect(data?.map((p) => p.slug)).toEqual(['day-5', 'day-4', 'day-3']);
    });

    it('reads a published post by slug and language as a single object', async () => {
      await seedPosts(newPost('hello'), newPost('hej', { language: 'swedish' }));
      const { data, error, status } = await anon
        .from('blog_posts')
        .select('*')
        .eq('slug', 'hej')
        .eq('is_published', true)
        .eq('language', 'swedish')
        .single();
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toMatchObject({
        slug: 'hej',
        title: 'Post hej',
        author: 'The Lead Agency Team',
        content: 'Some **Markdown** content.',
      });
    });

    it('answers 406 PGRST116 for a missing, draft or other-language post', async () => {
      await seedPosts(
        newPost('english-only'),
        newPost('secret', { is_published: false, published_date: null }),
      );
      for (const [slug, language] of [
        ['missing', 'english'],
        ['secret', 'english'],
        ['english-only', 'swedish'],
      ]) {
        const { data, error, status } = await anon
          .from('blog_posts')
          .select('*')
          .eq('slug', slug!)
          .eq('is_published', true)
          .eq('language', language!)
          .single();
        expect(status).toBe(406);
        expect(data).toBeNull();
        expect(error).toEqual({
          code: 'PGRST116',
          details: 'The result contains 0 rows',
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        });
      }
    });
  });
});
