// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PostSummary } from '~/data/posts';
import { aPostSummary } from '#tests/support/posts.ts';
import { PostGrid } from './post-card';

const post: PostSummary = aPostSummary({
  id: '1',
  slug: 'svara-snabbt',
  title: 'Svara snabbt',
  summary: 'Den som svarar först får jobbet.',
  author: 'Teamet på Nordic Lead Agency',
  published_date: '2026-11-10T08:00:00Z',
  // A short summary of a long post: the card tells the post's reading time, as its page does.
  reading_minutes: 7,
});

function renderAt(path: string, posts: PostSummary[], showReadingTime = false) {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <PostGrid posts={posts} showReadingTime={showReadingTime} /> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('PostGrid', () => {
  it('links Swedish cards to /sv/blog/{slug} with Swedish texts and the clamp', () => {
    renderAt('/sv/blog', [post], true);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Svara snabbt' })).toHaveProperty(
      'pathname',
      '/sv/blog/svara-snabbt',
    );
    expect(within(card).getByRole('link', { name: 'Läs mer: Svara snabbt' })).toHaveProperty(
      'pathname',
      '/sv/blog/svara-snabbt',
    );
    expect(card.textContent).toContain('10 november 2026');
    expect(card.textContent).toContain('7 min läsning');
    expect(card.textContent).toContain('Av Teamet på Nordic Lead Agency');
    expect(card).toHaveClass('post-card--sv');
  });

  it('links English cards to /blog/{slug} and leaves the reading time out unless asked', () => {
    renderAt('/book-call/thank-you', [{ ...post, title: 'Answer fast', slug: 'answer-fast' }]);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Answer fast' })).toHaveProperty(
      'pathname',
      '/blog/answer-fast',
    );
    expect(card.textContent).toContain('November 10, 2026');
    expect(card.textContent).not.toContain('min read');
  });

  it('shows a hero image with its dimensions when the post has one', () => {
    renderAt('/blog', [{ ...post, hero_image_url: 'https://images.example.com/a.jpg' }]);
    // Decorative (alt=""), so the image's role is presentation.
    const image = within(screen.getByRole('article')).getByRole('presentation');
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('https://images.example.com/a.jpg');
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('height')).toBe('360');
  });

  it('shows the empty text in the page language when there are no posts', () => {
    renderAt('/sv/newsletter/almost-there', []);
    expect(screen.getByText('Inga blogginlägg tillgängliga ännu.')).toBeVisible();
    renderAt('/newsletter/almost-there', []);
    expect(screen.getByText('No blog posts available yet.')).toBeVisible();
  });
});
