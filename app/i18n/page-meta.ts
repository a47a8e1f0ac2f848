// Title, description, canonical URL and hreflang alternates for a page, in the page's language.
import type { MetaDescriptor } from 'react-router';
import { site } from '~/config/site';
import type { Dictionary } from './en';
import { dictionaryFor, languageFromPath, languages, switchLanguagePath } from './locale';

export interface PageText {
  title: string;
  description?: string;
}

export interface PageMetaOptions {
  /** Link the page's twin in the other language (false for pages that exist in one language). */
  alternates?: boolean;
  /** Ask search engines not to index the page (not-found, sign-in, admin). */
  noindex?: boolean;
}

/** The parts of a route's MetaArgs the helper reads. */
export interface PageMetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The public origin the root loader reports, e.g. https://example.com (no trailing slash). */
function siteOrigin(matches: PageMetaArgs['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData;
  if (root && typeof root === 'object' && 'siteUrl' in root && typeof root.siteUrl === 'string')
    return root.siteUrl;
  return '';
}

/** Drops a trailing slash so /blog/ and /blog share one canonical URL. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function pageMeta(
  args: PageMetaArgs,
  text: PageText | ((dictionary: Dictionary) => PageText),
  { alternates = true, noindex = false }: PageMetaOptions = {},
): MetaDescriptor[] {
  const language = languageFromPath(args.location.pathname);
  const dictionary = dictionaryFor(language);
  const { title, description } = typeof text === 'function' ? text(dictionary) : text;
  const fullTitle = `${title} | ${site.name}`;
  const tags: MetaDescriptor[] = [{ title: fullTitle }];
  if (description) tags.push({ name: 'description', content: description });
  if (noindex) {
    tags.push({ name: 'robots', content: 'noindex' });
    return tags;
  }

  const origin = siteOrigin(args.matches);
  const pathIn = (target: typeof language) =>
    origin + withoutTrailingSlash(switchLanguagePath(args.location.pathname, target));
  const canonical = pathIn(language);
  tags.push(
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: language === 'sv' ? 'sv_SE' : 'en_US' },
  );
  if (description) tags.push({ property: 'og:description', content: description });
  if (alternates) {
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
