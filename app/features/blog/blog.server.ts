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

/**
 * Posts on one page of a blog list (issue 8): the list costs the same with 10,000 posts as with
 * 100. A multiple of 1, 2 and 3, so the grid's last row is full on every screen (§2).
 */
export const POSTS_PER_PAGE = 30;

/** The page number of ?page=N: 1 without it; null for anything but a whole number from 1 on. */
export function blogPageNumber(url: URL): number | null {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : null;
}

/**
 * One page of the published posts of the page's language, newest first, and whether an older page
 * follows; a page that does not exist answers 404, a failure 500 (logged). The pages after the
 * first lead to the other language's first page, their only twin.
 */
export async function loadBlogList(request: Request) {
  const page = blogPageNumber(new URL(request.url));
  if (page === null) throw data(null, { status: 404 });
  let found;
  try {
    found = await listPublishedPosts(getServerSupabase(), pageLanguage(request), {
      limit: POSTS_PER_PAGE + 1,
      offset: (page - 1) * POSTS_PER_PAGE,
    });
  } catch (error) {
    console.error('Failed to load blog posts:', error);
    return data({ status: 'failed' as const }, { status: 500 });
  }
  if (page > 1 && found.length === 0) throw data(null, { status: 404 });
  return {
    status: 'loaded' as const,
    posts: found.slice(0, POSTS_PER_PAGE),
    page,
    hasOlder: found.length > POSTS_PER_PAGE,
    alternates: page > 1 ? ({ en: '/blog', sv: '/sv/blog' } satisfies PageAlternates) : null,
  };
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
  const language = languageFromPath(new URL(request.url).pathname);
  try {
    const post = await getPublishedPostBySlug(getServerSupabase(), postLanguage(language), slug);
    if (!post) return notFound();
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
