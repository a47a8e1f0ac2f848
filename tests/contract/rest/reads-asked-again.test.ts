// A read the data API answered before is answered again from what it decided the first time (the
// caller, the plan, the statement), on the site's transport and over HTTP: these show that
// nothing else is kept. The rows are read afresh, each request's own headers reach the database,
// a token that has expired since is refused, another token gets its own rows, and a schema reload
// is seen.
import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '#server/supabase/jwt.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { kindsAndTransports, type TestBackend } from '#tests/support/backend.ts';
import { newPost, useDataApi } from './setup.ts';

const LIST = 'blog_posts?select=slug&order=slug.asc';

describe.each(kindsAndTransports)('a read asked again on %s over %s', (kind, transport) => {
  const api = useDataApi(kind, transport);
  const { rest, seedPosts, withToken } = api;
  let backend: TestBackend;
  let db: Database;
  beforeAll(() => {
    ({ backend, db } = api);
  });

  const slugsOf = async (response: Response) =>
    ((await response.json()) as { slug: string }[]).map((post) => post.slug);

  it('reads the rows as they are now, not as they were', async () => {
    await seedPosts(newPost('first'));
    expect(await slugsOf(await rest(LIST))).toEqual(['first']);
    await seedPosts(newPost('second'));
    expect(await slugsOf(await rest(LIST))).toEqual(['first', 'second']);
    await db.query(`update public.blog_posts set is_published = false where slug = 'first'`);
    expect(await slugsOf(await rest(LIST))).toEqual(['second']);
  });

  it('answers with the same status and headers, and only the CORS headers a browser reads there', async () => {
    await seedPosts(newPost('first'));
    const first = await rest(LIST);
    const again = await rest(LIST);
    const headers = (response: Response) =>
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive');
    expect(again.status).toBe(first.status);
    expect(headers(again)).toEqual(headers(first));
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(first.headers.get('access-control-allow-methods')).toBeNull();
    const preflight = await backend.fetch(`${backend.url}/rest/v1/${LIST}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('gives the database each request’s own headers', async () => {
    await db.exec(`
      create or replace view public.request_note as
        select current_setting('request.headers', true)::json ->> 'x-note' as note;
      grant select on public.request_note to anon;`);
    await backend.server.backend!.reloadSchema();
    try {
      for (const note of ['one', 'two', 'three']) {
        const response = await rest('request_note?select=note', { headers: { 'x-note': note } });
        expect(await response.json()).toEqual([{ note }]);
      }
    } finally {
      await db.exec('drop view public.request_note;');
      await backend.server.backend!.reloadSchema();
    }
  });

  it('refuses a token that has expired since the same read was answered', async () => {
    await seedPosts(newPost('first'));
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await signJwt(
      { role: 'authenticated', sub: api.adminId, exp },
      backend.server.backend!.jwtSecret,
    );
    const headers = { Authorization: `Bearer ${token}` };
    expect((await rest(LIST, { headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    const expired = await rest(LIST, { headers });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const { error } = await withToken(token).from('blog_posts').select('slug');
    expect(error?.code).toBe('PGRST303');
  });

  it('answers another token the same target with its own rows', async () => {
    await seedPosts(newPost('published'), newPost('draft', { is_published: false }));
    const asAdmin = await api.admin.from('blog_posts').select('slug').order('slug');
    const asAnon = await api.anon.from('blog_posts').select('slug').order('slug');
    const asAdminAgain = await api.admin.from('blog_posts').select('slug').order('slug');
    expect(asAdmin.data).toEqual([{ slug: 'draft' }, { slug: 'published' }]);
    expect(asAnon.data).toEqual([{ slug: 'published' }]);
    expect(asAdminAgain.data).toEqual(asAdmin.data);
  });

  it('sees a column added once the schema is reloaded', async () => {
    await seedPosts(newPost('first'));
    const columns = async () =>
      Object.keys(((await (await rest('blog_posts?select=*')).json()) as object[])[0]!);
    expect(await columns()).not.toContain('reread_note');
    await db.exec(`alter table public.blog_posts add column reread_note text default 'noted';`);
    try {
      await backend.server.backend!.reloadSchema();
      expect(await columns()).toContain('reread_note');
    } finally {
      await db.exec('alter table public.blog_posts drop column reread_note;');
      await backend.server.backend!.reloadSchema();
    }
  });
});
