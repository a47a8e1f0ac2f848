// A draft's or scheduled post's private preview link, on both databases. A team member
// asks the site's server for one with their session; the server signs it (FORM_SECRET's derived
// key) and reads the post with the service key when the link is opened. A link shows the saved
// post, marked as a preview, noindex and never from the shared page cache; a changed, expired or
// other post's link is refused with a page that says so.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPreviewToken, signPreviewToken } from '~/data/post-previews.server.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { postInput } from '../support/posts.ts';

async function tokenOf(client: SupabaseClient): Promise<string | undefined> {
  return (await client.auth.getSession()).data.session?.access_token;
}

describe.each(backendKinds)('preview links on %s', (kind) => {
  let backend: TestBackend;
  let admin: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend(kind, {}, { site: true });
    admin = await backend.signedIn();
  });
  afterAll(async () => backend?.close());

  async function aPost(slug: string, changes: Record<string, unknown> = {}): Promise<string> {
    const { data, error } = await admin
      .from('blog_posts')
      .insert({ ...postInput(slug, { title: `Preview of ${slug}` }), ...changes })
      .select('id')
      .single();
    if (error) throw error;
    return (data as { id: string }).id;
  }

  /** Asks the endpoint for a link as a client's session (none: no Authorization header). */
  async function ask(client: SupabaseClient | null, body: unknown) {
    const token = client ? await tokenOf(client) : undefined;
    const response = await fetch(`${backend.url}/admin/api/preview-links`, {
      method: 'POST',
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    return {
      status: response.status,
      body: (await response.json()) as { url?: string; expiresAt?: string; error?: string },
    };
  }

  const open = async (url: string) => {
    const response = await fetch(url, { redirect: 'manual' });
    return { response, html: await response.text() };
  };

  it('gives a team member a link that works for 7 days and shows the saved draft as a preview', async () => {
    const id = await aPost('draft-preview', {
      is_published: false,
      published_date: null,
      content: 'First **draft** text.',
    });
    const before = Date.now();
    const { status, body } = await ask(admin, { postId: id });
    expect(status).toBe(200);
    expect(body.url).toMatch(new RegExp(`^${backend.url}/blog/preview/${id}\\.\\d+\\.[\\w-]+$`));
    const expires = new Date(body.expiresAt!).getTime();
    expect(expires - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expires - before).toBeLessThanOrEqual(7 * 86_400_000 + 1000);

    const { response, html } = await open(body.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<h1 class="blog-post__title">Preview of draft-preview</h1>');
    expect(html).toContain('First <strong>draft</strong> text.');
    expect(html).toContain('Preview: this post is not on the blog yet');

    // Never a shared copy: the next request shows the post as it is saved now.
    await backend.db.query(`update public.blog_posts set content = 'Second text.' where id = $1`, [
      id,
    ]);
    const again = await open(body.url!);
    expect(again.response.headers.get('age')).toBeNull();
    expect(again.html).toContain('Second text.');
    expect(again.html).not.toContain('First <strong>draft</strong>');
  });

  it('opens a Swedish post under its Swedish address, and a post gone live at its page', async () => {
    const id = await aPost('svensk-forhandsvisning', {
      language: 'swedish',
      is_published: true,
      published_date: '2099-01-01T08:00:00Z',
    });
    const { body } = await ask(admin, { postId: id });
    expect(new URL(body.url!).pathname).toMatch(/^\/sv\/blog\/preview\//);
    const swedish = await open(body.url!);
    expect(swedish.response.status).toBe(200);
    expect(swedish.html).toContain('Förhandsvisning: inlägget finns inte på bloggen än');
    expect(swedish.html).toContain('Det är schemalagt att visas 1 januari 2099.');

    const english = await open(body.url!.replace('/sv/blog/', '/blog/'));
    expect(english.response.status).toBe(302);
    expect(english.response.headers.get('location')).toBe(new URL(body.url!).pathname);

    await backend.db.query(
      `update public.blog_posts set published_date = now() - interval '1 minute' where id = $1`,
      [id],
    );
    const live = await open(body.url!);
    expect(live.response.status).toBe(302);
    expect(live.response.headers.get('location')).toBe('/sv/blog/svensk-forhandsvisning');
  });

  it('refuses a changed link, another post’s and an expired one, each with its own page', async () => {
    const id = await aPost('refused-preview', { is_published: false, published_date: null });
    const other = await aPost('other-preview', { is_published: false, published_date: null });
    const { body } = await ask(admin, { postId: id });
    const url = new URL(body.url!);
    const token = url.pathname.split('/').pop()!;
    const [, expires, signature] = token.split('.');
    expect(checkPreviewToken(token).valid).toBe(true);

    const tampered = `${id}.${expires}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    const otherPost = `${other}.${expires}.${signature}`;
    const stretched = `${id}.${Number(expires) + 86_400}.${signature}`;
    for (const forged of [tampered, otherPost, stretched, 'not-a-token']) {
      const { response, html } = await open(`${backend.url}/blog/preview/${forged}`);
      expect(response.status, forged).toBe(403);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(html).toContain('<h1>This preview link is not valid</h1>');
      expect(html).not.toContain('Preview of');
    }

    const expired = signPreviewToken(id, new Date(Date.now() - 1000));
    const gone = await open(`${backend.url}/blog/preview/${expired}`);
    expect(gone.response.status).toBe(410);
    expect(gone.html).toContain('<h1>This preview link has expired</h1>');
    expect(gone.html).toContain('<meta name="robots" content="noindex"/>');

    await admin.from('blog_posts').delete().eq('id', id);
    const deleted = await open(body.url!);
    expect(deleted.response.status).toBe(404);
    expect(deleted.html).toContain('<h1>This post no longer exists</h1>');
  });

  it('gives links only to the team, only for posts not yet public', async () => {
    const id = await aPost('team-only-preview', { is_published: false, published_date: null });
    expect(await ask(null, { postId: id })).toEqual({
      status: 401,
      body: { error: 'Sign in to share a preview.' },
    });
    const stranger = await backend.signedInMember('stranger@example.com', null);
    expect(await ask(stranger, { postId: id })).toEqual({
      status: 403,
      body: { error: 'Only the agency’s team can share previews.' },
    });
    const editor = await backend.signedInMember('editor@example.com', 'editor');
    expect((await ask(editor, { postId: id })).status).toBe(200);

    const live = await aPost('live-preview');
    expect(await ask(admin, { postId: live })).toEqual({
      status: 409,
      body: { error: 'This post is published: share its address instead.' },
    });
    expect(await ask(admin, { postId: 'nope' })).toEqual({
      status: 400,
      body: { error: 'Name the post by its id.' },
    });
    expect(await ask(admin, { postId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      status: 404,
      body: { error: 'There is no such post. Save it first.' },
    });
  });
});
