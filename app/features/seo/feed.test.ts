import { describe, expect, it } from 'vitest';
import { buildRssFeed, rfc822Date } from './feed';
import { listing as post, parseXml, textsOf } from './xml-test-support';

const siteUrl = 'https://agency.example';

function channel(xml: string) {
  const document = parseXml(xml);
  const element = document.getElementsByTagName('channel')[0];
  if (!element) throw new Error('no channel');
  const direct = (name: string) =>
    Array.from(element.children).find((child) => child.tagName === name)?.textContent;
  return { document, element, direct };
}

describe('buildRssFeed', () => {
  it('describes the English channel, with a self link, in English', () => {
    const { document, direct } = channel(buildRssFeed(siteUrl, 'en', []));
    expect(document.documentElement.getAttribute('version')).toBe('2.0');
    expect(direct('title')).toBe('Nordic Lead Agency – Marketing Insights & Tips');
    expect(direct('link')).toBe('https://agency.example/blog');
    expect(direct('language')).toBe('en');
    const self = document.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self?.getAttribute('rel')).toBe('self');
    expect(self?.getAttribute('href')).toBe('https://agency.example/blog/rss.xml');
  });

  it('describes the Swedish channel in Swedish, under /sv', () => {
    const { document, direct } = channel(buildRssFeed(siteUrl, 'sv', []));
    expect(direct('title')).toBe('Nordic Lead Agency – Marknadsföringsinsikter & tips');
    expect(direct('link')).toBe('https://agency.example/sv/blog');
    expect(direct('language')).toBe('sv-SE');
    expect(
      document
        .getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]
        ?.getAttribute('href'),
    ).toBe('https://agency.example/sv/blog/rss.xml');
  });

  it('gives each post its title, permalink, date, summary and author, newest first', () => {
    const xml = buildRssFeed(siteUrl, 'en', [
      post({ slug: 'older', title: 'Older', published_date: '2026-09-01T08:00:00Z' }),
      post({ slug: 'newer', title: 'Newer', published_date: '2026-11-20T09:30:00Z' }),
    ]);
    const items = Array.from(channel(xml).document.getElementsByTagName('item'));
    expect(items.map((item) => textsOf(item, 'title')[0])).toEqual(['Newer', 'Older']);
    const [newest] = items;
    if (!newest) throw new Error('no item');
    expect(textsOf(newest, 'link')).toEqual(['https://agency.example/blog/newer']);
    const guid = newest.getElementsByTagName('guid')[0];
    expect(guid?.textContent).toBe('https://agency.example/blog/newer');
    expect(guid?.getAttribute('isPermaLink')).toBe('true');
    expect(textsOf(newest, 'pubDate')).toEqual(['Fri, 20 Nov 2026 09:30:00 GMT']);
    expect(textsOf(newest, 'description')).toEqual(['About it.']);
    expect(
      newest.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]?.textContent,
    ).toBe('Nordic Lead Agency Team');
  });

  it('escapes titles, summaries and authors so the feed stays well-formed', () => {
    const xml = buildRssFeed(siteUrl, 'sv', [
      post({
        title: 'Ads & <Leads> "för" företag – så gör du',
        summary: 'Räkna ut <ROI> & kostnad per lead',
        author: "O'Brien & Åsa Öberg",
      }),
    ]);
    const item = channel(xml).document.getElementsByTagName('item')[0];
    if (!item) throw new Error('no item');
    expect(textsOf(item, 'title')).toEqual(['Ads & <Leads> "för" företag – så gör du']);
    expect(textsOf(item, 'description')).toEqual(['Räkna ut <ROI> & kostnad per lead']);
    expect(textsOf(item, 'creator')).toEqual(["O'Brien & Åsa Öberg"]);
    expect(xml).toContain('Ads &amp; &lt;Leads&gt;');
  });

  it('dates a published post without a publication date by its last update', () => {
    const xml = buildRssFeed(siteUrl, 'en', [
      post({ published_date: null, updated_at: '2026-11-01T12:00:00Z' }),
    ]);
    expect(textsOf(channel(xml).document, 'pubDate')).toEqual(['Sun, 01 Nov 2026 12:00:00 GMT']);
  });
});

describe('rfc822Date', () => {
  it('writes the date-time in GMT as RFC 822 does', () => {
    expect(rfc822Date('2026-06-15T22:05:09+02:00')).toBe('Mon, 15 Jun 2026 20:05:09 GMT');
  });
});
