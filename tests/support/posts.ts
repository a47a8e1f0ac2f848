// Blog posts for tests: aPost builds a stored row as the site reads it, aPostSummary the fields the
// public lists show, postInput what the blog manager saves (createPost's input), each published in
// English on 1 November 2026 unless the test says otherwise. Pure: app unit tests import it too;
// a backend with posts in it is postsBackend in backend.ts.
import type { BlogPost, PostInput, PostSummary } from '~/data/posts.ts';

let serial = 0;

/** A slug no other post in this run has. */
export function aPostSlug(base = 'post'): string {
  serial += 1;
  return `${base}-${serial}-${Math.random().toString(36).slice(2, 8)}`;
}

/** What the blog manager saves for a post at `slug`, with the row's creation time. */
export const postInput = (
  slug: string,
  changes: Partial<PostInput & { created_at: string }> = {},
): PostInput & { created_at: string } => ({
  title: `Title of ${slug}`,
  slug,
  content: 'Body.',
  summary: 'Summary.',
  hero_image_url: null,
  author: 'Nordic Lead Agency Team',
  is_published: true,
  language: 'english',
  updated_at: '2026-11-01T10:00:00.000Z',
  published_date: '2026-11-01T10:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
  ...changes,
});

/** A stored post as the site reads it, at a slug of its own unless the test names one. */
export function aPost(overrides: Partial<BlogPost> = {}): BlogPost {
  const slug = overrides.slug ?? aPostSlug();
  return {
    id: `post-${slug}`,
    ...postInput(slug),
    reading_minutes: 1,
    translation_group: null,
    updated_by: null,
    ...overrides,
  };
}

/** A post as the public lists show it (a card). */
export function aPostSummary(overrides: Partial<PostSummary> = {}): PostSummary {
  const { id, slug, title, summary, hero_image_url, author, published_date, reading_minutes } =
    aPost(overrides);
  return { id, slug, title, summary, hero_image_url, author, published_date, reading_minutes };
}
