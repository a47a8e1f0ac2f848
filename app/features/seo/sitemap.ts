// The sitemap index and one sitemap per language (sitemaps.org 0.9, with xhtml:link alternates as
// Google reads them).
import type { PostListing } from '~/data/posts';
import { pageLanguageOf } from '~/i18n/format';
import { dictionaryFor, languages, type Language } from '~/i18n/locale';
import { absoluteUrl, postUrl, sitemapUrl } from './site-urls';
import { escapeXml, xmlDeclaration } from './xml';

/**
 * The pages worth indexing, by their English path; each exists in both languages. The thank-you
 * and almost-there pages are left out: they carry noindex and are only reached after a form.
 */
export const indexedPages = [
  '/',
  '/blog',
  '/newsletter',
  '/book-call',
  '/free-meta-ads-guide',
  '/privacy-policy',
] as const;

export function buildSitemapIndex(siteUrl: string): string {
  const entries = languages.map(
    (language) => `  <sitemap><loc>${escapeXml(sitemapUrl(siteUrl, language))}</loc></sitemap>`,
  );
  return [
    xmlDeclaration,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A page's address in every language, and x-default naming the English one. */
function alternateLinks(urlIn: (language: Language) => string): string[] {
  const link = (hreflang: string, href: string) =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;
  return [
    ...languages.map((target) => link(dictionaryFor(target).htmlLang, urlIn(target))),
    link('x-default', urlIn('en')),
  ];
}

/** The W3C date (YYYY-MM-DD) a post last changed: its update, or else its publication. */
export function postLastModified(post: Pick<PostListing, 'updated_at' | 'published_date'>) {
  const changed = post.updated_at || post.published_date;
  return changed ? new Date(changed).toISOString().slice(0, 10) : null;
}

/**
 * The sitemap of one language: every indexed page with its twin, and every published post of the
 * language, with its translation as an alternate when that is published too. `posts` are the
 * published posts of every language.
 */
export function buildLanguageSitemap(
  siteUrl: string,
  language: Language,
  posts: readonly PostListing[],
): string {
  const pages = indexedPages.map((path) =>
    [
      '  <url>',
      `    <loc>${escapeXml(absoluteUrl(siteUrl, path, language))}</loc>`,
      ...alternateLinks((target) => absoluteUrl(siteUrl, path, target)),
      '  </url>',
    ].join('\n'),
  );
  const groups = new Map<string, Partial<Record<Language, string>>>();
  for (const post of posts) {
    if (!post.translation_group) continue;
    const slugs = groups.get(post.translation_group) ?? {};
    slugs[pageLanguageOf(post.language)] = post.slug;
    groups.set(post.translation_group, slugs);
  }
  const postEntries = posts
    .filter((post) => pageLanguageOf(post.language) === language)
    .map((post) => {
      const lastModified = postLastModified(post);
      const slugs = post.translation_group ? groups.get(post.translation_group) : undefined;
      const translated = slugs && languages.every((target) => slugs[target]);
      return [
        '  <url>',
        `    <loc>${escapeXml(postUrl(siteUrl, post.slug, language))}</loc>`,
        ...(lastModified ? [`    <lastmod>${lastModified}</lastmod>`] : []),
        ...(translated ? alternateLinks((target) => postUrl(siteUrl, slugs[target]!, target)) : []),
        '  </url>',
      ].join('\n');
    });
  return [
    xmlDeclaration,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages,
    ...postEntries,
    '</urlset>',
    '',
  ].join('\n');
}
