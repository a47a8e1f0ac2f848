// config.toml's [api] max_rows (1,000), enforced as hosted PostgREST enforces it, driven by
// supabase-js and raw requests on PGlite and on PostgreSQL: a read is cut at 1,000 rows, an exact
// count says how many there are (206), and a smaller range or limit is answered as asked.
import { describe, expect, it } from 'vitest';
import { backendKinds } from '#tests/support/backend.ts';
import { useDataApi } from './setup.ts';

/** 2,500 published English posts, post-0001 … post-2500, seeded in one statement. */
const seed2500Posts = `
  insert into public.blog_posts
    (title, slug, content, summary, author, is_published, language, published_date, created_at, updated_at)
  select 'Post ' || i, 'post-' || lpad(i::text, 4, '0'), 'Some content.', 'A summary.', 'The Team',
         true, 'english', timestamptz '2026-01-01' + i * interval '1 minute',
         timestamptz '2026-01-01', timestamptz '2026-01-01'
    from generate_series(1, 2500) as i`;

describe.each(backendKinds)('max_rows on %s', (kind) => {
  const api = useDataApi(kind);

  it('answers the first 1,000 of 2,500 rows, and 206 with 0-999/2500 when counted', async () => {
    await api.db.exec(seed2500Posts);
    const plain = await api.rest('blog_posts?select=slug&order=slug');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-range')).toBe('0-999/*');
    const rows = (await plain.json()) as Array<{ slug: string }>;
    expect(rows).toHaveLength(1000);
    expect(rows.at(-1)?.slug).toBe('post-1000');

    const { data, count, status } = await api.anon
      .from('blog_posts')
      .select('slug', { count: 'exact' })
      .order('slug');
    expect(status).toBe(206);
    expect(count).toBe(2500);
    expect(data).toHaveLength(1000);
    const counted = await api.rest('blog_posts?select=slug', {
      headers: { Prefer: 'count=exact' },
    });
    expect(counted.headers.get('content-range')).toBe('0-999/2500');
  });

  it('cuts a larger range at 1,000 rows from its start, and answers a smaller one as asked', async () => {
    await api.db.exec(seed2500Posts);
    const large = await api.anon
      .from('blog_posts')
      .select('slug', { count: 'exact' })
      .order('slug')
      .range(1000, 2999);
    expect(large.data).toHaveLength(1000);
    expect(large.data?.[0]?.slug).toBe('post-1001');
    expect(large.data?.at(-1)?.slug).toBe('post-2000');
    const tail = await api.rest('blog_posts?select=slug&order=slug&offset=2000&limit=5000', {
      headers: { Prefer: 'count=exact' },
    });
    expect(tail.headers.get('content-range')).toBe('2000-2499/2500');
    expect(await tail.json()).toHaveLength(500);
    const small = await api.anon.from('blog_posts').select('slug').order('slug').limit(10);
    expect(small.data).toHaveLength(10);
  });

  it('answers every row a write wrote, beyond 1,000', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      title: `Post ${i}`,
      slug: `written-${i}`,
      content: 'Some content.',
      summary: 'A summary.',
      author: 'The Team',
      is_published: false,
      language: 'english',
    }));
    const { data, error } = await api.service.from('blog_posts').insert(rows).select('slug');
    expect(error).toBeNull();
    expect(data).toHaveLength(1200);
  });
});
