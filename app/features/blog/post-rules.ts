// The blog post form's rules: slugs from titles, validation messages, and what a save writes
// (docs/decisions/0008 for scheduled posts and kept publication dates).
import { postLanguageOf, type BlogPost, type PostInput, type PostLanguage } from '~/data/posts';
import { pageLanguageOf } from '~/i18n/format';
import { momentFromZonedInput, zonedInputValue } from '~/i18n/zoned-time';
import { postPath } from '~/i18n/locale';
import { managerCopy } from './manager-copy';

/** What the form edits, as the controls hold it. */
export interface PostFormValues {
  language: PostLanguage;
  hero_image_url: string;
  title: string;
  slug: string;
  summary: string;
  content: string;
  author: string;
  is_published: boolean;
  /**
   * When the post is (or was) published, as a datetime-local control holds it: the agency's time
   * to the minute, or '' for "when saved" (a future date schedules it).
   */
  published_date: string;
  /** The id of the post that is this one in the other language, or '' for none. */
  translation: string;
}

export type PostField = keyof PostFormValues;
export type PostFormErrors = Partial<Record<PostField, string>>;

/** The agency team's byline in each blog language (the form pre-fills it). */
export const DEFAULT_AUTHORS: Record<PostLanguage, string> = {
  english: 'Nordic Lead Agency Team',
  swedish: 'Teamet på Nordic Lead Agency',
};
export const DEFAULT_AUTHOR = DEFAULT_AUTHORS.english;

/**
 * The author after the writer picks another language for a new post: the team's byline follows
 * the language, so a Swedish post is not signed in English; a name the writer typed stays.
 */
export function authorAfterLanguageChange(author: string, language: PostLanguage): string {
  const isDefault = Object.values(DEFAULT_AUTHORS).includes(author.trim());
  return isDefault ? DEFAULT_AUTHORS[language] : author;
}

/** The database's slug limit (blog_posts_slug_check). */
export const SLUG_MAX_LENGTH = 200;

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** Where a post of a language is published: English under /blog, Swedish under /sv/blog. */
export function publicPostPath(language: PostLanguage, slug: string): string {
  return postPath(slug, pageLanguageOf(language));
}

/** An empty form: English, published, the agency team as author. */
export function emptyPostValues(): PostFormValues {
  return {
    language: 'english',
    hero_image_url: '',
    title: '',
    slug: '',
    summary: '',
    content: '',
    author: DEFAULT_AUTHOR,
    is_published: true,
    published_date: '',
    translation: '',
  };
}

/**
 * The form's values for an existing post; a post without a language is English. `posts` are
 * every post, to find its translation.
 */
export function postToValues(post: BlogPost, posts: readonly BlogPost[] = []): PostFormValues {
  return versionToValues(post, translationOf(post, posts)?.id ?? '');
}

/** The fields a post and each of its revisions have, as the form holds them. */
type PostVersion = Pick<
  BlogPost,
  | 'title'
  | 'slug'
  | 'summary'
  | 'content'
  | 'hero_image_url'
  | 'author'
  | 'is_published'
  | 'language'
  | 'published_date'
>;

function versionToValues(version: PostVersion, translation: string): PostFormValues {
  return {
    language: postLanguageOf(version.language),
    hero_image_url: version.hero_image_url ?? '',
    title: version.title,
    slug: version.slug,
    summary: version.summary,
    content: version.content,
    author: version.author,
    is_published: version.is_published,
    published_date: localDateTimeInput(version.published_date),
    translation,
  };
}

/**
 * A moment as the form's datetime-local control shows it: the agency's time (not the browser's), to
 * the minute; '' for none.
 */
export function localDateTimeInput(iso: string | null | undefined): string {
  return zonedInputValue(iso);
}

/** The moment a datetime-local value names in the agency's time zone, or null if it names none. */
export function momentFromInput(value: string): Date | null {
  return momentFromZonedInput(value);
}

/** Published, with a publication date still to come: shown nowhere public until then. */
export function isScheduled(
  post: Pick<BlogPost, 'is_published' | 'published_date'>,
  now: Date,
): boolean {
  return (
    post.is_published &&
    post.published_date !== null &&
    new Date(post.published_date).getTime() > now.getTime()
  );
}

type TranslationFields = Pick<BlogPost, 'id' | 'language' | 'translation_group'>;

/** The post in the other language that shares this post's translation group, if any. */
export function translationOf<P extends TranslationFields>(
  post: TranslationFields,
  posts: readonly P[],
): P | undefined {
  if (!post.translation_group) return undefined;
  return posts.find(
    (other) =>
      other.id !== post.id &&
      other.translation_group === post.translation_group &&
      other.language !== post.language,
  );
}

/** The posts a post of `language` may name as its translation: the other language's, by title. */
export function translationCandidates<P extends TranslationFields & Pick<BlogPost, 'title'>>(
  language: PostLanguage,
  posts: readonly P[],
): P[] {
  return posts
    .filter((other) => postLanguageOf(other.language) !== language)
    .sort((a, b) => a.title.localeCompare(b.title, 'en'));
}

/**
 * The translation the form has chosen: its `translation`, if that is a post of the other
 * language (after a change of language it no longer is, and the post is then saved without one).
 */
export function chosenTranslation(values: PostFormValues, posts: readonly BlogPost[]): string {
  return translationCandidates(values.language, posts).some(({ id }) => id === values.translation)
    ? values.translation
    : '';
}

/**
 * What a save does to the post's translation link, from the translation the form started with
 * and the one chosen now: nothing when unchanged (`group` undefined), no group for none, or the
 * group to share with the chosen post – the chosen post's own group, else this post's, else one
 * named by the chosen post's id. `prepare` is the chosen post, when it must first be put into
 * that group: alone there it links nothing, so only the save itself makes the link.
 */
export function translationLink(input: {
  post?: TranslationFields;
  initial: string;
  chosen: string;
  posts: readonly TranslationFields[];
}): { group?: string | null; prepare?: { id: string; group: string } } {
  const { post, initial, chosen, posts } = input;
  if (chosen === initial) return {};
  const counterpart = posts.find(({ id }) => id === chosen);
  if (!counterpart) return { group: null };
  const group = counterpart.translation_group ?? post?.translation_group ?? counterpart.id;
  return counterpart.translation_group === group
    ? { group }
    : { group, prepare: { id: counterpart.id, group } };
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
 * The form's rules, checked on submit; an empty object means the post may be saved. The hero image
 * URL must be a web address when given: the database refuses anything else, and a field message
 * says more than the generic save failure would.
 */
export function validatePost(values: PostFormValues): PostFormErrors {
  const messages = managerCopy.form.errors;
  const errors: PostFormErrors = {};
  const heroImageUrl = values.hero_image_url.trim();
  if (heroImageUrl && !/^https?:\/\/\S+$/i.test(heroImageUrl))
    errors.hero_image_url = messages.heroImageUrl;
  if (!values.title.trim()) errors.title = messages.titleRequired;
  const slug = values.slug.trim();
  if (!slug) errors.slug = messages.slugRequired;
  else if (!SLUG_PATTERN.test(slug)) errors.slug = messages.slugFormat;
  if (!values.summary.trim()) errors.summary = messages.summaryRequired;
  if (!values.content.trim()) errors.content = messages.contentRequired;
  if (!values.author.trim()) errors.author = messages.authorRequired;
  if (values.published_date.trim() && !momentFromInput(values.published_date))
    errors.published_date = messages.publishedDate;
  return errors;
}

/**
 * The publication date a save writes (docs/decisions/0008): the date the writer chose; else
 * the one the post has (also when saved as a draft, so republishing keeps it), unless that date is
 * still to come and the writer emptied the field: "leave it empty to publish when you save", so a
 * scheduled post is published now (and a draft forgets its future date); else now when published,
 * none for a new draft. A date left as the control showed it keeps the stored moment to the
 * millisecond, so an unchanged post is not a new revision.
 */
function publicationDate(
  values: PostFormValues,
  existing: string | null | undefined,
  now: Date,
): string | null {
  const typed = values.published_date.trim();
  if (typed && typed !== localDateTimeInput(existing)) {
    return momentFromInput(typed)?.toISOString() ?? null;
  }
  const emptiedFuture = !typed && existing != null && new Date(existing).getTime() > now.getTime();
  if (existing && !emptiedFuture) return existing;
  return values.is_published ? now.toISOString() : null;
}

/**
 * The row a save writes: text trimmed, an empty hero image URL as null, updated_at now, and
 * the publication date of publicationDate. created_at is the caller's, on insert only.
 */
export function postInputFromValues(
  values: PostFormValues,
  options: { existing?: Pick<BlogPost, 'published_date'>; now: Date },
): PostInput {
  const now = options.now.toISOString();
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    content: values.content.trim(),
    summary: values.summary.trim(),
    hero_image_url: values.hero_image_url.trim() || null,
    author: values.author.trim(),
    is_published: values.is_published,
    language: values.language,
    updated_at: now,
    published_date: publicationDate(values, options.existing?.published_date, options.now),
  };
}

/** Whether two sets of form values are the same post: what "unsaved changes" compares. */
export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(a) as PostField[]).every((field) => a[field] === b[field]);
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

/**
 * A revision's values in the form, for the writer to review before saving. The
 * translation is not part of a revision and stays as the form has it.
 */
export function revisionToValues(revision: PostVersion, current: PostFormValues): PostFormValues {
  return versionToValues(revision, current.translation);
}
