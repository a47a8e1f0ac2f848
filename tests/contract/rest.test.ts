// The data API (/rest/v1) driven by the real supabase-js, on PGlite and on PostgreSQL: every data
// call the site makes, the errors it relies on, the row-level security matrix of
// the migrations, and the protocol details the client reads (status, headers, error envelope).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '#server/jwt.ts';
import type { Database } from '#server/db/types.ts';
import {
  ADMIN_EMAIL,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

/** Exactly the fields the consultation form sends. */
const consultation = {
  name: 'Anna Svensson',
  email: 'anna@example.se',
  phone_number: '+46 70 123 45 67',
  problems: 'We need more qualified leads for our plumbing business.',
  additional_info: null,
  company_name: 'Svensson VVS AB',
  how_found_us: 'LinkedIn',
  language: 'swedish',
  created_at: '2026-11-20T09:30:00.000Z',
};

/** The fields the blog manager sends on create. */
function newPost(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    title: `Post ${slug}`,
    slug,
    content: 'Some **Markdown** content.',
    summary: 'A short summary.',
    hero_image_url: null,
    author: 'The Lead Agency Team',
    is_published: true,
    language: 'english',
    updated_at: '2026-11-02T08:00:00.000Z',
    published_date: '2026-11-01T10:00:00.000Z',
    created_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

const publicListColumns = 'id, slug, title, summary, hero_image_url, author, published_date';

describe.each(backendKinds)('the data API on %s', (kind) => {
  let backend: TestBackend;
  let db: Database;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let service: SupabaseClient;
  let adminId: string;

  /** A client carrying this bearer token, as the app's session does. */
  const withToken = (token: string) =>
    createClient(backend.url, backend.anonKey, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${token}` } },
    });

  /** A raw request, for what supabase-js cannot send or does not show (headers, broken bodies). */
  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${backend.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        ...(init.headers as Record<string, string>),
      },
    });

  /** Inserts posts as the database owner (no RLS), returning their ids by slug. */
  async function seedPosts(
    ...posts: ReturnType<typeof newPost>[]
  ): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const post of posts) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.blog_posts (title, slug, content, summary, hero_image_url, author, is_published, language, updated_at, published_date, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          post.title,
          post.slug,
          post.content,
          post.summary,
          post.hero_image_url,
          post.author,
          post.is_published,
          post.language,
          post.updated_at,
          post.published_date,
          post.created_at,
        ],
      );
      ids[post.slug] = rows[0]!.id;
    }
    return ids;
  }

  async function seedConsultation(): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.consultations (name, email, phone_number, problems, company_name, how_found_us, language)
       values ('Seeded', 'seeded@example.com', '123', 'A problem description of some length.', 'Seed AB', 'Google', 'english') returning id`,
    );
    return rows[0]!.id;
  }

  async function slugs(): Promise<string[]> {
    const { rows } = await db.query<{ slug: string }>(
      'select slug from public.blog_posts order by slug',
    );
    return rows.map((r) => r.slug);
  }

  async function consultationCount(): Promise<number> {
    const { rows } = await db.query<{ n: string }>(
      'select count(*) as n from public.consultations',
    );
    return Number(rows[0]!.n);
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    db = backend.server.backend!.db;
    // The backend made its administrator at start (ADMIN_EMAIL).
    const made = await db.query<{ id: string }>('select id from auth.users where email = $1', [
      ADMIN_EMAIL,
    ]);
    adminId = made.rows[0]!.id;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = await signJwt(
      { role: 'authenticated', sub: adminId, aud: 'authenticated', email: ADMIN_EMAIL, exp },
      backend.server.backend!.jwtSecret,
    );
    anon = backend.client();
    admin = withToken(token);
    service = backend.client(backend.serviceRoleKey);
  });

  afterAll(async () => backend?.close());

  beforeEach(async () => {
    await db.exec(
      'delete from public.blog_posts; delete from public.consultations; delete from private.address_rate_limits;',
    );
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

  describe('the errors the product shows', () => {
    it('answers a duplicate slug with 409 and code 23505', async () => {
      await seedPosts(newPost('taken'));
      const { error, status } = await admin.from('blog_posts').insert(newPost('taken'));
      expect(status).toBe(409);
      expect(error).toEqual({
        code: '23505',
        // PostgreSQL hides the key from roles subject to row-level security.
        details: null,
        hint: null,
        message: 'duplicate key value violates unique constraint "blog_posts_slug_key"',
      });
      const asService = await service.from('blog_posts').insert(newPost('taken'));
      expect(asService.status).toBe(409);
      expect(asService.error?.details).toBe('Key (slug)=(taken) already exists.');
    });

    it('answers a duplicate slug on update with 409 too', async () => {
      const ids = await seedPosts(newPost('first'), newPost('second'));
      const { error, status } = await admin
        .from('blog_posts')
        .update({ slug: 'first' })
        .eq('id', ids.second!);
      expect(status).toBe(409);
      expect(error?.code).toBe('23505');
    });

    it('refuses problems shorter than 20 characters after trimming with 23514', async () => {
      const { error, status } = await anon
        .from('consultations')
        .insert({ ...consultation, problems: `   ${'short text'}          ` });
      expect(status).toBe(400);
      expect(error).toEqual({
        code: '23514',
        details: null,
        hint: null,
        message:
          'new row for relation "consultations" violates check constraint "consultations_problems_check"',
      });
      expect(await consultationCount()).toBe(0);
    });

    it('refuses an unknown how_found_us with 23514', async () => {
      const { error, status } = await anon
        .from('consultations')
        .insert({ ...consultation, how_found_us: 'Carrier pigeon' });
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain('consultations_how_found_us_check');
    });

    it('refuses a missing required field with 23502', async () => {
      const { name: _name, ...withoutName } = consultation;
      const { error, status } = await anon.from('consultations').insert(withoutName);
      expect(status).toBe(400);
      expect(error?.code).toBe('23502');
      expect(error?.message).toBe(
        'null value in column "name" of relation "consultations" violates not-null constraint',
      );
    });
  });

  describe('row-level security', () => {
    let ids: Record<string, string>;
    let consultationId: string;
    type Role = 'anon' | 'authenticated' | 'service_role';
    const clientFor = (role: Role) => ({ anon, authenticated: admin, service_role: service })[role];

    beforeEach(async () => {
      ids = await seedPosts(
        newPost('published'),
        newPost('draft', { is_published: false, published_date: null }),
      );
      consultationId = await seedConsultation();
    });

    it.each([
      ['anon', ['published']],
      ['authenticated', ['draft', 'published']],
      ['service_role', ['draft', 'published']],
    ] as const)('lets %s read posts: %j', async (role, expected) => {
      const { data, error, status } = await clientFor(role)
        .from('blog_posts')
        .select('slug')
        .order('slug');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data?.map((p) => p.slug)).toEqual(expected);
    });

    it('hides a draft from anon even when asked for by id', async () => {
      const { data, error } = await anon.from('blog_posts').select('*').eq('id', ids.draft!);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    });

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 200, null],
      ['service_role', 200, null],
    ] as const)('lets %s read consultations: status %i', async (role, status, code) => {
      const result = await clientFor(role).from('consultations').select('id');
      expect(result.status).toBe(status);
      expect(result.error?.code ?? null).toBe(code);
      if (status === 200) expect(result.data).toEqual([{ id: consultationId }]);
      else expect(result.error?.message).toBe('permission denied for table consultations');
    });

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 201, null],
      ['service_role', 201, null],
    ] as const)('lets %s create posts: status %i', async (role, status, code) => {
      const result = await clientFor(role)
        .from('blog_posts')
        .insert(newPost(`by-${role.replace('_', '-')}`));
      expect(result.status).toBe(status);
      expect(result.error?.code ?? null).toBe(code);
      expect((await slugs()).includes(`by-${role.replace('_', '-')}`)).toBe(status === 201);
    });

    it.each(['anon', 'authenticated', 'service_role'] as const)(
      'lets %s submit consultations',
      async (role) => {
        const { error, status } = await clientFor(role).from('consultations').insert(consultation);
        expect(error).toBeNull();
        expect(status).toBe(201);
        expect(await consultationCount()).toBe(2);
      },
    );

    it('refuses anon the inserted consultation back, and rolls the insert back', async () => {
      const { error, status } = await anon.from('consultations').insert(consultation).select();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await consultationCount()).toBe(1);
    });

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 204, null],
      ['service_role', 204, null],
    ] as const)('lets %s update posts: status %i', async (role, status, code) => {
      const result = await clientFor(role)
        .from('blog_posts')
        .update({ title: 'Changed' })
        .eq('id', ids.published!);
      expect(result.status).toBe(status);
      expect(result.error?.code ?? null).toBe(code);
      const { rows } = await db.query<{ title: string }>(
        'select title from public.blog_posts where id = $1',
        [ids.published],
      );
      expect(rows[0]!.title).toBe(status === 204 ? 'Changed' : 'Post published');
    });

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 403, '42501'],
      ['service_role', 204, null],
    ] as const)('lets %s update consultations: status %i', async (role, status, code) => {
      const result = await clientFor(role)
        .from('consultations')
        .update({ name: 'Changed' })
        .eq('id', consultationId);
      expect(result.status).toBe(status);
      expect(result.error?.code ?? null).toBe(code);
      const { rows } = await db.query<{ name: string }>('select name from public.consultations');
      expect(rows[0]!.name).toBe(status === 204 ? 'Changed' : 'Seeded');
    });

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 204, null],
      ['service_role', 204, null],
    ] as const)('lets %s delete posts: status %i', async (role, status, code) => {
      const result = await clientFor(role).from('blog_posts').delete().eq('id', ids.draft!);
      expect(result.status).toBe(status);
      expect(result.error?.code ?? null).toBe(code);
      expect(await slugs()).toEqual(status === 204 ? ['published'] : ['draft', 'published']);
    });

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 204, null],
      ['service_role', 204, null],
    ] as const)(
      "lets %s update a lead's status and notes: status %i",
      async (role, status, code) => {
        const result = await clientFor(role)
          .from('consultations')
          .update({ status: 'contacted', notes: 'Called, back on Monday.' })
          .eq('id', consultationId);
        expect(result.status).toBe(status);
        expect(result.error?.code ?? null).toBe(code);
        const { rows } = await db.query<{ status: string; notes: string | null }>(
          'select status, notes from public.consultations',
        );
        expect(rows[0]).toEqual(
          status === 204
            ? { status: 'contacted', notes: 'Called, back on Monday.' }
            : { status: 'new', notes: null },
        );
      },
    );

    it.each([
      ['anon', 401, '42501'],
      ['authenticated', 204, null],
      ['service_role', 204, null],
    ] as const)('lets %s delete consultations: status %i', async (role, status, code) => {
      const result = await clientFor(role).from('consultations').delete().eq('id', consultationId);
      expect(result.status).toBe(status);
      expect(result.error?.code ?? null).toBe(code);
      expect(await consultationCount()).toBe(status === 204 ? 0 : 1);
    });

    it('tells anon to authenticate and a signed-in role that it is forbidden', async () => {
      const asAnon = await rest('consultations?select=id');
      expect(asAnon.status).toBe(401);
      expect(asAnon.headers.get('www-authenticate')).toBe('Bearer');
      const { status } = await admin
        .from('consultations')
        .update({ email: 'someone@else.example' })
        .eq('id', consultationId);
      expect(status).toBe(403);
    });

    it('lets a really signed-in administrator (auth API session) read drafts', async () => {
      const signedIn = await backend.signedIn();
      const { data, error } = await signedIn
        .from('blog_posts')
        .select('slug')
        .eq('is_published', false);
      expect(error).toBeNull();
      expect(data).toEqual([{ slug: 'draft' }]);
    });
  });

  describe('writes', () => {
    it('rolls back a .single() write that touches other than one row', async () => {
      await seedPosts(newPost('one'), newPost('two'));
      const { error, status } = await admin
        .from('blog_posts')
        .update({ title: 'Same' })
        .eq('language', 'english')
        .select()
        .single();
      expect(status).toBe(406);
      expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
      const { rows } = await db.query('select title from public.blog_posts order by slug');
      expect(rows).toEqual([{ title: 'Post one' }, { title: 'Post two' }]);

      const inserted = await admin
        .from('blog_posts')
        .insert([newPost('three'), newPost('four')])
        .select()
        .single();
      expect(inserted.status).toBe(406);
      expect(await slugs()).toEqual(['one', 'two']);
    });

    it('inserts NULL for keys missing from some objects, or their defaults with defaultToNull: false', async () => {
      const { author: _author, ...withoutAuthor } = newPost('no-author');
      const nulls = await admin.from('blog_posts').insert([newPost('with-author'), withoutAuthor]);
      expect(nulls.status).toBe(400);
      expect(nulls.error?.code).toBe('23502');

      const defaults = await admin
        .from('blog_posts')
        .insert([newPost('with-author', { author: 'Bob' }), withoutAuthor], {
          defaultToNull: false,
        })
        .select('slug, author');
      expect(defaults.error).toBeNull();
      // The column's default, whatever the migration says it is.
      const { rows } = await db.query<{ author: string }>(
        `insert into public.blog_posts (title, slug, content, summary, is_published)
         values ('Default', 'default-author', 'c', 's', false) returning author`,
      );
      expect(defaults.data).toEqual([
        { slug: 'with-author', author: 'Bob' },
        { slug: 'no-author', author: rows[0]!.author },
      ]);
    });

    it('upserts on a conflict column', async () => {
      await seedPosts(newPost('same-slug'));
      const { data, error, status } = await admin
        .from('blog_posts')
        .upsert(newPost('same-slug', { title: 'Merged' }), { onConflict: 'slug' })
        .select('slug, title');
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([{ slug: 'same-slug', title: 'Merged' }]);
      expect(await slugs()).toEqual(['same-slug']);
    });

    it('returns updated and deleted rows with .select()', async () => {
      const ids = await seedPosts(newPost('a'), newPost('b'));
      const updated = await admin
        .from('blog_posts')
        .update({ title: 'New' })
        .eq('id', ids.a!)
        .select('slug, title');
      expect(updated.status).toBe(200);
      expect(updated.data).toEqual([{ slug: 'a', title: 'New' }]);
      const deleted = await admin
        .from('blog_posts')
        .delete()
        .in('id', [ids.a!, ids.b!])
        .select('slug')
        .order('slug');
      expect(deleted.status).toBe(200);
      expect(deleted.data?.map((p) => p.slug).sort()).toEqual(['a', 'b']);
    });

    it('refuses an update or delete without any filter, as pg_safeupdate does', async () => {
      await seedPosts(newPost('safe'));
      const update = await service.from('blog_posts').update({ title: 'All' });
      expect(update.status).toBe(400);
      expect(update.error).toEqual({
        code: '21000',
        details: null,
        hint: null,
        message: 'UPDATE requires a WHERE clause',
      });
      const remove = await service.from('blog_posts').delete();
      expect(remove.status).toBe(400);
      expect(remove.error?.message).toBe('DELETE requires a WHERE clause');
      expect(await slugs()).toEqual(['safe']);
    });

    it('counts affected rows with count: exact', async () => {
      await seedPosts(newPost('x'), newPost('y'));
      const { count, status } = await admin
        .from('blog_posts')
        .update({ title: 'Z' }, { count: 'exact' })
        .eq('language', 'english');
      expect(status).toBe(204);
      expect(count).toBe(2);
    });
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

  describe('malformed requests', () => {
    it('answers a bad filter with 400 PGRST100', async () => {
      const { error, status } = await anon
        .from('blog_posts')
        .select('*')
        .filter('slug', 'resembles', 'x');
      expect(status).toBe(400);
      expect(error).toEqual({
        code: 'PGRST100',
        details: 'unknown single value operator resembles',
        hint: null,
        message: '"failed to parse filter (resembles.x)" (line 1, column 11)',
      });
    });

    it('answers a bad select or order with 400 PGRST100', async () => {
      const select = await anon.from('blog_posts').select('slug,');
      expect(select.status).toBe(400);
      expect(select.error?.message).toBe(
        '"failed to parse select parameter (slug,)" (line 1, column 6)',
      );
      const order = await rest('blog_posts?order=slug.sideways');
      expect(order.status).toBe(400);
      expect(await order.json()).toMatchObject({ code: 'PGRST100' });
      const embedded = await anon.from('blog_posts').select('slug, author(name)');
      expect(embedded.status).toBe(400);
      expect(embedded.error?.code).toBe('PGRST100');
    });

    it('answers an unknown column in select, filter or order with 400 42703', async () => {
      const select = await anon.from('blog_posts').select('slug, titel');
      expect(select.status).toBe(400);
      expect(select.error).toEqual({
        code: '42703',
        details: null,
        hint: 'Perhaps you meant to reference the column "blog_posts.title".',
        message: 'column blog_posts.titel does not exist',
      });
      const filter = await anon.from('blog_posts').select('*').eq('nonexistent', 1);
      expect(filter.status).toBe(400);
      expect(filter.error?.message).toBe('column blog_posts.nonexistent does not exist');
      const order = await anon.from('blog_posts').select('*').order('nonexistent');
      expect(order.error?.code).toBe('42703');
    });

    it('answers an unknown column in a body with 400 PGRST204', async () => {
      const { error, status } = await admin
        .from('blog_posts')
        .insert({ ...newPost('x'), colour: 'red' });
      expect(status).toBe(400);
      expect(error).toEqual({
        code: 'PGRST204',
        details: null,
        hint: null,
        message: "Could not find the 'colour' column of 'blog_posts' in the schema cache",
      });
    });

    it('answers an unknown table with 404 PGRST205 and a hint only when a name is close', async () => {
      const close = await anon.from('blog_post').select('*');
      expect(close.status).toBe(404);
      expect(close.error).toEqual({
        code: 'PGRST205',
        details: null,
        hint: "Perhaps you meant the table 'public.blog_posts'",
        message: "Could not find the table 'public.blog_post' in the schema cache",
      });
      const far = await anon.from('zzz').insert({ a: 1 });
      expect(far.status).toBe(404);
      expect(far.error?.hint).toBeNull();
    });

    it('answers invalid JSON with 400 PGRST102', async () => {
      for (const body of ['{"name":', '', '42']) {
        const response = await rest('consultations', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          code: 'PGRST102',
          details: null,
          hint: null,
          message: 'Empty or invalid json',
        });
      }
    });

    it('answers a body over 1 MiB with 413 in the error envelope', async () => {
      const { error, status } = await anon
        .from('consultations')
        .insert({ ...consultation, additional_info: 'x'.repeat(1024 * 1024) });
      expect(status).toBe(413);
      expect(error).toMatchObject({
        code: 'PGRST413',
        details: expect.stringContaining('1048576'),
        hint: null,
      });
      expect(await consultationCount()).toBe(0);
    });

    it('answers a malformed uuid with 400 22P02', async () => {
      const { error, status } = await anon.from('blog_posts').select('*').eq('id', 'abc');
      expect(status).toBe(400);
      expect(error).toEqual({
        code: '22P02',
        details: null,
        hint: null,
        message: 'invalid input syntax for type uuid: "abc"',
      });
    });

    it('answers a schema other than public with 406 PGRST106', async () => {
      const read = await anon.schema('auth').from('users').select('*');
      expect(read.status).toBe(406);
      expect(read.error).toEqual({
        code: 'PGRST106',
        details: null,
        hint: 'Only the following schemas are exposed: public',
        message: 'Invalid schema: auth',
      });
      const write = await service.schema('private').from('blog_posts').insert(newPost('x'));
      expect(write.status).toBe(406);
      expect(await slugs()).toEqual([]);
    });

    it('answers an unsupported method with 405 and an unknown path with 404', async () => {
      const put = await rest('blog_posts?id=eq.1', { method: 'PUT', body: '{}' });
      expect(put.status).toBe(405);
      expect(await put.json()).toMatchObject({ code: 'PGRST117' });
      const nested = await rest('blog_posts/extra');
      expect(nested.status).toBe(404);
    });
  });

  describe('tokens', () => {
    it('answers an expired token with 401 PGRST303', async () => {
      const expired = await signJwt(
        { role: 'authenticated', sub: adminId, exp: Math.floor(Date.now() / 1000) - 60 },
        backend.server.backend!.jwtSecret,
      );
      const { error, status } = await withToken(expired).from('blog_posts').select('*');
      expect(status).toBe(401);
      expect(error).toEqual({
        code: 'PGRST303',
        details: null,
        hint: null,
        message: 'JWT expired',
      });
      const raw = await rest('blog_posts', { headers: { Authorization: `Bearer ${expired}` } });
      expect(raw.headers.get('www-authenticate')).toBe(
        'Bearer error="invalid_token", error_description="JWT expired"',
      );
    });

    it('answers a token signed with another secret, or no JWT at all, with 401 PGRST301', async () => {
      const forged = await signJwt(
        { role: 'service_role' },
        'a-different-secret-of-at-least-32-chars',
      );
      const { error, status } = await withToken(forged).from('consultations').select('*');
      expect(status).toBe(401);
      expect(error).toMatchObject({
        code: 'PGRST301',
        message: 'JWT cryptographic operation failed',
      });
      const garbage = await withToken('not-a-jwt').from('blog_posts').select('*');
      expect(garbage.status).toBe(401);
      expect(garbage.error).toMatchObject({
        code: 'PGRST301',
        message: 'Expected 3 parts in JWT; got 1',
      });
    });

    it('refuses a role that does not exist, and the server role itself', async () => {
      const secret = backend.server.backend!.jwtSecret;
      const nobody = await withToken(await signJwt({ role: 'nobody' }, secret))
        .from('blog_posts')
        .select('*');
      expect(nobody.status).toBe(401);
      expect(nobody.error).toMatchObject({
        code: '22023',
        message: 'role "nobody" does not exist',
      });
      const owner = (await db.query<{ user: string }>('select current_user as user')).rows[0]!.user;
      const superuser = await withToken(await signJwt({ role: owner }, secret))
        .from('consultations')
        .select('*');
      expect(superuser.status).toBe(403);
      expect(superuser.data).toBeNull();
    });

    it('takes the API key from the query string as the gateway does, never as a filter', async () => {
      await seedPosts(newPost('listed'));
      const response = await fetch(
        `${backend.url}/rest/v1/blog_posts?select=slug&apikey=${backend.anonKey}`,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ slug: 'listed' }]);
      const forged = await fetch(`${backend.url}/rest/v1/blog_posts?apikey=forged`);
      expect(forged.status).toBe(401);
    });

    it('treats a valid token without a role as anon', async () => {
      const roleless = await signJwt({ sub: adminId }, backend.server.backend!.jwtSecret);
      const { status } = await withToken(roleless).from('consultations').select('*');
      expect(status).toBe(401);
    });
  });

  describe('the wire format', () => {
    it('sends arrays with Content-Type and Content-Range as PostgREST does', async () => {
      await seedPosts(newPost('one'), newPost('two'));
      const full = await rest('blog_posts?select=slug&order=slug');
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(full.headers.get('content-range')).toBe('0-1/*');
      expect(await full.json()).toEqual([{ slug: 'one' }, { slug: 'two' }]);
      const empty = await rest('blog_posts?slug=eq.none');
      expect(empty.headers.get('content-range')).toBe('*/*');
      expect(await empty.text()).toBe('[]');
    });

    it('sends a single object with the object media type', async () => {
      await seedPosts(newPost('one'));
      const response = await rest('blog_posts?select=slug', {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      });
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.pgrst.object+json; charset=utf-8',
      );
      expect(await response.json()).toEqual({ slug: 'one' });
    });

    it('answers a minimal insert with 201, no body and Content-Range */*', async () => {
      const response = await rest('consultations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(consultation),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-range')).toBe('*/*');
      expect(await response.text()).toBe('');
    });

    it('marks errors with Proxy-Status and the JSON content type', async () => {
      const response = await rest('blog_posts?id=eq.abc');
      expect(response.status).toBe(400);
      expect(response.headers.get('proxy-status')).toBe('PostgREST; error=22P02');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  });
});

describe.each(backendKinds)('the per-request transaction on %s', (kind) => {
  let backend: TestBackend;
  let db: Database;
  let reloadSchema: () => Promise<void>;
  let url: string;
  const userId = '00000000-0000-4000-8000-000000000001';

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    db = backend.server.backend!.db;
    reloadSchema = backend.server.backend!.reloadSchema;
    url = backend.url;
  });

  afterAll(async () => backend?.close());

  const client = (key: string) => createClient(url, key, clientOptions);

  it('sees tables created after start only once the schema is reloaded', async () => {
    await db.exec(`
      create view public.request_probe as
        select current_user::text as role,
               auth.uid() as uid,
               auth.role() as claim_role,
               current_setting('statement_timeout') as statement_timeout,
               current_setting('transaction_read_only') as read_only,
               current_setting('request.method', true) as method,
               current_setting('request.path', true) as path,
               current_setting('search_path') as search_path;
      grant select on public.request_probe to anon, authenticated, service_role;`);
    const before = await client(backend.anonKey).from('request_probe').select('*');
    expect(before.status).toBe(404);
    expect(before.error?.code).toBe('PGRST205');
    await reloadSchema();
    const after = await client(backend.anonKey).from('request_probe').select('*');
    expect(after.error).toBeNull();
    expect(after.status).toBe(200);
  });

  it('runs a read as anon, read-only, with the 3 s timeout and the request settings', async () => {
    const { data, error } = await client(backend.anonKey)
      .from('request_probe')
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      role: 'anon',
      uid: null,
      claim_role: 'anon',
      statement_timeout: '3s',
      read_only: 'on',
      method: 'GET',
      path: '/request_probe',
      search_path: 'public, extensions',
    });
  });

  it("runs as the token's role with its claims and the 8 s timeout", async () => {
    const token = await signJwt(
      {
        role: 'authenticated',
        sub: userId,
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 600,
      },
      backend.server.backend!.jwtSecret,
    );
    const { data, error } = await client(token)
      .from('request_probe')
      .select('role, uid, claim_role, statement_timeout')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      role: 'authenticated',
      uid: userId,
      claim_role: 'authenticated',
      statement_timeout: '8s',
    });
  });

  it('lets writes run in a read-write transaction', async () => {
    await db.exec(`
      create table public.request_log (id serial primary key, method text default current_setting('request.method', true), read_only text default current_setting('transaction_read_only'));
      grant insert, select on public.request_log to service_role;
      grant usage on sequence public.request_log_id_seq to service_role;`);
    await reloadSchema();
    const { data, error } = await client(backend.serviceRoleKey)
      .from('request_log')
      .insert({})
      .select('method, read_only')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ method: 'POST', read_only: 'off' });
  });

  if (kind === 'postgres') {
    // PGlite runs on one thread without timers, so it cannot cancel a statement (see the report).
    it('cancels a statement that runs past the anon timeout with 500 57014', async () => {
      await db.exec(`
        create view public.slow_probe as select true as slept from pg_sleep(5);
        grant select on public.slow_probe to anon;`);
      await reloadSchema();
      const { error, status } = await client(backend.anonKey).from('slow_probe').select('*');
      expect(status).toBe(500);
      expect(error).toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
    });
  }
});
