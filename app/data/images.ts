// The blog's images in Storage (docs/decisions/0009): the public `blog-images` bucket that
// supabase/migrations/20261124120000_create_blog_images_bucket.sql creates, on the embedded
// backend's /storage/v1 or on hosted Supabase Storage alike. Anyone reads them; signed-in users
// upload. Each object is stored once under a new folder and never replaced, so it may be cached
// for a year.
import { DataError } from './errors';
import type { AppSupabaseClient } from './supabase';

export const BLOG_IMAGES_BUCKET = 'blog-images';

/** How long browsers and caches may keep an image: a year, as its address never changes. */
const CACHE_SECONDS = String(365 * 24 * 3600);

/** Stores `body` at `path` in the bucket and gives its public address. */
export async function uploadBlogImage(
  client: AppSupabaseClient,
  path: string,
  body: Blob,
): Promise<string> {
  const bucket = client.storage.from(BLOG_IMAGES_BUCKET);
  const { error } = await bucket.upload(path, body, {
    cacheControl: CACHE_SECONDS,
    contentType: body.type,
    upsert: false,
  });
  if (error) {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
    throw new DataError(error.message, { status, cause: error });
  }
  return bucket.getPublicUrl(path).data.publicUrl;
}
