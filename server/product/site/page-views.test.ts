// Which requests on a page's path are never a page view, whatever route they match: React
// Router's own (the route manifest, a page's or an action's data), and a page opened again from
// itself (a step within the booking page).
import { describe, expect, it } from 'vitest';
import { isFrameworkRequest, isStepWithinPage } from './page-views.ts';

describe('isFrameworkRequest', () => {
  it.each(['/__manifest', '/_.data', '/admin.data', '/blog.data', '/sv/blog/a-post.data'])(
    'names %s the framework’s',
    (path) => expect(isFrameworkRequest(path)).toBe(true),
  );

  it.each(['/', '/sv', '/blog', '/blog/data-driven-ads', '/book-call/thank-you', '/sv/blog/_x'])(
    'leaves the page %s a page',
    (path) => expect(isFrameworkRequest(path)).toBe(false),
  );
});

describe('isStepWithinPage', () => {
  const page = new URL('http://localhost:3000/sv/book-call/thank-you?tz=Europe%2FHelsinki');

  it('names the same page opened from itself, with other parameters, a step within it', () => {
    expect(
      isStepWithinPage('http://localhost:3000/sv/book-call/thank-you', 'localhost:3000', page),
    ).toBe(true);
    expect(
      isStepWithinPage(
        'http://localhost:3000/sv/book-call/thank-you?day=2026-12-01',
        'localhost:3000',
        page,
      ),
    ).toBe(true);
  });

  it.each([
    ['the booking form that sent the visitor', 'http://localhost:3000/sv/book-call'],
    ['another site with the same path', 'https://example.com/sv/book-call/thank-you'],
    ['no referrer', undefined],
    ['a referrer that is no address', 'not a url'],
  ])('counts a view reached from %s', (_, referer) => {
    expect(isStepWithinPage(referer, 'localhost:3000', page)).toBe(false);
  });
});
