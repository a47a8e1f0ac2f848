import { describe, expect, it } from 'vitest';
import { pageMeta } from './page-meta';

const args = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: 'root', loaderData: { siteUrl: 'https://example.se' } }],
});

describe('pageMeta', () => {
  it('gives a Swedish page its Swedish title, canonical URL and both hreflang alternates', () => {
    const tags = pageMeta(args('/sv/blog'), (t) => t.pages.blog);
    expect(tags).toContainEqual({ title: 'Marknadsföringsinsikter & tips | Nordic Lead Agency' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.se/sv/blog',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'en',
      href: 'https://example.se/blog',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'sv',
      href: 'https://example.se/sv/blog',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://example.se/blog',
    });
  });

  it('points the English home page at itself and its Swedish twin', () => {
    const tags = pageMeta(args('/'), (t) => t.pages.home);
    expect(tags).toContainEqual({
      name: 'description',
      content: expect.stringContaining('quality leads'),
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://example.se/' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'sv',
      href: 'https://example.se/sv',
    });
  });

  it('leaves out the alternates of a page that exists in one language', () => {
    const post = { title: 'Ett inlägg', description: 'Ett kort tips.' };
    const tags = pageMeta(args('/sv/blog/ett-inlagg/'), post, { alternates: false });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.se/sv/blog/ett-inlagg',
    });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'alternate')).toBe(false);
  });

  it('marks pages that should not be indexed and gives them no canonical URL', () => {
    const tags = pageMeta(args('/sv/nope'), (t) => ({ title: t.notFound.title }), {
      noindex: true,
    });
    expect(tags).toEqual([
      { title: 'Sidan hittades inte | Nordic Lead Agency' },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});
