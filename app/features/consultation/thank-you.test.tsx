// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PostSummary } from '~/data/posts';
import { aPostSummary } from '#tests/support/posts.ts';
import { ConsultationThankYou } from './thank-you';

const post = (n: number): PostSummary =>
  aPostSummary({
    id: String(n),
    slug: `tips-${n}`,
    title: `Tips ${n}`,
    summary: 'Kort och konkret.',
    author: 'Teamet på Nordic Lead Agency',
    published_date: '2026-11-10T08:00:00Z',
  });

function renderAt(path: string, posts: PostSummary[]) {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <ConsultationThankYou latestPosts={posts} /> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('the consultation thank-you page', () => {
  it('thanks the visitor in English, lists the next steps and goes back to /', () => {
    renderAt('/book-call/thank-you', []);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank You for Your Interest!' }),
    ).toBeVisible();
    expect(
      screen.getByText('We have received your request and will contact you within 24 hours.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
    const steps = screen.getByRole('list');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(steps.textContent).toContain('free 30-minute strategy call');
    expect(
      screen.getByRole('heading', { name: 'While You Wait: Latest Marketing Tips' }),
    ).toBeVisible();
    expect(screen.getByText('No blog posts available yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveProperty(
      'pathname',
      '/',
    );
  });

  it('shows the Swedish page with the latest posts linking into /sv/blog', () => {
    renderAt('/sv/book-call/thank-you', [post(1), post(2), post(3)]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Tack för ditt intresse!' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Vad händer nu?' })).toBeVisible();
    const latest = screen.getByRole('region', {
      name: 'Medan du väntar: De senaste marknadsföringstipsen',
    });
    const cards = within(latest).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('link', { name: 'Tips 1' })).toHaveProperty(
      'pathname',
      '/sv/blog/tips-1',
    );
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' })).toHaveProperty(
      'pathname',
      '/sv',
    );
  });
});
