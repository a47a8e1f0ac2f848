import { describe, expect, it } from 'vitest';
import { buildLanguageSitemap, buildSitemapIndex, postLastModified } from './sitemap';
import { listing as post, parseXml, textsOf } from './xml-test-support';

const siteUrl = 'https://agency.example';
const xhtml = 'http://www.w3.org/1999/xhtml';

/** Each <url>'s loc with its hreflang → href alternates. */
function entries(xml: string) {
  return Array.from(parseXml(xml).getElementsByTagName('url'), (url) => ({
    loc: textsOf(url, 'loc')[0],
    lastmod: textsOf(url, 'lastmod')[0],
    alternates: Object.fromEntries(
      Array.from(url.getElementsByTagNameNS(xhtml, 'link'), (link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    ),
  }));
}

describe('buildSitemapIndex', () => {
  it('names one sitemap per language with absolute URLs', () => {
    const document = parseXml(buildSitemapIndex(siteUrl));
    expect(document.documentElement.localName).toBe('sitemapindex');
    expect(textsOf(document, 'loc')).toEqual([
      'https://agency.example/sitemap-en.xml',
      'https://agency.example/sitemap-sv.xml',
    ]);
  });
});

describe('buildLanguageSitemap', () => {
  it('lists the indexable English pages with their Swedish twins and x-default', () => {
    const pages = entries(buildLanguageSitemap(siteUrl, 'en', []));
    expect(pages.map((page) => page.loc)).toEqual([
      'https://agency.example/',
      'https://agency.example/blog',
      'https://agency.example/newsletter',
      'https://agency.example/book-call',
      'https://agency.example/free-meta-ads-guide',
      'https://agency.example/privacy-policy',
    ]);
    expect(pages[1]?.alternates).toEqual({
      en: 'https://agency.example/blog',
      sv: 'https://agency.example/sv/blog',
      'x-default': 'https://agency.example/blog',
    });
  });

  it('lists the Swedish pages under /sv, with the same alternates', () => {
    const pages = entries(buildLanguageSitemap(siteUrl, 'sv', []));
    expect(pages[0]).toMatchObject({
      loc: 'https://agency.example/sv',
      alternates: {
        en: 'https://agency.example/',
        sv: 'https://agency.example/sv',
        'x-default': 'https://agency.example/',
      },
    });
    expect(pages.map((page) => page.loc)).toContain('https://agency.example/sv/book-call');
  });

  it('leaves out the noindex thank-you and almost-there pages', () => {
    const locs = entries(buildLanguageSitemap(siteUrl, 'en', [])).map((page) => page.loc);
    expect(locs.some((loc) => /thank-you|almost-there|admin|login/.test(loc ?? ''))).toBe(false);
  });

  it('lists each post of its language at its URL with its last change, and no alternates when it has no translation', () => {
    const xml = buildLanguageSitemap(siteUrl, 'sv', [
      post({ slug: 'svara-snabbt', language: 'swedish', updated_at: '2026-11-02T23:30:00Z' }),
      post({ slug: 'an-english-post' }),
      post({ slug: 'recensioner', language: 'swedish' }),
    ]);
    const posts = entries(xml).filter((entry) => entry.loc?.includes('/blog/'));
    expect(posts).toEqual([
      { loc: 'https://agency.example/sv/blog/svara-snabbt', lastmod: '2026-11-02', alternates: {} },
      { loc: 'https://agency.example/sv/blog/recensioner', lastmod: '2026-10-05', alternates: {} },
    ]);
  });

  const group = '6f1c1d3e-2f0a-4c55-9a53-0d5f3a1b2c4d';
  const translated = [
    post({ slug: 'answer-fast', translation_group: group }),
    post({ slug: 'svara-snabbt', language: 'swedish', translation_group: group }),
    // A group whose other post is not published (not among the listings) links nothing.
    post({ slug: 'reviews', translation_group: '0b8e2f3a-5c6d-4e7f-8a9b-1c2d3e4f5a6b' }),
  ];

  it.each([
    ['en', 'https://agency.example/blog/answer-fast'],
    ['sv', 'https://agency.example/sv/blog/svara-snabbt'],
  ] as const)('names a post’s translation as its alternate in the %s sitemap', (language, loc) => {
    const posts = entries(buildLanguageSitemap(siteUrl, language, translated)).filter((entry) =>
      entry.loc?.includes('/blog/'),
    );
    expect(posts.find((entry) => entry.loc === loc)?.alternates).toEqual({
      en: 'https://agency.example/blog/answer-fast',
      sv: 'https://agency.example/sv/blog/svara-snabbt',
      'x-default': 'https://agency.example/blog/answer-fast',
    });
    if (language === 'en')
      expect(posts.find((entry) => entry.loc?.endsWith('/reviews'))?.alternates).toEqual({});
  });
});

describe('postLastModified', () => {
  it('takes the update, or the publication when there is no update', () => {
    expect(postLastModified({ updated_at: '2026-11-02T10:00:00Z', published_date: null })).toBe(
      '2026-11-02',
    );
    expect(postLastModified({ updated_at: '', published_date: '2026-09-09T10:00:00Z' })).toBe(
      '2026-09-09',
    );
  });
});
