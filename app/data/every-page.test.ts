import { describe, expect, it } from 'vitest';
import { fakeDataApi } from '#tests/support/fake-data-api.ts';
import { DataError } from './errors';
import { readEveryPage, readEveryPageForIds } from './every-page';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: String(i + 1).padStart(5, '0'), slug: `post-${i}` }));

describe('reading every page of a read', () => {
  it('reads 2,500 rows through a server that cuts each read at 1,000, each row once', async () => {
    const api = fakeDataApi({ blog_posts: rows(2500) });
    const read = await readEveryPage((from, to) =>
      api.client
        .from('blog_posts')
        .select('*', { count: 'exact' })
        .order('id', { ascending: true })
        .range(from, to),
    );
    expect(read.map((row) => row.id)).toEqual(rows(2500).map((row) => row.id));
    expect(api.requests).toHaveLength(3);
    expect(api.requests.map((r) => [r.params.get('offset'), r.params.get('limit')])).toEqual([
      ['0', '1000'],
      ['1000', '1000'],
      ['2000', '1000'],
    ]);
  });

  it('loses nothing from a server whose max_rows is below the page asked for', async () => {
    const api = fakeDataApi({ blog_posts: rows(1234) }, { maxRows: 500 });
    const read = await readEveryPage((from, to) =>
      api.client.from('blog_posts').select('id', { count: 'exact' }).order('id').range(from, to),
    );
    expect(new Set(read.map((row) => row.id)).size).toBe(1234);
    expect(api.requests).toHaveLength(3);
  });

  it('asks once for an empty table', async () => {
    const api = fakeDataApi({ blog_posts: [] });
    const read = await readEveryPage((from, to) =>
      api.client.from('blog_posts').select('id', { count: 'exact' }).order('id').range(from, to),
    );
    expect(read).toEqual([]);
    expect(api.requests).toHaveLength(1);
  });

  it('throws the data error of a failed page', async () => {
    const api = fakeDataApi({ blog_posts: rows(1500) });
    api.failWith((request) => request.params.get('offset') === '1000');
    await expect(
      readEveryPage((from, to) =>
        api.client.from('blog_posts').select('id', { count: 'exact' }).order('id').range(from, to),
      ),
    ).rejects.toBeInstanceOf(DataError);
  });

  it('refuses a read that did not ask for a count', async () => {
    const api = fakeDataApi({ blog_posts: rows(3) });
    await expect(
      readEveryPage((from, to) =>
        api.client.from('blog_posts').select('id').order('id').range(from, to),
      ),
    ).rejects.toThrow('exact count');
  });

  it('reads the rows of 250 ids in lists of at most 100', async () => {
    const api = fakeDataApi({ blog_posts: rows(300) });
    const ids = rows(250).map((row) => row.id);
    const read = await readEveryPageForIds(ids, (chunk, from, to) =>
      api.client
        .from('blog_posts')
        .select('id', { count: 'exact' })
        .in('id', chunk)
        .order('id')
        .range(from, to),
    );
    expect(read.map((row) => row.id)).toEqual(ids);
    expect(api.requests).toHaveLength(3);
  });
});
