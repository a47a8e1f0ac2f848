// Title, description, canonical URL and hreflang alternates for a page, in the page's language.
import type { MetaDescriptor } from 'react-router';
import { site } from '~/config/site';
import { agencySettingsOfRoot } from '~/data/agency-settings';
import type { Dictionary } from './en';
import {
  dictionaryFor,
  languageFromPath,
  languages,
  switchLanguagePath,
  type PageAlternates,
} from './locale';

export interface PageText {
  title: string;
  description?: string;
}

export interface PageMetaOptions {
  /**
   * Link the page's twin in the other language: true for the /sv prefix's twin, the page's path in
   * each language when the twin has another path (a post's translation), false for pages that
   * exist in one language.
   */
  alternates?: boolean | PageAlternates;
  /** Ask search engines not to index the page (not-found, sign-in, admin). */
  noindex?: boolean;
  /**
   * Give a page kept out of search engines its share tags all the same (the thank-you pages,
   * which a visitor may still share); a noindex page has none otherwise.
   */
  share?: boolean;
  /** The page's share image (absolute URL, e.g. a post's hero image); the default image otherwise. */
  image?: string | null;
  /** An article's Open Graph facts (posts): og:type article and its published time and author. */
  article?: { publishedTime?: string | null; author: string };
  /** Structured data (schema.org objects) rendered as <script type="application/ld+json">. */
  jsonLd?: readonly JsonLd[];
  /** The query that is part of the page's address (a later blog page: ?page=2), kept canonical. */
  search?: string;
  /** The pages before and after this one in a series (the blog's pages), as rel=prev/next. */
  series?: { previous?: string | null; next?: string | null };
}

/** A schema.org object; React Router serializes it with `<` escaped as \u003c. */
export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | readonly JsonLdValue[];

/** The share image every page without its own uses, under public/. */
export const defaultShareImage = { path: '/og-default.png', width: 1200, height: 630 };

const ogLocales = { en: 'en_US', sv: 'sv_SE' } as const;

/** The parts of a route's MetaArgs the helper reads. */
export interface PageMetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The public origin the root loader reports, e.g. https://example.com (no trailing slash). */
export function siteOrigin(matches: PageMetaArgs['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData;
  if (root && typeof root === 'object' && 'siteUrl' in root && typeof root.siteUrl === 'string')
    return root.siteUrl;
  return '';
}

/** Drops a trailing slash so /blog/ and /blog share one canonical URL. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The page's canonical address: the public origin and the path without a trailing slash. */
export function canonicalUrl(args: PageMetaArgs): string {
  const { pathname } = args.location;
  return (
    siteOrigin(args.matches) +
    withoutTrailingSlash(switchLanguagePath(pathname, languageFromPath(pathname)))
  );
}

export function pageMeta(
  args: PageMetaArgs,
  text: PageText | ((dictionary: Dictionary) => PageText),
  {
    alternates = true,
    noindex = false,
    share = !noindex,
    image,
    article,
    jsonLd = [],
    search = '',
    series,
  }: PageMetaOptions = {},
): MetaDescriptor[] {
  const language = languageFromPath(args.location.pathname);
  const dictionary = dictionaryFor(language);
  const { title, description } = typeof text === 'function' ? text(dictionary) : text;
  const fullTitle = `${title} | ${site.name}`;
  const tags: MetaDescriptor[] = [{ title: fullTitle }];
  if (description) tags.push({ name: 'description', content: description });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  if (!share) return tags;

  const origin = siteOrigin(args.matches);
  const pathIn = (target: typeof language) =>
    origin +
    (typeof alternates === 'object'
      ? alternates[target]
      : withoutTrailingSlash(switchLanguagePath(args.location.pathname, target)));
  const canonical = pathIn(language) + search;
  const shareImage = image || origin + defaultShareImage.path;
  if (!noindex) tags.push({ tagName: 'link', rel: 'canonical', href: canonical });
  tags.push(
    { property: 'og:type', content: article ? 'article' : 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: fullTitle },
  );
  if (description) tags.push({ property: 'og:description', content: description });
  tags.push(
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: ogLocales[language] },
  );
  if (alternates) {
    for (const target of languages) {
      if (target !== language)
        tags.push({ property: 'og:locale:alternate', content: ogLocales[target] });
    }
  }
  tags.push({ property: 'og:image', content: shareImage });
  if (!image) {
    tags.push(
      { property: 'og:image:width', content: String(defaultShareImage.width) },
      { property: 'og:image:height', content: String(defaultShareImage.height) },
      { property: 'og:image:alt', content: `${site.name} – ${dictionary.footer.tagline}` },
    );
  }
  if (article) {
    if (article.publishedTime)
      tags.push({ property: 'article:published_time', content: article.publishedTime });
    tags.push({ property: 'article:author', content: article.author });
  }
  tags.push(
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
  );
  if (description) tags.push({ name: 'twitter:description', content: description });
  tags.push({ name: 'twitter:image', content: shareImage });
  for (const data of jsonLd) tags.push({ 'script:ld+json': data });
  if (series?.previous) tags.push({ tagName: 'link', rel: 'prev', href: origin + series.previous });
  if (series?.next) tags.push({ tagName: 'link', rel: 'next', href: origin + series.next });
  if (alternates && !noindex) {
    for (const target of languages) {
      tags.push({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: dictionaryFor(target).htmlLang,
        href: pathIn(target),
      });
    }
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: pathIn('en') });
  }
  return tags;
}

/** schema.org inLanguage of a site language. */
export const schemaLanguages = { en: 'en', sv: 'sv-SE' } as const;

/** The agency itself as a schema.org publisher: name and logo. */
export function agencyOrganization(origin: string): JsonLd {
  return {
    '@type': 'Organization',
    name: site.name,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: origin + defaultShareImage.path },
  };
}

/** The agency as a ProfessionalService, for the home page in the page's language. */
export function agencyJsonLd(args: PageMetaArgs): JsonLd {
  const language = languageFromPath(args.location.pathname);
  const origin = siteOrigin(args.matches);
  // The details saved in /admin/settings, which the root loader read.
  const { settings: agency } = agencySettingsOfRoot(
    args.matches.find((match) => match?.id === 'root')?.loaderData,
  );
  const image = origin + defaultShareImage.path;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.name,
    legalName: agency.legalName,
    url: origin + (language === 'sv' ? '/sv' : '/'),
    logo: image,
    image,
    description: dictionaryFor(language).pages.home.description ?? '',
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.streetAddress,
      postalCode: agency.postalCode,
      addressLocality: agency.city,
      addressCountry: 'SE',
    },
    ...(agency.phone ? { telephone: agency.phone } : {}),
    email: agency.contactEmail,
    taxID: agency.organisationNumber,
    areaServed: { '@type': 'Country', name: site.country.en },
    sameAs: [agency.facebookUrl, agency.linkedinUrl, agency.instagramUrl].filter(
      (url): url is string => Boolean(url),
    ),
    inLanguage: schemaLanguages[language],
  };
}
