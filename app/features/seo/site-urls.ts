// Absolute addresses of the public pages, posts and feeds, from the site's public origin
// (SITE_URL, or the request's origin when unset, as canonical links are).
import { languages, localizedPath, postPath, type Language } from '~/i18n/locale';

/** The language's version of an English path, absolute: ('/blog', 'sv') → https://…/sv/blog. */
export function absoluteUrl(siteUrl: string, englishPath: string, language: Language): string {
  return siteUrl + localizedPath(englishPath, language);
}

export function postUrl(siteUrl: string, slug: string, language: Language): string {
  return siteUrl + postPath(slug, language);
}

export function feedUrl(siteUrl: string, language: Language): string {
  return absoluteUrl(siteUrl, '/blog/rss.xml', language);
}

export function sitemapUrl(siteUrl: string, language: Language): string {
  return `${siteUrl}/sitemap-${language}.xml`;
}

/** The language a per-language sitemap's path names: /sitemap-sv.xml → sv. */
export function sitemapLanguage(pathname: string): Language | null {
  const match = /^\/sitemap-([a-z]+)\.xml$/.exec(pathname);
  return languages.find((language) => language === match?.[1]) ?? null;
}
