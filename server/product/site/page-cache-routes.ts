// The page-cache declaration of the route a path leads to (app/config/caching.ts), and whether it
// is a page at all, read from the server build's route modules: the leaf route's handle says
// whether its page is shared and what the shared copy may depend on. A route that declares
// nothing is never kept.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isCanonicalPath, type PageCacheDeclaration } from './page-cache-key.ts';

/** Paths remembered with their answer: a flood of unknown paths only evicts them. */
const REMEMBERED_PATHS = 1000;

/** What the server needs to know of the route a path leads to. */
export interface RouteFacts {
  /** The page-cache declaration of its handle; undefined: never kept. */
  declaration?: PageCacheDeclaration;
  /** A page (its module renders a component), not a resource route (feeds, sitemaps). */
  page: boolean;
  /** The path is spelled the one way the site's own links spell it (`isCanonicalPath`). */
  canonical: boolean;
}

export function routeFacts(routes: ServerBuild['routes']): (pathname: string) => RouteFacts {
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

  const remembered = new Map<string, RouteFacts>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known) return known;
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
    const module = leaf ? routes[leaf]?.module : undefined;
    const declaration = (module?.handle as { pageCache?: PageCacheDeclaration } | undefined)
      ?.pageCache;
    const facts: RouteFacts = {
      ...(declaration ? { declaration } : {}),
      page: typeof module?.default === 'function',
      canonical: isCanonicalPath(pathname),
    };
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, facts);
    return facts;
  };
}
