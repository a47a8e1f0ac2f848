// app/data/ against the embedded backend: the functions the pages and the blog manager call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitConsultation, type ConsultationInput } from '~/data/lead-intake.ts';
import { DataError } from '~/data/errors.ts';
import {
  createPost,
  deletePost,
  getPostById,
  getPublishedPostBySlug,
  listAllPosts,
  listPublishedPosts,
  updatePost,
  type PostInput,
} from '~/data/posts.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { postInput } from '../support/posts.ts';
import { aLead } from '../support/leads.ts';

const post = (slug: string, changes: Partial<PostInput> = {}) =>
  postInput(slug, {
    content: 'Body with a [link](https://example.com).',
    summary: 'One two three four five.',
    ...changes,
  });

const lead: ConsultationInput = aLead({
  name: 'Maja Ek',
  problems: 'Vi behöver fler kunder till vår städfirma.',
  language: 'swedish',
});

describe.each(backendKinds)('app/data on %s', (kind) => {
  let backend: TestBackend;
  let anon: AppSupabaseClient;
  let admin: AppSupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    anon = backend.client() as AppSupabaseClient;
    admin = (await backend.signedIn()) as AppSupabaseClient;
    await createPost(admin, post('oldest', { published_date: '2026-10-01T00:00:00.000Z' }));
    await createPost(admin, post('newest', { published_date: '2026-11-10T00:00:00.000Z' }));
    await createPost(admin, post('middle', { published_date: '2026-10-20T00:00:00.000Z' }));
    await createPost(admin, post('fourth', { published_date: '2026-09-01T00:00:00.000Z' }));
    await createPost(admin, post('a-draft', { is_published: false, published_date: null }));
    await createPost(admin, post('svenskt', { language: 'swedish' }));
  });
  afterAll(async () => backend?.close());

  it('lists published posts of one language, newest first, with the list fields only', async () => {
    const posts = await listPublishedPosts(anon, 'english');
    expect(posts.map((p) => p.slug)).toEqual(['newest', 'middle', 'oldest', 'fourth']);
    expect(Object.keys(posts[0]!).sort()).toEqual(
      [
        'author',
        'hero_image_url',
        'id',
        'published_date',
        'reading_minutes',
        'slug',
        'summary',
        'title',
      ].sort(),
    );
    expect((await listPublishedPosts(anon, 'swedish')).map((p) => p.slug)).toEqual(['svenskt']);
  });

  it('limits the latest-posts list to three', async () => {
    const posts = await listPublishedPosts(anon, 'english', { limit: 3 });
    expect(posts.map((p) => p.slug)).toEqual(['newest', 'middle', 'oldest']);
  });

  it('finds a published post by slug in its own language only, null otherwise', async () => {
    expect((await getPublishedPostBySlug(anon, 'english', 'newest'))?.content).toContain('[link]');
    expect(await getPublishedPostBySlug(anon, 'swedish', 'newest')).toBeNull();
    expect(await getPublishedPostBySlug(anon, 'english', 'a-draft')).toBeNull();
    expect(await getPublishedPostBySlug(anon, 'english', 'no-such-post')).toBeNull();
  });

  it('gives the administrator every post, most recently updated first', async () => {
    const target = (await listAllPosts(admin)).find((p) => p.slug === 'a-draft')!;
    await updatePost(admin, target.id, {
      ...post('a-draft', { is_published: false, published_date: null }),
      title: 'Edited draft',
      updated_at: '2026-11-21T08:00:00.000Z',
    });
    const all = await listAllPosts(admin);
    expect(all).toHaveLength(6);
    expect(all[0]).toMatchObject({ slug: 'a-draft', title: 'Edited draft', is_published: false });
    expect((await getPostById(admin, target.id)).title).toBe('Edited draft');
  });

  it('throws DataError with code 23505 for a duplicate slug', async () => {
    const error = await createPost(admin, post('newest')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).isUniqueViolation).toBe(true);
  });

  it('deletes a post', async () => {
    const target = (await listAllPosts(admin)).find((p) => p.slug === 'fourth')!;
    await deletePost(admin, target.id);
    expect((await listAllPosts(admin)).map((p) => p.slug)).not.toContain('fourth');
    await expect(getPostById(admin, target.id)).rejects.toMatchObject({ code: 'PGRST116' });
  });

  it('stores a consultation from anyone and refuses one that breaks a rule, with the server message', async () => {
    await submitConsultation(anon, lead);
    const error = await submitConsultation(anon, { ...lead, problems: 'too short' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).message).toContain('violates check constraint');
    const { data } = await admin.from('consultations').select('email, language, created_at');
    expect(data).toEqual([
      { email: lead.email, language: 'swedish', created_at: expect.any(String) },
    ]);
  });
});
