// Writes through the data API: insert (bulk, missing keys), upsert on a conflict column, update and
// delete with returned rows, the safe-update rule, and counts of affected rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '#server/supabase/db/types.ts';
import { kindsAndTransports } from '#tests/support/backend.ts';
import { newPost, useDataApi } from './setup.ts';

describe.each(kindsAndTransports)('the data API on %s over %s', (kind, transport) => {
  const api = useDataApi(kind, transport);
  const { seedPosts, slugs } = api;
  let db: Database;
  let admin: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    ({ db, admin, service } = api);
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
});
