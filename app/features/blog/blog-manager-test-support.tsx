// The blog manager's unit tests share these: a post as the database returns it, a stand-in for
// supabase-js's query builder, and the manager rendered at /admin in a router (on the agency's
// zone when a test gives one).
import { render } from '@testing-library/react';
import { createRoutesStub, Outlet, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { BlogPost } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { BlogManager } from './blog-manager';

export function post(fields: Partial<BlogPost>): BlogPost {
  return {
    id: 'p1',
    slug: 'ten-tips',
    title: 'Ten Tips',
    summary: 'Short and useful.',
    content: 'Some **bold** text.',
    hero_image_url: null,
    author: 'Nordic Lead Agency Team',
    is_published: true,
    language: 'english',
    created_at: '2026-11-01T08:00:00Z',
    updated_at: '2026-11-21T08:30:00Z',
    published_date: '2026-11-02T09:05:00Z',
    reading_minutes: 1,
    translation_group: null,
    updated_by: null,
    ...fields,
  };
}

export type Result = {
  data: unknown;
  error: { message: string; code?: string } | null;
  status: number;
};

/**
 * A stand-in for supabase-js's query builder: every call is recorded, and awaiting the query
 * gives the next answer the test queued for that kind of request.
 */
export function fakeClient(answers: {
  list?: Result;
  single?: Result;
  insert?: Result;
  update?: Result;
  delete?: Result;
  /** blog_post_revisions. */
  revisions?: Result;
  /** The slug check's lookup. */
  slugs?: Result;
}) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const from = vi.fn((table: string) => {
    let kind: keyof typeof answers = table === 'blog_post_revisions' ? 'revisions' : 'list';
    const query = {
      select: (...args: unknown[]) => (calls.push({ method: 'select', args }), query),
      or: (...args: unknown[]) => ((kind = 'slugs'), calls.push({ method: 'or', args }), query),
      order: (...args: unknown[]) => (calls.push({ method: 'order', args }), query),
      range: (...args: unknown[]) => (calls.push({ method: 'range', args }), query),
      eq: (...args: unknown[]) => (calls.push({ method: 'eq', args }), query),
      single: () => ((kind = 'single'), query),
      insert: (row: unknown) => (
        (kind = 'insert'),
        calls.push({ method: 'insert', args: [row] }),
        query
      ),
      update: (row: unknown) => (
        (kind = 'update'),
        calls.push({ method: 'update', args: [row] }),
        query
      ),
      delete: () => ((kind = 'delete'), calls.push({ method: 'delete', args: [] }), query),
      // A list's count is its length, as a read with { count: 'exact' } of one page answers.
      then: (resolve: (value: Result & { count: number | null }) => unknown) => {
        const answer = answers[kind] ?? { data: [], error: null, status: 200 };
        const count = Array.isArray(answer.data) ? answer.data.length : null;
        return Promise.resolve({ count, ...answer }).then(resolve);
      },
    };
    return query;
  });
  return { client: { from } as unknown as AppSupabaseClient, calls };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/**
 * The manager at `path` in a router; with `agencyTimeZone`, under a root route whose loader gives
 * that zone, as the app's root loader does on admin pages (app/admin/admin-dates.ts).
 */
export function renderManager(
  client: AppSupabaseClient,
  path = '/admin',
  onSignOut: () => Promise<void> = async () => {},
  agencyTimeZone?: string,
) {
  const routes = [
    {
      path: '/admin',
      Component: () => (
        <>
          <BlogManager
            client={client}
            email="admin@example.com"
            role="admin"
            onSignOut={onSignOut}
          />
          <Where />
        </>
      ),
    },
    // Somewhere else in the app, for the navigations the unsaved-changes guard stops.
    { path: '/blog', Component: () => <Where /> },
  ];
  const Stub = createRoutesStub(
    agencyTimeZone === undefined
      ? routes
      : [
          {
            id: 'root',
            path: '/',
            loader: () => ({ agencyTimeZone }),
            Component: Outlet,
            HydrateFallback: () => null,
            children: routes,
          },
        ],
  );
  return render(<Stub initialEntries={[path]} />);
}
