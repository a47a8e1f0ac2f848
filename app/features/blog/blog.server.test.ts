import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '~/data/errors';
import {
  getPublishedPostBySlug,
  getPublishedTranslation,
  listPublishedPosts,
  type BlogPost,
} from '~/data/posts';
import { loadBlogList, loadBlogPost } from './blog.server';

vi.mock('~/data/supabase.server', () => ({ getServerSupabase: () => ({}) }));
vi.mock('~/data/posts', () => ({
  listPublishedPosts: vi.fn(),
  getPublishedPostBySlug: vi.fn(),
  getPublishedTranslation: vi.fn(),
}));

/** The body and status of what a loader returned, with or without data()'s wrapper. */
function unwrap(result: unknown): { body: unknown; status: number } {
  if (
    result &&
    typeof result === 'object' &&
    'type' in result &&
    result.type === 'DataWithResponseInit'
  ) {
    const wrapped = result as unknown as { data: unknown; init: { status?: number } | null };
    return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { body: result, status: 200 };
}

/** The headers a loader's data() answer carries. */
function headersOf(result: unknown): unknown {
  return (result as { init?: { headers?: unknown } | null }).init?.headers;
}

const request = (path: string) => new Request(`http://127.0.0.1:3000${path}`);
const post = {
  id: 'a',
  slug: 'a-post',
  title: 'A post',
  content: '## Varför\n\nSvara *snabbt*.[^1]\n\n[^1]: Inom en timme.',
} as BlogPost;

let logged: unknown[][];
beforeEach(() => {
  logged = [];
  // The shared setup fails a test on console.error; these tests expect exactly one log.
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
});
afterEach(() => vi.clearAllMocks());

describe('loadBlogList', () => {
  it('reads the published posts of the page language', async () => {
    vi.mocked(listPublishedPosts).mockResolvedValue([]);
    expect(unwrap(await loadBlogList(request('/sv/blog')))).toEqual({
      body: { status: 'loaded', posts: [], page: 1, hasOlder: false, alternates: null },
      status: 200,
    });
    expect(vi.mocked(listPublishedPosts).mock.calls[0]![1]).toBe('swedish');
    expect(vi.mocked(listPublishedPosts).mock.calls[0]![2]).toEqual({ limit: 31, offset: 0 });
    await loadBlogList(request('/blog'));
    expect(vi.mocked(listPublishedPosts).mock.calls[1]![1]).toBe('english');
    expect(logged).toEqual([]);
  });

  it('reads one page of 30 posts and says whether an older page follows', async () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ ...post, slug: `p-${i}` }));
    vi.mocked(listPublishedPosts).mockResolvedValue(many);
    const { body } = unwrap(await loadBlogList(request('/blog?page=3')));
    expect(vi.mocked(listPublishedPosts).mock.calls[0]![2]).toEqual({ limit: 31, offset: 60 });
    expect(body).toMatchObject({
      page: 3,
      hasOlder: true,
      alternates: { en: '/blog', sv: '/sv/blog' },
    });
    expect((body as { posts: unknown[] }).posts).toHaveLength(30);
  });

  it.each([
    '/blog?page=0',
    '/blog?page=-1',
    '/blog?page=abc',
    '/blog?page=02',
    '/blog?page=9999999',
  ])('answers 404 for %s without reading', async (path) => {
    const thrown = await loadBlogList(request(path)).catch((error: unknown) => error);
    expect(unwrap(thrown).status).toBe(404);
    expect(listPublishedPosts).not.toHaveBeenCalled();
  });

  it('answers 404 for a page after the last', async () => {
    vi.mocked(listPublishedPosts).mockResolvedValue([]);
    const thrown = await loadBlogList(request('/sv/blog?page=2')).catch((error: unknown) => error);
    expect(unwrap(thrown).status).toBe(404);
  });

  it('answers 503, to try again in 5 s, when the database cannot be reached, in one line', async () => {
    const error = new DataError('Database client error. Retrying the connection.', {
      code: 'PGRST001',
      status: 503,
    });
    vi.mocked(listPublishedPosts).mockRejectedValue(error);
    const answer = await loadBlogList(request('/blog'));
    expect(unwrap(answer)).toEqual({ body: { status: 'failed' }, status: 503 });
    expect(headersOf(answer)).toEqual({ 'Cache-Control': 'no-store', 'Retry-After': '5' });
    expect(logged).toEqual([
      [
        'Failed to load blog posts: the database is unavailable (Database client error. Retrying the connection.).',
      ],
    ]);
  });

  it('answers 500 and logs the error with its stack on any other failure', async () => {
    const error = new DataError('column blog_posts.language does not exist', { code: '42703' });
    vi.mocked(listPublishedPosts).mockRejectedValue(error);
    const answer = await loadBlogList(request('/sv/blog'));
    expect(unwrap(answer)).toEqual({ body: { status: 'failed' }, status: 500 });
    expect(headersOf(answer)).toEqual({ 'Cache-Control': 'no-store' });
    expect(logged).toEqual([['Failed to load blog posts:', error]]);
  });
});

describe('loadBlogPost', () => {
  it('reads the post at the slug in the page language', async () => {
    vi.mocked(getPublishedPostBySlug).mockResolvedValue(post);
    vi.mocked(getPublishedTranslation).mockResolvedValue(null);
    expect(unwrap(await loadBlogPost(request('/sv/blog/a-post'), 'a-post'))).toEqual({
      body: { status: 'loaded', post, bodyHtml: expect.any(String), alternates: null },
      status: 200,
    });
    // The body arrives as HTML rendered on the server, footnotes labelled in the page's language.
    const { bodyHtml } = unwrap(await loadBlogPost(request('/sv/blog/a-post'), 'a-post')).body as {
      bodyHtml: string;
    };
    expect(bodyHtml).toContain('<h2>Varför</h2>');
    expect(bodyHtml).toContain('<em>snabbt</em>');
    expect(bodyHtml).toContain('Fotnoter');
    expect(vi.mocked(getPublishedPostBySlug).mock.calls[0]!.slice(1)).toEqual([
      'swedish',
      'a-post',
    ]);
  });

  it('names the post and its published translation by language', async () => {
    vi.mocked(getPublishedPostBySlug).mockResolvedValue(post);
    vi.mocked(getPublishedTranslation).mockResolvedValue({
      slug: 'answer-fast',
      language: 'english',
    });
    const { body } = unwrap(await loadBlogPost(request('/sv/blog/a-post'), 'a-post'));
    expect(body).toMatchObject({ alternates: { en: '/blog/answer-fast', sv: '/sv/blog/a-post' } });
    vi.mocked(getPublishedTranslation).mockResolvedValue({ slug: 'svara', language: 'swedish' });
    const english = unwrap(await loadBlogPost(request('/blog/a-post'), 'a-post')).body;
    expect(english).toMatchObject({ alternates: { en: '/blog/a-post', sv: '/sv/blog/svara' } });
  });

  it('answers 404 when there is no such published post in that language', async () => {
    vi.mocked(getPublishedPostBySlug).mockResolvedValue(null);
    expect(unwrap(await loadBlogPost(request('/blog/a-post'), 'a-post'))).toEqual({
      body: { status: 'not-found' },
      status: 404,
    });
    expect(logged).toEqual([]);
  });

  it('answers 404 without a query for a path that cannot be a slug', async () => {
    expect(unwrap(await loadBlogPost(request('/blog/A%20Post'), 'A Post')).status).toBe(404);
    expect(getPublishedPostBySlug).not.toHaveBeenCalled();
  });

  it('answers 500 and logs the error on any other failure', async () => {
    const error = new DataError('permission denied for table blog_posts', {
      code: '42501',
      status: 401,
    });
    vi.mocked(getPublishedPostBySlug).mockRejectedValue(error);
    expect(unwrap(await loadBlogPost(request('/blog/a-post'), 'a-post'))).toEqual({
      body: { status: 'failed' },
      status: 500,
    });
    expect(logged).toEqual([['Failed to load blog post:', error]]);
  });
});
