import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { routeFacts } from './page-cache-routes.ts';

const shared = (query: string[]) => ({
  pageCache: { query, variantCookies: {}, privateCookies: [] },
});
const Page = () => null;
const route = (id: string, fields: Record<string, unknown>, handle?: unknown, page = true) => ({
  [id]: {
    id,
    parentId: id === 'root' ? undefined : 'root',
    ...fields,
    module: page ? { handle, default: Page } : { handle },
  },
});

/** The shape of the build's routes: a root with pages under it, and a catch-all. */
const routes = {
  ...route('root', { path: '' }),
  ...route('en/home', { index: true }, shared([])),
  ...route('en/blog', { path: 'blog' }, shared(['page'])),
  ...route('en/blog-post', { path: 'blog/:slug' }, shared([])),
  ...route('en/book-call', { path: 'book-call' }, { hydrate: false }),
  ...route('sitemap', { path: 'sitemap.xml' }, undefined, false),
  ...route('en/not-found', { path: '*' }),
} as unknown as ServerBuild['routes'];

describe('routeFacts', () => {
  it('answers the declaration of the route a path leads to, and none for a route without one', () => {
    const facts = routeFacts(routes);
    const declarationOf = (path: string) => facts(path).declaration;
    expect(declarationOf('/')?.query).toEqual([]);
    expect(declarationOf('/blog')?.query).toEqual(['page']);
    expect(declarationOf('/blog/a-post')?.query).toEqual([]);
    expect(declarationOf('/book-call')).toBeUndefined();
    expect(declarationOf('/no/such/page')).toBeUndefined();
    expect(declarationOf('/favicon.svg')).toBeUndefined();
  });

  it('tells pages from resource routes', () => {
    const facts = routeFacts(routes);
    expect(facts('/').page).toBe(true);
    expect(facts('/book-call').page).toBe(true);
    expect(facts('/sitemap.xml').page).toBe(false);
    // The catch-all is a page: its 404 is left out of the statistics by its status.
    expect(facts('/no/such/page').page).toBe(true);
  });

  it('says whether a path is spelled the one way the site’s links spell it', () => {
    const facts = routeFacts(routes);
    expect(facts('/blog/a-post').canonical).toBe(true);
    expect(facts('/blog/A-Post').canonical).toBe(false);
    expect(facts('/blog/a-post/').canonical).toBe(false);
    expect(facts('/blog/%61-post').canonical).toBe(false);
  });
});
