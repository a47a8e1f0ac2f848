// The blog's loaders: published posts of the page's language through the data module, with the
// page states (loaded, empty, not found, failed) and their errors.
import { data, redirect } from 'react-router';
import { checkPreviewToken, getPreviewedPost } from '~/data/post-previews.server';
import {
  getPublishedPostBySlug,
  getPublishedTranslation,
  listPublishedPosts,
  type BlogPost,
} from '~/data/posts';
import { failedRead } from '~/data/failures.server';
import { keptRead } from '~/data/kept-reads.server';
import { getServerSupabase } from '~/data/supabase.server';
import { pageLanguageOf, postLanguage } from '~/i18n/format';
import {
  languageFromPath,
  localizedPath,
  postPath,
  type Language,
  type PageAlternates,
} from '~/i18n/locale';
import { renderMarkdownToHtml } from '~/ui/markdown-html.server';

function pageLanguage(request: Request) {
  return postLanguage(languageFromPath(new URL(request.url).pathname));
}

/**
 * Posts on one page of a blog list: the list costs the same with 10,000 posts as with 100. A
 * multiple of 1, 2 and 3, so the grid's last row is full on every screen.
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
 * follows; a page that does not exist answers 404, a failure 503 or 500 (failedRead). The
 * pages after the first lead to the other language's first page, their only twin.
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
    return data({ status: 'failed' as const }, failedRead('Failed to load blog posts', error));
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
 * cannot be a slug) answers 404; any other failure answers 503 or 500 (failedRead), logged.
 */
export async function loadBlogPost(request: Request, slug: string) {
  const notFound = () => data({ status: 'not-found' as const }, { status: 404 });
  if (!slugPattern.test(slug)) return notFound();
  const language = languageFromPath(new URL(request.url).pathname);
  try {
    // Kept only when found: any slug may be asked for, and a miss must not push posts out.
    const post = await keptRead(
      `published post ${postLanguage(language)} ${slug}`,
      () => getPublishedPostBySlug(getServerSupabase(), postLanguage(language), slug),
      (found) => found !== null,
    );
    if (!post) return notFound();
    const translation = await keptRead(
      `published translation ${post.translation_group ?? ''} ${post.id}`,
      () => getPublishedTranslation(getServerSupabase(), post),
    );
    return {
      status: 'loaded' as const,
      post,
      bodyHtml: renderMarkdownToHtml(post.content, language),
      alternates: translation ? postAlternates(post, language, translation) : null,
    };
  } catch (error) {
    return data({ status: 'failed' as const }, failedRead('Failed to load blog post', error));
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

/** A private preview's answer is for its holder alone: no shared cache, no search engine. */
export const PREVIEW_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The post a private preview link names (docs/decisions/0017), as it is saved now: 403 for a link
 * that was changed, 410 for one that has expired, 404 once the post is deleted. A post that has
 * meanwhile gone live sends the visitor to its page; a link opened under the other language's
 * address to its own.
 */
export async function loadBlogPostPreview(request: Request, token: string) {
  const refuse = (status: 'invalid' | 'expired' | 'not-found', code: number) =>
    data({ status }, { status: code, headers: PREVIEW_HEADERS });
  const checked = checkPreviewToken(token);
  if (!checked.valid)
    return checked.reason === 'expired' ? refuse('expired', 410) : refuse('invalid', 403);
  const post = await getPreviewedPost(checked.postId);
  if (!post) return refuse('not-found', 404);
  const language = pageLanguageOf(post.language);
  if (post.is_published && post.published_date && new Date(post.published_date) <= new Date())
    throw redirect(postPath(post.slug, language), { headers: PREVIEW_HEADERS });
  if (languageFromPath(new URL(request.url).pathname) !== language)
    throw redirect(localizedPath(`/blog/preview/${token}`, language), { headers: PREVIEW_HEADERS });
  return data(
    {
      status: 'loaded' as const,
      // What the page will carry: the chosen date, or today's if it is published when saved.
      post: { ...post, published_date: post.published_date ?? new Date().toISOString() },
      bodyHtml: renderMarkdownToHtml(post.content, language),
      expiresAt: checked.expiresAt.toISOString(),
    },
    { headers: PREVIEW_HEADERS },
  );
}
