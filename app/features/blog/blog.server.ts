// The blog's loaders: published posts of the page's language through the data module, with the
// states of specification §4 (loaded, empty, not found, failed) and the errors of §8.
import { data } from 'react-router';
import {
  getPublishedPostBySlug,
  getPublishedTranslation,
  listPublishedPosts,
  type BlogPost,
} from '~/data/posts';
import { getServerSupabase } from '~/data/supabase.server';
import { pageLanguageOf, postLanguage } from '~/i18n/format';
import { languageFromPath, postPath, type Language, type PageAlternates } from '~/i18n/locale';
import { renderMarkdownToHtml } from '~/ui/markdown-html.server';

function pageLanguage(request: Request) {
  return postLanguage(languageFromPath(new URL(request.url).pathname));
}

/** All published posts of the page's language, newest first; a failure answers 500 and is logged. */
export async function loadBlogList(request: Request) {
  try {
    const posts = await listPublishedPosts(getServerSupabase(), pageLanguage(request));
    return { status: 'loaded' as const, posts };
  } catch (error) {
    console.error('Failed to load blog posts:', error);
    return data({ status: 'failed' as const }, { status: 500 });
  }
}

/** Slugs are lowercase letters, digits and hyphens (the table's check constraint). */
const slugPattern = /^[a-z0-9-]+$/;

/**
 * The published post at the slug in the page's language. No such post (PGRST116, or a path that
 * cannot be a slug) answers 404; any other failure answers 500 and is logged.
 */
export async function loadBlogPost(request: Request, slug: string) {
  const notFound = () => data({ status: 'not-found' as const }, { status: 404 });
  if (!slugPattern.test(slug)) return notFound();
  try {
    const post = await getPublishedPostBySlug(getServerSupabase(), pageLanguage(request), slug);
    if (!post) return notFound();
    const language = languageFromPath(new URL(request.url).pathname);
    const translation = await getPublishedTranslation(getServerSupabase(), post);
    return {
      status: 'loaded' as const,
      post,
      bodyHtml: renderMarkdownToHtml(post.content, language),
      alternates: translation ? postAlternates(post, language, translation) : null,
    };
  } catch (error) {
    console.error('Failed to load blog post:', error);
    return data({ status: 'failed' as const }, { status: 500 });
  }
}

/** The paths of a post and of its translation (the other language's post), by language. */
function postAlternates(
  post: Pick<BlogPost, 'slug'>,
  language: Language,
  translation: Pick<BlogPost, 'slug' | 'language'>,
): PageAlternates {
  const own = postPath(post.slug, language);
  const twin = postPath(translation.slug, pageLanguageOf(translation.language));
  return language === 'en' ? { en: own, sv: twin } : { en: twin, sv: own };
}
