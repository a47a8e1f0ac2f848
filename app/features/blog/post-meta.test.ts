import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import type { BlogPostResult } from './blog-post';
import { blogPostMeta } from './post-meta';

const post = {
  slug: 'svara-snabbt',
  title: 'Svara snabbt',
  summary: 'Den som svarar först får jobbet.',
  hero_image_url: 'https://images.example.com/a.jpg',
} as BlogPost;

function metaAt(pathname: string, loaderData: BlogPostResult | undefined) {
  return blogPostMeta({
    location: { pathname },
    matches: [{ id: 'root', loaderData: { siteUrl: 'https://example.com' } }],
    loaderData,
  });
}

describe('blogPostMeta', () => {
  it('uses the post’s title and summary, a canonical URL and no hreflang alternates', () => {
    const tags = metaAt('/sv/blog/svara-snabbt', { status: 'loaded', post, bodyHtml: '' });
    expect(tags).toContainEqual({ title: 'Svara snabbt | Nordic Lead Agency' });
    expect(tags).toContainEqual({ name: 'description', content: post.summary });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.com/sv/blog/svara-snabbt',
    });
    expect(tags).toContainEqual({ property: 'og:image', content: post.hero_image_url });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'alternate')).toBe(false);
    expect(tags.some((tag) => 'name' in tag && tag.name === 'robots')).toBe(false);
  });

  it('titles a missing post in the page language and keeps it out of search engines', () => {
    for (const [path, title] of [
      ['/blog/nope', 'Blog post not found | Nordic Lead Agency'],
      ['/sv/blog/nope', 'Blogginlägget hittades inte | Nordic Lead Agency'],
    ] as const) {
      const tags = metaAt(path, { status: 'not-found' });
      expect(tags).toContainEqual({ title });
      expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    }
  });

  it('titles a failed load in the page language and keeps it out of search engines', () => {
    const tags = metaAt('/sv/blog/x', { status: 'failed' });
    expect(tags).toContainEqual({
      title: 'Misslyckades att ladda blogginlägget | Nordic Lead Agency',
    });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
