// Who may do what through the data API: the row-level security matrix of the migrations for anon,
// a signed-in administrator and the service role, and how a request's token picks its role.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '#server/supabase/jwt.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { kindsAndTransports, type TestBackend } from '#tests/support/backend.ts';
import { consultation, newPost, useDataApi } from './setup.ts';

describe.each(kindsAndTransports)('the data API on %s over %s', (kind, transport) => {
  const api = useDataApi(kind, transport);
  const { withToken, rest, seedPosts, seedConsultation, slugs, consultationCount } = api;
  let backend: TestBackend;
  let db: Database;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let service: SupabaseClient;
  let adminId: string;
  beforeAll(() => {
    ({ backend, db, anon, admin, service, adminId } = api);
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
      const response = await backend.fetch(
        `${backend.url}/rest/v1/blog_posts?select=slug&apikey=${backend.anonKey}`,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ slug: 'listed' }]);
      const forged = await backend.fetch(`${backend.url}/rest/v1/blog_posts?apikey=forged`);
      expect(forged.status).toBe(401);
    });

    it('treats a valid token without a role as anon', async () => {
      const roleless = await signJwt({ sub: adminId }, backend.server.backend!.jwtSecret);
      const { status } = await withToken(roleless).from('consultations').select('*');
      expect(status).toBe(401);
    });
  });
});
