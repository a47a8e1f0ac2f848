// Which requests share one cached copy of a page (issue 18), as a CDN's cache key would say: the
// route declares what its page depends on (app/config/caching.ts, in its handle), and everything
// else a request carries is left out of the key and of the render, so that the copy cannot differ
// from what the key promises. Ad clicks' unique `gclid`/`fbclid`/`utm_*` and any unknown
// parameter, cookies that change nothing, and a visitor's `Cache-Control: no-cache` (which CDNs
// ignore too: edits show at once through the cache's invalidation) all get the one copy.
import type { IncomingMessage } from 'node:http';

/**
 * What a route's `handle.pageCache` holds (the app declares it in app/config/caching.ts; the
 * server reads it from the build, knowing no route by name).
 */
export interface PageCacheDeclaration {
  /** The query parameters the page depends on. */
  query: readonly string[];
  /** Cookie name → the values that each select a cached variant. */
  variantCookies: Readonly<Record<string, readonly string[]>>;
  /** Cookie names that make a request private: it skips the shared copy. */
  privateCookies: readonly RegExp[];
  /** Set-Cookie values for one request, added to its answer and never kept. */
  visitorCookies?(visit: {
    url: URL;
    header(name: 'cookie' | 'referer'): string | undefined;
    publicOrigin: string | undefined;
  }): string[];
}

/** A request the shared copy may answer, and how to render that copy. */
export interface SharedRequest {
  key: string;
  /** The path with the declared query parameters only: what the copy is rendered for. */
  path: string;
  /** The variant cookies only (`cookie_consent=rejected`), the only ones the render sees. */
  cookie: string | undefined;
}

function cookiePairs(header: string | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return pairs;
}

/**
 * The shared copy a request may be answered with, or null when it may not: a method other than
 * GET and HEAD, an Authorization header, or a cookie of a signed-in session or private preview.
 */
export function sharedRequestOf(
  req: IncomingMessage,
  url: URL,
  declaration: PageCacheDeclaration,
): SharedRequest | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (req.headers.authorization) return null;
  const variants: string[] = [];
  for (const [name, value] of cookiePairs(req.headers.cookie)) {
    if (declaration.privateCookies.some((pattern) => pattern.test(name))) return null;
    const allowed = declaration.variantCookies[name];
    if (allowed?.includes(value) && !variants.some((v) => v.startsWith(`${name}=`)))
      variants.push(`${name}=${value}`);
  }
  variants.sort();
  const query = new URLSearchParams();
  for (const name of declaration.query)
    for (const value of url.searchParams.getAll(name)) query.append(name, value);
  const search = query.size > 0 ? `?${query}` : '';
  const path = url.pathname + search;
  const cookie = variants.length > 0 ? variants.join('; ') : undefined;
  return {
    key: `${req.headers.host ?? ''} ${path}${cookie ? ` ${cookie}` : ''}`,
    path,
    cookie,
  };
}
