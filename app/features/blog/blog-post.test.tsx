// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import { languageFromPath } from '~/i18n/locale';
import { renderMarkdownToHtml } from '~/ui/markdown-html.server';
import { aPost } from '#tests/support/posts.ts';
import { BlogPostView, type BlogPostResult } from './blog-post';

const post: BlogPost = aPost({
  id: '1',
  slug: 'svara-snabbt',
  title: 'Svara snabbt på leads',
  summary: 'Den som svarar först får jobbet.',
  content:
    '# Varför det spelar roll\n\n| Svarstid | Chans |\n|---|---|\n| 5 min | hög |\n\n- Ring\n- Mejla',
  hero_image_url: 'https://images.example.com/phone.jpg',
  author: 'Teamet på Nordic Lead Agency',
  language: 'swedish',
  published_date: '2026-11-10T08:00:00Z',
  created_at: '2026-11-10T08:00:00Z',
  updated_at: '2026-11-10T08:00:00Z',
});

/** The post page at `path`; the list pages' loaders never finish, to hold a navigation in flight. */
/** A loaded result gets its body rendered as the loader renders it, in the page's language. */
type ResultWithoutBody =
  Exclude<BlogPostResult, { status: 'loaded' }> | { status: 'loaded'; post: BlogPost };

function renderPostAt(path: string, given: ResultWithoutBody) {
  const result: BlogPostResult =
    given.status === 'loaded'
      ? {
          ...given,
          bodyHtml: renderMarkdownToHtml(given.post.content, languageFromPath(path)),
          alternates: null,
        }
      : given;
  const Stub = createRoutesStub([
    { path: '/blog/:slug', Component: () => <BlogPostView result={result} /> },
    { path: '/sv/blog/:slug', Component: () => <BlogPostView result={result} /> },
    { path: '/blog', loader: () => new Promise(() => {}), Component: () => null },
    { path: '/sv/blog', loader: () => new Promise(() => {}), Component: () => null },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('BlogPostView', () => {
  it('shows the Swedish post: back link, title, author, date, reading time, hero, body and CTA', () => {
    renderPostAt('/sv/blog/svara-snabbt', { status: 'loaded', post });
    expect(screen.getByRole('link', { name: /Tillbaka till bloggen/ }).getAttribute('href')).toBe(
      '/sv/blog',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Svara snabbt på leads' })).toBeVisible();
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('Av Teamet på Nordic Lead Agency');
    expect(article.textContent).toContain('10 november 2026');
    expect(article.textContent).toContain('1 min läsning');
    const hero = screen.getByRole('img', { name: 'Svara snabbt på leads' });
    expect([hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['1200', '675']);
    expect(screen.getByRole('heading', { level: 2, name: 'Varför det spelar roll' })).toBeVisible();
    expect(screen.getByRole('table')).toBeVisible();
    const cta = screen.getByRole('complementary', { name: 'Redo att växa ditt företag?' });
    expect(cta.textContent).toContain('GRATIS');
    expect(
      within(cta)
        .getByRole('link', { name: 'Boka ditt gratis strategisamtal' })
        .getAttribute('href'),
    ).toBe('/sv/book-call');
  });

  it('shows the English post texts, its long date and a CTA to /book-call', () => {
    renderPostAt('/blog/answer-fast', {
      status: 'loaded',
      post: {
        ...post,
        title: 'Answer fast',
        author: 'Nordic Lead Agency Team',
        hero_image_url: null,
      },
    });
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('By Nordic Lead Agency Team');
    expect(article.textContent).toContain('November 10, 2026');
    expect(article.textContent).toContain('1 min read');
    // eslint-disable-next-line testing-library/no-node-access -- no image at all, a decorative one (no img role) included
    expect(article.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
    const cta = screen.getByRole('complementary', { name: 'Ready to Grow Your Business?' });
    expect(cta.textContent).toContain('FREE consultation');
    expect(
      within(cta).getByRole('link', { name: 'Book Your Free Strategy Call' }).getAttribute('href'),
    ).toBe('/book-call');
  });

  it('shows the reading time the database counted for the saved post', () => {
    // The database counts 200 words a minute (blog_posts.reading_minutes), as the manager's
    // preview counts its unsaved text; the page does not count the saved content again.
    renderPostAt('/blog/long', {
      status: 'loaded',
      post: { ...post, content: 'A few words.', reading_minutes: 3 },
    });
    expect(screen.getByRole('article').textContent).toContain('3 min read');
  });

  it('shows the not-found texts and a way back to the blog in both languages', () => {
    const view = renderPostAt('/blog/no-such-post', { status: 'not-found' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeVisible();
    expect(
      screen.getByText("The blog post you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
    view.unmount();

    renderPostAt('/sv/blog/no-such-post', { status: 'not-found' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Blogginlägget hittades inte' }),
    ).toBeVisible();
    expect(
      screen.getByText('Blogginlägget du letar efter finns inte eller har tagits bort.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Tillbaka till bloggen/ }).getAttribute('href')).toBe(
      '/sv/blog',
    );
  });

  it('shows the failure as the heading in both languages', () => {
    const view = renderPostAt('/blog/x', { status: 'failed' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Failed to load blog post' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to Blog/ })).toBeVisible();
    view.unmount();
    renderPostAt('/sv/blog/x', { status: 'failed' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Misslyckades att ladda blogginlägget' }),
    ).toBeVisible();
  });

  it('gives way to the list spinner while the list loads after Back to Blog', async () => {
    const view = renderPostAt('/blog/answer-fast', { status: 'loaded', post });
    fireEvent.click(screen.getByRole('link', { name: /Back to Blog/ }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading blog posts...');
    view.unmount();
    renderPostAt('/sv/blog/x', { status: 'not-found' });
    fireEvent.click(screen.getByRole('link', { name: /Tillbaka till bloggen/ }));
    expect((await screen.findByRole('status')).textContent).toBe('Laddar blogginlägg...');
  });
});
