import { describe, expect, it } from 'vitest';
import { absoluteUrl, feedUrl, postUrl, sitemapLanguage } from './site-urls';

describe('the absolute URLs of the sitemaps and feeds', () => {
  it('puts Swedish pages, posts and feeds under /sv', () => {
    expect(absoluteUrl('https://a.example', '/', 'sv')).toBe('https://a.example/sv');
    expect(absoluteUrl('https://a.example', '/', 'en')).toBe('https://a.example/');
    expect(postUrl('https://a.example', 'svara-snabbt', 'sv')).toBe(
      'https://a.example/sv/blog/svara-snabbt',
    );
    expect(feedUrl('https://a.example', 'en')).toBe('https://a.example/blog/rss.xml');
    expect(feedUrl('https://a.example', 'sv')).toBe('https://a.example/sv/blog/rss.xml');
  });

  it('reads the language of a per-language sitemap from its path', () => {
    expect(sitemapLanguage('/sitemap-en.xml')).toBe('en');
    expect(sitemapLanguage('/sitemap-sv.xml')).toBe('sv');
    expect(sitemapLanguage('/sitemap-de.xml')).toBeNull();
    expect(sitemapLanguage('/sitemap.xml')).toBeNull();
  });
});
