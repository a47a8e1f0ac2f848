// The blog_posts table: the public lists and post page, and the administrator's blog manager.
// A read of every post (sitemaps, feeds, the manager's list, a post's revisions) pages through
// the data API's max_rows with readEveryPage.
import type { Database } from './database.types';
import { dataError } from './errors';
import { readEveryPage } from './every-page';
import type { AppSupabaseClient } from './supabase';

export type BlogPost = Database['public']['Tables']['blog_posts']['Row'];
export type PostLanguage = 'english' | 'swedish';

/** A row's language as the blog knows it: anything but swedish is English. */
export function postLanguageOf(value: string | null | undefined): PostLanguage {
  return value === 'swedish' ? 'swedish' : 'english';
}

/**
 * The fields the public lists show, among them the reading time the database computes from the
 * content, so a card agrees with its post page.
 */
export type PostSummary = Pick<
  BlogPost,
  | 'id'
  | 'slug'
  | 'title'
  | 'summary'
  | 'hero_image_url'
  | 'author'
  | 'published_date'
  | 'reading_minutes'
>;
const summaryColumns =
  'id, slug, title, summary, hero_image_url, author, published_date, reading_minutes';

/** What the blog manager saves; timestamps are set by savePost's callers. */
export type PostInput = Pick<
  BlogPost,
  | 'title'
  | 'slug'
  | 'content'
  | 'summary'
  | 'hero_image_url'
  | 'author'
  | 'is_published'
  | 'language'
  | 'updated_at'
  | 'published_date'
> &
  Partial<Pick<BlogPost, 'translation_group'>>;

/**
 * Published posts of one language, newest first; `limit` for the "latest posts" lists and the
 * blog's pages, `offset` for the pages after the first. Without a limit, every one of them, read
 * page by page past max_rows.
 */
export async function listPublishedPosts(
  client: AppSupabaseClient,
  language: PostLanguage,
  /** `offset` counts only with a `limit`. */
  options: { limit?: number; offset?: number } = {},
): Promise<PostSummary[]> {
  // Only a read of every post counts them (to know when it is whole); a page needs no count.
  const query = (count?: 'exact') =>
    client
      .from('blog_posts')
      .select(summaryColumns, { count })
      .eq('is_published', true)
      .eq('language', language)
      .order('published_date', { ascending: false })
      // Posts published at the same moment keep one order from page to page.
      .order('id', { ascending: false });
  const { limit, offset = 0 } = options;
  if (limit === undefined) return readEveryPage((from, to) => query('exact').range(from, to));
  const { data, error, status } = await query().range(offset, offset + limit - 1);
  if (error) throw dataError(error, status);
  return data;
}

/** What the sitemaps and feeds name of a post. */
export type PostListing = Pick<
  BlogPost,
  | 'slug'
  | 'title'
  | 'summary'
  | 'author'
  | 'published_date'
  | 'updated_at'
  | 'language'
  | 'translation_group'
>;

/**
 * Every published post for the sitemaps and feeds, newest first: of one language, or of both
 * (a sitemap names each post's translation).
 */
export async function listPublishedPostListings(
  client: AppSupabaseClient,
  language?: PostLanguage,
): Promise<PostListing[]> {
  return readEveryPage((from, to) => {
    let query = client
      .from('blog_posts')
      .select(
        'slug, title, summary, author, published_date, updated_at, language, translation_group',
        { count: 'exact' },
      )
      .eq('is_published', true);
    if (language) query = query.eq('language', language);
    return query
      .order('published_date', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to);
  });
}

/**
 * The published post that is this post in the other language (the other post of its
 * translation_group), or null when it has none or that one is a draft.
 */
export async function getPublishedTranslation(
  client: AppSupabaseClient,
  post: Pick<BlogPost, 'id' | 'translation_group'>,
): Promise<Pick<BlogPost, 'slug' | 'language'> | null> {
  if (!post.translation_group) return null;
  const { data, error, status } = await client
    .from('blog_posts')
    .select('slug, language')
    .eq('translation_group', post.translation_group)
    .eq('is_published', true)
    .neq('id', post.id)
    .limit(1)
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data;
}

/** The published post at a slug in the page's language, or null when there is none (PGRST116). */
export async function getPublishedPostBySlug(
  client: AppSupabaseClient,
  language: PostLanguage,
  slug: string,
): Promise<BlogPost | null> {
  const { data, error, status } = await client
    .from('blog_posts')
    .select('*')
    .eq('slug', slug)
    .eq('is_published', true)
    .eq('language', language)
    .single();
  if (error?.code === 'PGRST116') return null;
  if (error) throw dataError(error, status);
  return data;
}

/** Every post, drafts included, most recently updated first (signed-in administrators only). */
export function listAllPosts(client: AppSupabaseClient): Promise<BlogPost[]> {
  return readEveryPage((from, to) =>
    client
      .from('blog_posts')
      .select('*', { count: 'exact' })
      .order('updated_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to),
  );
}

export async function getPostById(client: AppSupabaseClient, id: string): Promise<BlogPost> {
  const { data, error, status } = await client.from('blog_posts').select('*').eq('id', id).single();
  if (error) throw dataError(error, status);
  return data;
}

export async function createPost(
  client: AppSupabaseClient,
  input: PostInput & Pick<BlogPost, 'created_at'>,
): Promise<void> {
  const { error, status } = await client.from('blog_posts').insert(input);
  if (error) throw dataError(error, status);
}

export async function updatePost(
  client: AppSupabaseClient,
  id: string,
  input: PostInput,
): Promise<void> {
  const { error, status } = await client.from('blog_posts').update(input).eq('id', id);
  if (error) throw dataError(error, status);
}

/**
 * Puts a post into a translation group before its counterpart is saved into it. A group of one
 * post links nothing, so a save that fails afterwards leaves no half-made link.
 */
export async function setTranslationGroup(
  client: AppSupabaseClient,
  id: string,
  translationGroup: string,
): Promise<void> {
  const { error, status } = await client
    .from('blog_posts')
    .update({ translation_group: translationGroup })
    .eq('id', id);
  if (error) throw dataError(error, status);
}

export async function deletePost(client: AppSupabaseClient, id: string): Promise<void> {
  const { error, status } = await client.from('blog_posts').delete().eq('id', id);
  if (error) throw dataError(error, status);
}

/** A version of a post that a later save replaced (docs/decisions/0008), newest first. */
export type PostRevision = Database['public']['Tables']['blog_post_revisions']['Row'];

/** The revisions of a post, the newest first (signed-in administrators only). */
export function listRevisions(client: AppSupabaseClient, postId: string): Promise<PostRevision[]> {
  return readEveryPage((from, to) =>
    client
      .from('blog_post_revisions')
      .select('*', { count: 'exact' })
      .eq('post_id', postId)
      .order('saved_at', { ascending: false })
      .order('replaced_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to),
  );
}

/**
 * The slugs in use that are `base` or `base-N`: what the form needs to say whether a slug is free
 * and which is the next free one (signed-in administrators see every post, drafts included).
 */
export async function slugsLike(client: AppSupabaseClient, base: string): Promise<string[]> {
  const rows = await readEveryPage((from, to) =>
    client
      .from('blog_posts')
      .select('slug', { count: 'exact' })
      .or(`slug.eq.${base},slug.like.${base}-*`)
      .order('slug')
      .range(from, to),
  );
  return rows.map((row) => row.slug);
}
