// The page language follows from the path: Swedish under /sv, English everywhere else.
import { useLocation, useMatches } from 'react-router';
import { adminPaths } from '~/config/paths';
import { en, type Dictionary } from './en';
import { sv } from './sv';

export type Language = 'en' | 'sv';

export const languages: readonly Language[] = ['en', 'sv'];

const dictionaries: Record<Language, Dictionary> = { en, sv };

export function dictionaryFor(language: Language): Dictionary {
  return dictionaries[language];
}

/** '/sv' and '/sv/…' are Swedish (matched case-insensitively, as routes are); '/svenska' is not. */
const swedishPrefix = /^\/sv(?=\/|$)/i;

export function languageFromPath(pathname: string): Language {
  return swedishPrefix.test(pathname) ? 'sv' : 'en';
}

/** Splits '/a/b?x#y' into the pathname and the '?x#y' that follows it. */
function splitPath(path: string): { pathname: string; rest: string } {
  const end = path.search(/[?#]/);
  return end === -1
    ? { pathname: path, rest: '' }
    : { pathname: path.slice(0, end), rest: path.slice(end) };
}

/** The path without its /sv prefix: '/sv/blog' → '/blog', '/sv' → '/'. */
function unprefixed(pathname: string): string {
  return pathname.replace(swedishPrefix, '') || '/';
}

/**
 * The language's version of an English path: localizedPath('/blog', 'sv') is '/sv/blog',
 * localizedPath('/', 'sv') is '/sv'. Search and hash are kept.
 */
export function localizedPath(path: string, language: Language): string {
  if (language === 'en') return path;
  const { pathname, rest } = splitPath(path);
  return (pathname === '/' ? '/sv' : `/sv${pathname}`) + rest;
}

/** Where a post of the language is published: /blog/{slug}, or /sv/blog/{slug} in Swedish. */
export function postPath(slug: string, language: Language): string {
  return localizedPath(`/blog/${slug}`, language);
}

/** The current path in the other language: adds or removes the /sv prefix, keeping search and hash. */
export function switchLanguagePath(path: string, target: Language): string {
  const { pathname, rest } = splitPath(path);
  return localizedPath(unprefixed(pathname) + rest, target);
}

/** Pages that exist in English only (the administrator's): no other language to switch to. */
const englishOnly = [adminPaths.login, adminPaths.posts];

/** A post's path: /blog/{slug} or /sv/blog/{slug} (the feeds at …/rss.xml are not posts). */
const postPathPattern = /^(?:\/sv)?\/blog\/(?!rss\.xml$)[^/]+\/?$/i;

/**
 * A page's own path in each language, for pages whose twin is not found by the /sv prefix: a
 * post and its translation. A route's loader returns it as `alternates`.
 */
export type PageAlternates = Record<Language, string>;

/**
 * Where the language toggle leads from `path` to `target`: the page's twin when the page names
 * it (`alternates`, a post's translation), else the same page in the other language, except that
 * a post without a translation leads to the other language's blog list, and an English-only page
 * has nowhere to go (null).
 */
export function languageSwitchPath(
  path: string,
  target: Language,
  alternates?: PageAlternates | null,
): string | null {
  const { pathname } = splitPath(path);
  if (languageFromPath(pathname) === target) return path;
  const page = unprefixed(pathname).replace(/\/+$/, '') || '/';
  if (englishOnly.some((only) => page === only || page.startsWith(`${only}/`))) return null;
  if (alternates) return alternates[target];
  if (postPathPattern.test(pathname)) return localizedPath('/blog', target);
  return switchLanguagePath(path, target);
}

/** The alternates the deepest route's loader data names, if any (see PageAlternates). */
export function usePageAlternates(): PageAlternates | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.loaderData;
    if (data && typeof data === 'object' && 'alternates' in data)
      return (data.alternates as PageAlternates | null) ?? null;
  }
  return null;
}

export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

export function useDictionary(): Dictionary {
  return dictionaryFor(useLanguage());
}

/**
 * A feature's own copy in the visitor's language. Features keep their texts beside their code as
 * `{ en, sv }`, with sv typed against en (see docs/decisions/0004-copy-beside-each-feature.md).
 */
export function useCopy<T>(copy: { en: T; sv: T }): T {
  return copy[useLanguage()];
}
