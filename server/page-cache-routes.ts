// The page-cache declaration of the route a path leads to (app/config/caching.ts), read from the
// server build's route modules: the leaf route's handle says whether its page is shared and what
// the shared copy may depend on. A route that declares nothing is never kept.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { PageCacheDeclaration } from './page-cache-key.ts';

/** Paths remembered with their answer: a flood of unknown paths only evicts them. */
const REMEMBERED_PATHS = 1000;

export function pageCacheDeclarations(
  routes: ServerBuild['routes'],
): (pathname: string) => PageCacheDeclaration | undefined {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      ...(route.index ? { index: true } : {}),
    } as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const below = children.get(route.id);
      return below && !route.index ? { ...route, children: attach(below) } : route;
    });
  const tree = attach(children.get(undefined) ?? []);

  const remembered = new Map<string, PageCacheDeclaration | undefined>();
  return (pathname) => {
    if (remembered.has(pathname)) return remembered.get(pathname);
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
    const handle = leaf
      ? (routes[leaf]?.module.handle as { pageCache?: PageCacheDeclaration })
      : {};
    const declaration = handle?.pageCache;
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, declaration);
    return declaration;
  };
}
