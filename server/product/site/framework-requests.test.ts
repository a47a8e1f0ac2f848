// Which requests on a page's path are React Router's own (the route manifest, a page's or an
// action's data) and so never a page view, whatever route they match.
import { describe, expect, it } from 'vitest';
import { isFrameworkRequest } from './site.ts';

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
