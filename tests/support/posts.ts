// A post as the blog manager saves it (createPost's input), for contract tests: published in
// English on 1 November 2026 unless the test says otherwise.
import type { PostInput } from '../../app/data/posts.ts';

export const postInput = (
  slug: string,
  changes: Partial<PostInput> = {},
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
