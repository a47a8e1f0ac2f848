import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { pageCacheDeclarations } from './page-cache-routes.ts';

const shared = (query: string[]) => ({
  pageCache: { query, variantCookies: {}, privateCookies: [] },
});
const route = (id: string, fields: Record<string, unknown>, handle?: unknown) => ({
  [id]: { id, parentId: id === 'root' ? undefined : 'root', ...fields, module: { handle } },
});

/** The shape of the build's routes: a root with pages under it, and a catch-all. */
const routes = {
  ...route('root', { path: '' }),
  ...route('en/home', { index: true }, shared([])),
  ...route('en/blog', { path: 'blog' }, shared(['page'])),
  ...route('en/blog-post', { path: 'blog/:slug' }, shared([])),
  ...route('en/book-call', { path: 'book-call' }, { hydrate: false }),
  ...route('en/not-found', { path: '*' }),
} as unknown as ServerBuild['routes'];

describe('pageCacheDeclarations', () => {
  it('answers the declaration of the route a path leads to, and none for a route without one', () => {
    const declarationOf = pageCacheDeclarations(routes);
    expect(declarationOf('/')?.query).toEqual([]);
    expect(declarationOf('/blog')?.query).toEqual(['page']);
    expect(declarationOf('/blog/a-post')?.query).toEqual([]);
    expect(declarationOf('/book-call')).toBeUndefined();
    expect(declarationOf('/no/such/page')).toBeUndefined();
    expect(declarationOf('/favicon.svg')).toBeUndefined();
  });
});
