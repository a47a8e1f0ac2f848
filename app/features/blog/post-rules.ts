// The blog post form's values and their rules: what a new or existing post starts as, the
// messages a submit checks for, and the row a save writes. The slug's rules are in post-slugs.ts,
// the publication date's in post-dates.ts, the translation's in post-translations.ts.
import { postLanguageOf, type BlogPost, type PostInput, type PostLanguage } from '~/data/posts';
import { managerCopy } from './manager-copy';
import { localDateTimeInput, momentFromInput, publicationDate } from './post-dates';
import { SLUG_PATTERN } from './post-slugs';
import { translationOf } from './post-translations';

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
   * (its zone saved in Availability) to the minute, or '' for "when saved" (a future date schedules it).
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

/** A hero image the form accepts and the preview shows: a web address. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url.trim());
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
export function postToValues(
  post: BlogPost,
  posts: readonly BlogPost[],
  /** The agency's zone, which the publication date is shown in. */
  timeZone: string,
): PostFormValues {
  return versionToValues(post, translationOf(post, posts)?.id ?? '', timeZone);
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

function versionToValues(
  version: PostVersion,
  translation: string,
  timeZone: string,
): PostFormValues {
  return {
    language: postLanguageOf(version.language),
    hero_image_url: version.hero_image_url ?? '',
    title: version.title,
    slug: version.slug,
    summary: version.summary,
    content: version.content,
    author: version.author,
    is_published: version.is_published,
    published_date: localDateTimeInput(version.published_date, timeZone),
    translation,
  };
}

/**
 * A revision's values in the form, for the writer to review before saving. The
 * translation is not part of a revision and stays as the form has it.
 */
export function revisionToValues(
  revision: PostVersion,
  current: PostFormValues,
  timeZone: string,
): PostFormValues {
  return versionToValues(revision, current.translation, timeZone);
}

/** Whether two sets of form values are the same post: what "unsaved changes" compares. */
export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(a) as PostField[]).every((field) => a[field] === b[field]);
}

/**
 * The form's rules, checked on submit; an empty object means the post may be saved. The hero image
 * URL must be a web address when given: the database refuses anything else, and a field message
 * says more than the generic save failure would.
 */
export function validatePost(values: PostFormValues, timeZone: string): PostFormErrors {
  const messages = managerCopy.form.errors;
  const errors: PostFormErrors = {};
  if (values.hero_image_url.trim() && !isWebAddress(values.hero_image_url))
    errors.hero_image_url = messages.heroImageUrl;
  if (!values.title.trim()) errors.title = messages.titleRequired;
  const slug = values.slug.trim();
  if (!slug) errors.slug = messages.slugRequired;
  else if (!SLUG_PATTERN.test(slug)) errors.slug = messages.slugFormat;
  if (!values.summary.trim()) errors.summary = messages.summaryRequired;
  if (!values.content.trim()) errors.content = messages.contentRequired;
  if (!values.author.trim()) errors.author = messages.authorRequired;
  if (values.published_date.trim() && !momentFromInput(values.published_date, timeZone))
    errors.published_date = messages.publishedDate;
  return errors;
}

/**
 * The row a save writes: text trimmed, an empty hero image URL as null, updated_at now, and
 * the publication date of publicationDate (post-dates.ts). created_at is the caller's, on insert
 * only.
 */
export function postInputFromValues(
  values: PostFormValues,
  options: {
    existing?: Pick<BlogPost, 'published_date'>;
    now: Date;
    /** The agency's zone, which the form's publication date is read in. */
    timeZone: string;
  },
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
    published_date: publicationDate(
      values,
      options.existing?.published_date,
      options.now,
      options.timeZone,
    ),
  };
}
