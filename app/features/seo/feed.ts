// The RSS 2.0 feed of one language's blog, newest first.
import { site } from '~/config/site';
import type { PostListing } from '~/data/posts';
import { absoluteUrl, feedUrl, postUrl } from './site-urls';
import { seoCopy } from './copy';
import type { Language } from '~/i18n/locale';
import { escapeXml, xmlDeclaration } from './xml';

/** The channel's <language> (RFC 1766, as RSS 2.0 asks). */
const feedLanguages: Record<Language, string> = { en: 'en', sv: 'sv-SE' };

/** RFC 822 date-time as RSS 2.0 wants it: "Mon, 23 Nov 2026 09:30:00 GMT". */
export function rfc822Date(iso: string): string {
  return new Date(iso).toUTCString();
}

/** When a post was published; a published post without a date counts from its last update. */
function publishedAt(post: PostListing): string {
  return post.published_date ?? post.updated_at;
}

export function buildRssFeed(
  siteUrl: string,
  language: Language,
  posts: readonly PostListing[],
): string {
  const copy = seoCopy[language].feed;
  const newestFirst = [...posts].sort(
    (a, b) => Date.parse(publishedAt(b)) - Date.parse(publishedAt(a)),
  );
  const items = newestFirst.map((post) => {
    const link = escapeXml(postUrl(siteUrl, post.slug, language));
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822Date(publishedAt(post))}</pubDate>`,
      `      <description>${escapeXml(post.summary)}</description>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      '    </item>',
    ].join('\n');
  });
  const newest = newestFirst[0];
  return [
    xmlDeclaration,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(copy.title(site.name))}</title>`,
    `    <link>${escapeXml(absoluteUrl(siteUrl, '/blog', language))}</link>`,
    `    <description>${escapeXml(copy.description)}</description>`,
    `    <language>${feedLanguages[language]}</language>`,
    `    <atom:link href="${escapeXml(feedUrl(siteUrl, language))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822Date(publishedAt(newest))}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
