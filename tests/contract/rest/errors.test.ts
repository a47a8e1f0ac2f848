// The data API's errors: the ones the product shows (duplicate slug, a rule the database
// checks) and PostgREST's answers to malformed requests (bad filters, unknown names, broken bodies).
import { beforeAll, describe, expect, it } from 'vitest';
import { type SupabaseClient } from '@supabase/supabase-js';
import { kindsAndTransports } from '#tests/support/backend.ts';
import { consultation, newPost, useDataApi } from './setup.ts';

describe.each(kindsAndTransports)('the data API on %s over %s', (kind, transport) => {
  const api = useDataApi(kind, transport);
  const { rest, seedPosts, slugs, consultationCount } = api;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    ({ anon, admin, service } = api);
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
});
