// A blog post's slug: made from its title, checked against the database's rules, where it puts the
// post on the site, and the next free one when the writer's is taken.
import type { PostLanguage } from '~/data/posts';
import { pageLanguageOf } from '~/i18n/format';
import { postPath } from '~/i18n/locale';

/** The database's slug limit (blog_posts_slug_check). */
export const SLUG_MAX_LENGTH = 200;

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** Where a post of a language is published: English under /blog, Swedish under /sv/blog. */
export function publicPostPath(language: PostLanguage, slug: string): string {
  return postPath(slug, pageLanguageOf(language));
}

/** Letters that Unicode does not decompose into an ASCII letter plus a mark. */
const ligatures: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ß: 'ss',
  ð: 'd',
  đ: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

/**
 * A slug from a title: lower-cased; characters other than letters, digits, spaces and hyphens
 * removed; whitespace turned into hyphens; repeated hyphens collapsed. Letters with accents
 * are first written in ASCII (å → a, ö → o, é → e, æ → ae), so Swedish titles keep their words
 * and the slug matches ^[a-z0-9-]+$. Hyphens at either end are dropped, and the slug is cut to
 * the database's 200 characters.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[æøœßðđþłı]/g, (letter) => ligatures[letter] ?? letter)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug after the title changes. While creating a post, an empty slug is filled from the
 * title, and a slug that is still the one the previous title gave keeps following the title; a
 * slug typed by hand is left alone, and so is any slug while editing.
 */
export function slugAfterTitleChange(input: {
  mode: 'create' | 'edit';
  slug: string;
  previousTitle: string;
  title: string;
}): string {
  const { mode, slug, previousTitle, title } = input;
  if (mode !== 'create') return slug;
  if (slug !== '' && slug !== slugify(previousTitle)) return slug;
  return slugify(title);
}

/**
 * The base a slug's numbered variants share: `offer` for `offer-3`, when `offer` is taken too
 * (a series); otherwise the slug itself, so `top-10` is not read as the tenth `top`.
 */
function seriesBase(slug: string, taken: ReadonlySet<string>): string {
  const numbered = /^(.+)-(\d+)$/.exec(slug);
  return numbered && taken.has(numbered[1]!) ? numbered[1]! : slug;
}

/** The slugs to look up for a slug's check: it and, if it ends in a number, its series. */
export function slugLookupBase(slug: string): string {
  return /^(.+)-\d+$/.exec(slug)?.[1] ?? slug;
}

/**
 * The next free slug after a taken one: `-2`, `-3`… on the slug, or on its series' base when
 * the slug is one of a numbered series. Null when the slug is not taken.
 */
export function slugSuggestion(slug: string, taken: readonly string[]): string | null {
  const inUse = new Set(taken);
  if (!inUse.has(slug)) return null;
  const base = seriesBase(slug, inUse);
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!inUse.has(candidate)) return candidate;
  }
}
