// The "latest three posts" of the thank-you and confirmation pages.
import type { Language } from '~/i18n/locale';
import { postLanguage } from '~/i18n/format';
import { listPublishedPosts, type PostSummary } from './posts';
import { logFailure } from './failures.server';
import { getServerSupabase } from './supabase.server';

export const LATEST_POSTS_COUNT = 3;

/** Never fails the page: a fetch error is logged and the empty text shows instead. */
export async function latestPostsOrNone(language: Language): Promise<PostSummary[]> {
  try {
    return await listPublishedPosts(getServerSupabase(), postLanguage(language), {
      limit: LATEST_POSTS_COUNT,
    });
  } catch (error) {
    logFailure('Could not load the latest blog posts', error);
    return [];
  }
}
