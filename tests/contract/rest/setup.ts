// The data API's contract tests share this setup: one backend per file, database kind (PGlite or
// PostgreSQL) and transport (HTTP, or the site's in-process fetch); the clients the site uses
// (anon, a signed-in administrator, the service role), raw requests for what supabase-js does not
// show, and tables emptied before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '#server/supabase/jwt.ts';
import type { Database } from '#server/supabase/db/types.ts';
import {
  ADMIN_EMAIL,
  startTestBackend,
  type BackendKind,
  type TestBackend,
  type Transport,
} from '#tests/support/backend.ts';
import { aLead, deleteEveryLeadSql } from '#tests/support/leads.ts';
import { postInput } from '#tests/support/posts.ts';

export const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

/** Exactly the fields the consultation form sends. */
export const consultation = aLead({
  name: 'Anna Svensson',
  language: 'swedish',
  created_at: '2026-11-20T09:30:00.000Z',
});

/** The fields the blog manager sends on create. */
export const newPost = (slug: string, overrides: Record<string, unknown> = {}) => ({
  ...postInput(slug, {
    title: `Post ${slug}`,
    content: 'Some **Markdown** content.',
    summary: 'A short summary.',
    author: 'The Lead Agency Team',
    updated_at: '2026-11-02T08:00:00.000Z',
  }),
  created_at: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

export const publicListColumns = 'id, slug, title, summary, hero_image_url, author, published_date';

export interface DataApi {
  backend: TestBackend;
  /** The server's own connection (owner role, no row-level security). */
  db: Database;
  anon: SupabaseClient;
  /** The administrator, through a token the server signed. */
  admin: SupabaseClient;
  service: SupabaseClient;
  adminId: string;
  /** A client carrying this bearer token, as the app's session does. */
  withToken(token: string): SupabaseClient;
  /** A raw request, for what supabase-js cannot send or does not show (headers, broken bodies). */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** Inserts posts as the database owner (no RLS), returning their ids by slug. */
  seedPosts(...posts: ReturnType<typeof newPost>[]): Promise<Record<string, string>>;
  seedConsultation(): Promise<string>;
  slugs(): Promise<string[]>;
  consultationCount(): Promise<number>;
}

/**
 * Starts a backend of `kind` for the enclosing describe and answers its handles, filled in before
 * the first test; every table the tests write is emptied before each test.
 */
export function useDataApi(kind: BackendKind, transport: Transport = 'http'): DataApi {
  const api = {
    withToken: (token: string) =>
      createClient(api.backend.url, api.backend.anonKey, {
        ...clientOptions,
        global: { headers: { Authorization: `Bearer ${token}` }, fetch: api.backend.fetch },
      }),
    rest: (path: string, init: RequestInit = {}) =>
      api.backend.fetch(`${api.backend.url}/rest/v1/${path}`, {
        ...init,
        headers: {
          apikey: api.backend.anonKey,
          Authorization: `Bearer ${api.backend.anonKey}`,
          ...(init.headers as Record<string, string>),
        },
      }),
    async seedPosts(...posts: ReturnType<typeof newPost>[]) {
      const ids: Record<string, string> = {};
      for (const post of posts) {
        const { rows } = await api.db.query<{ id: string }>(
          `insert into public.blog_posts (title, slug, content, summary, hero_image_url, author, is_published, language, updated_at, published_date, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
          [
            post.title,
            post.slug,
            post.content,
            post.summary,
            post.hero_image_url,
            post.author,
            post.is_published,
            post.language,
            post.updated_at,
            post.published_date,
            post.created_at,
          ],
        );
        ids[post.slug] = rows[0]!.id;
      }
      return ids;
    },
    async seedConsultation() {
      const { rows } = await api.db.query<{ id: string }>(
        `insert into public.consultations (name, email, phone_number, problems, company_name, how_found_us, language)
         values ('Seeded', 'seeded@example.com', '123', 'A problem description of some length.', 'Seed AB', 'Google', 'english') returning id`,
      );
      return rows[0]!.id;
    },
    async slugs() {
      const { rows } = await api.db.query<{ slug: string }>(
        'select slug from public.blog_posts order by slug',
      );
      return rows.map((r) => r.slug);
    },
    async consultationCount() {
      const { rows } = await api.db.query<{ n: string }>(
        'select count(*) as n from public.consultations',
      );
      return Number(rows[0]!.n);
    },
  } as DataApi;

  beforeAll(async () => {
    api.backend = await startTestBackend(kind, {}, { transport });
    api.db = api.backend.server.backend!.db;
    // The backend made its administrator at start (ADMIN_EMAIL).
    const made = await api.db.query<{ id: string }>('select id from auth.users where email = $1', [
      ADMIN_EMAIL,
    ]);
    api.adminId = made.rows[0]!.id;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = await signJwt(
      { role: 'authenticated', sub: api.adminId, aud: 'authenticated', email: ADMIN_EMAIL, exp },
      api.backend.server.backend!.jwtSecret,
    );
    api.anon = api.backend.client();
    api.admin = api.withToken(token);
    api.service = api.backend.client(api.backend.serviceRoleKey);
  });

  afterAll(async () => api.backend?.close());

  beforeEach(async () => {
    await api.db.exec(
      `delete from public.blog_posts; ${deleteEveryLeadSql} delete from private.address_rate_limits;`,
    );
  });

  return api;
}
