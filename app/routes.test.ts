import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from './routes';

/** Every public page, by its English path. */
const bilingualPaths = [
  '/',
  '/newsletter',
  '/newsletter/thank-you',
  '/newsletter/almost-there',
  '/book-call',
  '/book-call/thank-you',
  '/blog',
  '/blog/:slug',
  '/privacy-policy',
  '/free-meta-ads-guide',
];
const englishOnlyPaths = ['/login', '/admin', '/admin/leads'];

const table = routes as RouteConfigEntry[];
const asRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) => {
    const id = entry.id ?? entry.file;
    return entry.index
      ? { id, index: true }
      : { id, path: entry.path, children: asRouteObjects(entry.children ?? []) };
  });
const matchedId = (pathname: string) =>
  matchRoutes(asRouteObjects(table), pathname)?.at(-1)?.route.id;

describe('the route table', () => {
  const registered = table.map((entry) => (entry.index ? '/' : `/${entry.path}`));

  it('registers every public page in English and Swedish', () => {
    for (const path of bilingualPaths) {
      expect(registered).toContain(path);
      expect(registered).toContain(path === '/' ? '/sv' : `/sv${path}`);
    }
  });

  it('registers /login and /admin in English only', () => {
    for (const path of englishOnlyPaths) {
      expect(registered).toContain(path);
      expect(registered).not.toContain(`/sv${path}`);
    }
  });

  it('gives each registration its own id, naming the language', () => {
    // Without an explicit id React Router names a route after its file.
    const ids = table.map((entry) => entry.id ?? entry.file);
    expect(new Set(ids).size).toBe(ids.length);
    expect(matchedId('/book-call')).toBe('en/book-call');
    expect(matchedId('/sv/book-call')).toBe('sv/book-call');
    expect(matchedId('/sv')).toBe('sv/home');
    expect(matchedId('/')).toBe('en/home');
    expect(matchedId('/sv/blog/some-post')).toBe('sv/blog-post');
  });

  it('answers robots.txt, the sitemaps and the feeds from their own resource routes', () => {
    expect(matchedId('/robots.txt')).toBe('routes/robots-txt.ts');
    expect(matchedId('/sitemap.xml')).toBe('routes/sitemap-index.ts');
    expect(matchedId('/sitemap-en.xml')).toBe('en/sitemap');
    expect(matchedId('/sitemap-sv.xml')).toBe('sv/sitemap');
    // A static segment outranks blog/:slug, so the feed is never taken for a post.
    expect(matchedId('/blog/rss.xml')).toBe('en/blog-feed');
    expect(matchedId('/sv/blog/rss.xml')).toBe('sv/blog-feed');
    expect(matchedId('/blog/rss')).toBe('en/blog-post');
    expect(matchedId('/sitemap-de.xml')).toBe('en/not-found');
  });

  it('sends unknown paths to the not-found page of their language', () => {
    expect(matchedId('/nope')).toBe('en/not-found');
    expect(matchedId('/sv/nope')).toBe('sv/not-found');
    expect(matchedId('/svenska')).toBe('en/not-found');
    expect(matchedId('/sv/login')).toBe('sv/not-found');
  });
});
