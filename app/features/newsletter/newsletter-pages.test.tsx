// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PostSummary } from '~/data/posts';
import { NewsletterAlmostThere } from './almost-there';
import { NewsletterSignup } from './newsletter-signup';
import { aPostSummary } from '#tests/support/posts.ts';
import { NewsletterThankYou } from './thank-you';

// The frame shows once the visitor allows marketing, as this one has.
vi.mock('~/ui/use-consent-choice', () => ({
  useConsentChoice: () => ({ analytics: false, marketing: true, preferences: false }),
}));

function renderAt(path: string, element: ReactNode) {
  const Stub = createRoutesStub([{ path: '*', Component: () => element }]);
  return render(<Stub initialEntries={[path]} />);
}

const posts: PostSummary[] = ['ett', 'tva', 'tre'].map((slug, index) =>
  aPostSummary({
    id: String(index),
    slug,
    title: `Inlägg ${slug}`,
    summary: 'Kort och konkret.',
    author: 'Teamet på Nordic Lead Agency',
    published_date: `2026-11-0${index + 1}T08:00:00Z`,
  }),
);

describe('NewsletterSignup', () => {
  const forms = { accountId: '123456', formIds: { en: '111', sv: '222' } };

  it('lists what subscribers get and embeds the English form', () => {
    renderAt('/newsletter', <NewsletterSignup forms={forms} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Join our Newsletter' })).toBeVisible();
    for (const benefit of [
      'Weekly marketing tips',
      'The latest marketing news',
      'Exclusive offers and insights',
    ])
      expect(screen.getByRole('heading', { level: 3, name: benefit })).toBeVisible();
    expect(screen.getByTitle('Newsletter sign-up form').getAttribute('src')).toContain(
      '/123456/111/',
    );
    expect(screen.getByRole('link', { name: 'Read our privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('is Swedish under /sv, with the Swedish form', () => {
    renderAt('/sv/newsletter', <NewsletterSignup forms={forms} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Gå med i vårt nyhetsbrev' }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Veckovisa marknadsföringstips' }),
    ).toBeVisible();
    expect(screen.getByTitle('Anmälningsformulär för nyhetsbrevet').getAttribute('src')).toContain(
      '/123456/222/',
    );
    expect(
      screen.getByRole('link', { name: 'Läs vår integritetspolicy' }).getAttribute('href'),
    ).toBe('/sv/privacy-policy');
  });
});

describe('NewsletterAlmostThere', () => {
  it('tells the visitor to confirm, to check spam and to add the sender to contacts', () => {
    renderAt('/newsletter/almost-there', <NewsletterAlmostThere posts={[]} />);
    expect(screen.getByRole('heading', { level: 1, name: "You're Almost There!" })).toBeVisible();
    const text = document.body.textContent ?? '';
    expect(text).toContain('within 5 minutes');
    expect(text).toContain('Check your spam');
    expect(text).toContain('to your contacts');
    expect(screen.getByText('No blog posts available yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('lists the Swedish posts with Läs mer links to /sv/blog and a button back to /sv', () => {
    renderAt('/sv/newsletter/almost-there', <NewsletterAlmostThere posts={posts} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Du är nästan framme!' })).toBeVisible();
    expect(document.body.textContent).toContain('inom 5 minuter');
    expect(document.body.textContent).toContain('skräppost');
    const latest = screen.getByRole('region', {
      name: 'Medan du väntar: de senaste marknadsföringstipsen',
    });
    const readMore = within(latest).getAllByRole('link', { name: /^Läs mer/ });
    expect(readMore.map((link) => link.getAttribute('href'))).toEqual([
      '/sv/blog/ett',
      '/sv/blog/tva',
      '/sv/blog/tre',
    ]);
    expect(
      screen.getByRole('link', { name: 'Tillbaka till startsidan' }).getAttribute('href'),
    ).toBe('/sv');
  });
});

describe('NewsletterThankYou', () => {
  it('thanks the subscriber, says what comes next and links the blog and the guide', () => {
    renderAt('/newsletter/thank-you', <NewsletterThankYou posts={posts} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank You for Subscribing!' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'What comes next?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read our Blog' }).getAttribute('href')).toBe('/blog');
    expect(
      screen.getByRole('link', { name: 'Get the free Meta Ads guide' }).getAttribute('href'),
    ).toBe('/free-meta-ads-guide');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('links the Swedish blog and guide on the Swedish page', () => {
    renderAt('/sv/newsletter/thank-you', <NewsletterThankYou posts={[]} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Tack för att du prenumererar!' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Läs vår blogg' }).getAttribute('href')).toBe(
      '/sv/blog',
    );
    expect(
      screen
        .getByRole('link', { name: 'Hämta den gratis guiden till Meta Ads' })
        .getAttribute('href'),
    ).toBe('/sv/free-meta-ads-guide');
    expect(screen.getByText('Inga blogginlägg tillgängliga ännu.')).toBeVisible();
  });
});
