// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PostSummary } from '~/data/posts';
import { aPostSummary } from '#tests/support/posts.ts';
import { BlogList, type BlogListResult } from './blog-list';

const posts: PostSummary[] = [
  aPostSummary({
    id: '2',
    slug: 'newer-post',
    title: 'Newer post',
    summary: 'Short summary.',
    published_date: '2026-10-20T08:00:00Z',
  }),
  aPostSummary({
    id: '1',
    slug: 'older-post',
    title: 'Older post',
    summary: 'Another summary.',
    published_date: '2026-10-06T08:00:00Z',
  }),
];

/** The list at `path`; the post pages' loaders never finish, to hold a navigation in flight. */
function renderListAt(path: string, result: BlogListResult) {
  const Stub = createRoutesStub([
    { path: '/blog', Component: () => <BlogList result={result} /> },
    { path: '/sv/blog', Component: () => <BlogList result={result} /> },
    { path: '/blog/:slug', loader: () => new Promise(() => {}), Component: () => null },
    { path: '/sv/blog/:slug', loader: () => new Promise(() => {}), Component: () => null },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('BlogList', () => {
  it('links the newer and the older page when there are more posts than one page holds', () => {
    renderListAt('/sv/blog?page=2', { status: 'loaded', posts, page: 2, hasOlder: true });
    const pages = screen.getByRole('navigation', { name: 'Bloggens sidor' });
    const newer = screen.getByRole('link', { name: /Nyare inlägg/ });
    const older = screen.getByRole('link', { name: /Äldre inlägg/ });
    expect(pages.contains(newer) && pages.contains(older)).toBe(true);
    expect(newer.getAttribute('href')).toBe('/sv/blog');
    expect(newer.getAttribute('rel')).toBe('prev');
    expect(older.getAttribute('href')).toBe('/sv/blog?page=3');
    expect(older.getAttribute('rel')).toBe('next');
    expect(pages.textContent).toContain('Sida 2');
  });

  it('shows no page links when every post fits on the first page', () => {
    const view = renderListAt('/blog', { status: 'loaded', posts, page: 1, hasOlder: false });
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
    view.unmount();
    renderListAt('/blog', { status: 'loaded', posts, page: 1, hasOlder: true });
    expect(screen.getByRole('link', { name: /Older posts/ }).getAttribute('href')).toBe(
      '/blog?page=2',
    );
    expect(screen.queryByRole('link', { name: /Newer posts/ })).toBeNull();
  });

  it('shows the English title, intro and the posts as cards with reading time, in order', () => {
    renderListAt('/blog', { status: 'loaded', posts, page: 1, hasOlder: false });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Marketing Insights & Tips' }),
    ).toBeVisible();
    expect(screen.getByText(/business owners/)).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Newer post', 'Older post']);
    expect(screen.getAllByText('1 min read')).toHaveLength(2);
  });

  it('shows the Swedish title and intro', () => {
    renderListAt('/sv/blog', { status: 'loaded', posts, page: 1, hasOlder: false });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Marknadsföringsinsikter & tips' }),
    ).toBeVisible();
    expect(screen.getByText(/driver företag.*kort och rakt på sak/)).toBeVisible();
    expect(screen.getAllByText('1 min läsning')).toHaveLength(2);
  });

  it('shows the error text in place of the list when the posts failed to load', () => {
    const view = renderListAt('/blog', { status: 'failed' });
    expect(screen.getByRole('alert').textContent).toBe('Failed to load blog posts');
    expect(screen.queryByRole('article')).toBeNull();
    view.unmount();
    renderListAt('/sv/blog', { status: 'failed' });
    expect(screen.getByRole('alert').textContent).toBe('Misslyckades att ladda blogginlägg');
  });

  it('shows the empty text when the language has no published posts', () => {
    const view = renderListAt('/blog', { status: 'loaded', posts: [], page: 1, hasOlder: false });
    expect(screen.getByText('No blog posts available yet.')).toBeVisible();
    view.unmount();
    renderListAt('/sv/blog', { status: 'loaded', posts: [], page: 1, hasOlder: false });
    expect(screen.getByText('Inga blogginlägg tillgängliga ännu.')).toBeVisible();
  });

  it('gives way to the post spinner while a clicked post loads', async () => {
    renderListAt('/sv/blog', { status: 'loaded', posts, page: 1, hasOlder: false });
    fireEvent.click(screen.getByRole('link', { name: 'Newer post' }));
    expect((await screen.findByRole('status')).textContent).toBe('Laddar blogginlägget...');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
