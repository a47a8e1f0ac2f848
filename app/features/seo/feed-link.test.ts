import { describe, expect, it } from 'vitest';
import { hasFeedLink } from './feed-link';

describe('hasFeedLink', () => {
  it('links the feed from home, the blog list and the posts in both languages', () => {
    for (const id of ['en/home', 'sv/home', 'en/blog', 'sv/blog', 'en/blog-post', 'sv/blog-post'])
      expect(hasFeedLink(['root', id])).toBe(true);
  });

  it('leaves it out elsewhere', () => {
    for (const id of ['en/book-call', 'sv/privacy-policy', 'en/not-found', 'routes/login-page'])
      expect(hasFeedLink(['root', id])).toBe(false);
  });
});
