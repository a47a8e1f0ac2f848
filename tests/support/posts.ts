// Posts in contract tests: a post as the blog manager saves it (createPost's input), published in
// English on 1 November 2026 unless the test says otherwise, and a backend to keep them in.
import { listAllPosts, type BlogPost, type PostInput } from '~/data/posts.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { startTestBackend, type BackendKind, type TestBackend } from './backend.ts';

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

/**
 * A backend of `kind` with a visitor's client, the administrator's, and a post by slug as the
 * administrator sees it (drafts included).
 */
export async function postsBackend(kind: BackendKind): Promise<{
  backend: TestBackend;
  anon: AppSupabaseClient;
  admin: AppSupabaseClient;
  bySlug: (slug: string) => Promise<BlogPost>;
}> {
  const backend = await startTestBackend(kind);
  const admin = (await backend.signedIn()) as AppSupabaseClient;
  return {
    backend,
    anon: backend.client() as AppSupabaseClient,
    admin,
    bySlug: async (slug) => (await listAllPosts(admin)).find((post) => post.slug === slug)!,
  };
}
