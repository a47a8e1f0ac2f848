import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import type { JsonLd } from '~/i18n/page-meta';
import type { BlogPostResult } from './blog-post';
import { blogPostMeta } from './post-meta';

const post = {
  slug: 'svara-snabbt',
  title: 'Svara snabbt',
  summary: 'Den som svarar först får jobbet.',
  hero_image_url: 'https://images.example.com/a.jpg',
  author: 'Teamet på Nordic Lead Agency',
  published_date: '2026-03-02',
  created_at: '2026-03-01T08:00:00Z',
  updated_at: '2026-03-04T09:30:00Z',
} as BlogPost;

const content = (tags: MetaDescriptor[], key: string) =>
  tags.flatMap((tag) =>
    ('property' in tag && tag.property === key) || ('name' in tag && tag.name === key)
      ? [(tag as { content: string }).content]
      : [],
  );

const jsonLd = (tags: MetaDescriptor[]) =>
  tags.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json'] as JsonLd] : []));

function metaAt(pathname: string, loaderData: BlogPostResult | undefined) {
  return blogPostMeta({
    location: { pathname },
    matches: [{ id: 'root', loaderData: { siteUrl: 'https://example.com' } }],
    loaderData,
  });
}

describe('blogPostMeta', () => {
  it('uses the post’s title and summary, a canonical URL and no hreflang alternates without a translation', () => {
    const tags = metaAt('/sv/blog/svara-snabbt', {
      status: 'loaded',
      post,
      bodyHtml: '',
      alternates: null,
    });
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

  it('names the post’s translation in hreflang, with x-default the English post', () => {
    const alternates = { en: '/blog/answer-fast', sv: '/sv/blog/svara-snabbt' };
    const tags = metaAt('/sv/blog/svara-snabbt', {
      status: 'loaded',
      post,
      bodyHtml: '',
      alternates,
    });
    const links = tags.filter((tag) => 'rel' in tag && tag.rel === 'alternate');
    expect(links).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'en',
        href: 'https://example.com/blog/answer-fast',
      },
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'sv',
        href: 'https://example.com/sv/blog/svara-snabbt',
      },
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'x-default',
        href: 'https://example.com/blog/answer-fast',
      },
    ]);
    expect(content(tags, 'og:locale:alternate')).toEqual(['en_US']);
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.com/sv/blog/svara-snabbt',
    });
  });

  it('shares a post as an article with its hero image and no default-image dimensions', () => {
    const tags = metaAt('/sv/blog/svara-snabbt', {
      status: 'loaded',
      post,
      bodyHtml: '',
      alternates: null,
    });
    expect(content(tags, 'og:type')).toEqual(['article']);
    expect(content(tags, 'og:url')).toEqual(['https://example.com/sv/blog/svara-snabbt']);
    expect(content(tags, 'og:locale')).toEqual(['sv_SE']);
    expect(content(tags, 'og:image')).toEqual([post.hero_image_url]);
    expect(content(tags, 'twitter:image')).toEqual([post.hero_image_url]);
    expect(content(tags, 'og:image:width')).toEqual([]);
    expect(content(tags, 'article:published_time')).toEqual(['2026-03-02']);
    expect(content(tags, 'article:author')).toEqual(['Teamet på Nordic Lead Agency']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
  });

  it('falls back to the default share image, and makes a site-relative hero image absolute', () => {
    const noImage = { ...post, hero_image_url: null };
    const tags = metaAt('/blog/svara-snabbt', {
      status: 'loaded',
      post: noImage,
      bodyHtml: '',
      alternates: null,
    });
    expect(content(tags, 'og:image')).toEqual(['https://example.com/og-default.png']);
    expect(content(tags, 'og:image:width')).toEqual(['1200']);
    expect(content(tags, 'og:image:height')).toEqual(['630']);
    expect(content(tags, 'og:locale')).toEqual(['en_US']);
    expect(jsonLd(tags)[0]).toMatchObject({ image: 'https://example.com/og-default.png' });

    const relative = { ...post, hero_image_url: '/images/hero.jpg' };
    const relativeTags = metaAt('/blog/x', {
      status: 'loaded',
      post: relative,
      bodyHtml: '',
      alternates: null,
    });
    expect(content(relativeTags, 'og:image')).toEqual(['https://example.com/images/hero.jpg']);
  });

  it('describes a Swedish post as a BlogPosting with its breadcrumb trail', () => {
    const tags = metaAt('/sv/blog/svara-snabbt/', {
      status: 'loaded',
      post,
      bodyHtml: '',
      alternates: null,
    });
    const [posting, breadcrumbs] = jsonLd(tags);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Svara snabbt',
      description: post.summary,
      datePublished: '2026-03-02',
      dateModified: '2026-03-04T09:30:00Z',
      author: { '@type': 'Organization', name: 'Teamet på Nordic Lead Agency' },
      publisher: {
        '@type': 'Organization',
        name: 'Nordic Lead Agency',
        logo: { '@type': 'ImageObject', url: 'https://example.com/og-default.png' },
      },
      image: post.hero_image_url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://example.com/sv/blog/svara-snabbt' },
      inLanguage: 'sv-SE',
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Hem', item: 'https://example.com/sv' },
        { '@type': 'ListItem', position: 2, name: 'Blogg', item: 'https://example.com/sv/blog' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Svara snabbt',
          item: 'https://example.com/sv/blog/svara-snabbt',
        },
      ],
    });
  });

  it('names a person as the author of an English post and keeps a title with markup as plain data', () => {
    const title = 'Leads </script><script>alert(1)</script> & more';
    const english = { ...post, title, author: 'Anna Svensson', hero_image_url: null };
    const tags = metaAt('/blog/leads', {
      status: 'loaded',
      post: english,
      bodyHtml: '',
      alternates: null,
    });
    const [posting, breadcrumbs] = jsonLd(tags);
    expect(posting).toMatchObject({
      headline: title,
      author: { '@type': 'Person', name: 'Anna Svensson' },
      inLanguage: 'en',
    });
    expect(breadcrumbs?.itemListElement).toMatchObject([
      { name: 'Home', item: 'https://example.com/' },
      { name: 'Blog', item: 'https://example.com/blog' },
      { name: title, item: 'https://example.com/blog/leads' },
    ]);
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
