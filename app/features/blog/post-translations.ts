// A blog post's translation: the post in the other language that shares its translation group,
// the posts the form offers for it, and what a save does to the link.
import { postLanguageOf, type BlogPost, type PostLanguage } from '~/data/posts';

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
export function chosenTranslation(
  values: { language: PostLanguage; translation: string },
  posts: readonly BlogPost[],
): string {
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
