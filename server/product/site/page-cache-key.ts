// Which requests share one cached copy of a page, as a CDN's cache key would say: the
// route declares what its page depends on (app/config/caching.ts, in its handle), and everything
// else a request carries is left out of the key and of the render, so that the copy cannot differ
// from what the key promises. Ad clicks' unique `gclid`/`fbclid`/`utm_*` and any unknown
// parameter, cookies that change nothing, and a visitor's `Cache-Control: no-cache` (which CDNs
// ignore too: edits show at once through the cache's invalidation) all get the one copy. Only an
// address in its one canonical spelling is kept (decision 20): the router matches `/BLOG`, `/blog/`
// and `/bl%6Fg` too, and each spelling kept apart would let a flood of spellings push the pages
// visitors ask for out of the cache. The host part of the key is page-cache-hosts.ts's business.
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
  /**
   * Set-Cookie values for one request, added to its answer and never kept. Asked only of a request
   * whose address has a query string (an ad click's landing): one without gets none.
   */
  visitorCookies?(visit: {
    url: URL;
    header(name: 'cookie' | 'referer'): string | undefined;
    publicOrigin: string | undefined;
  }): string[];
}

/** A request the shared copy may answer, and how to render that copy. */
export interface SharedRequest {
  key: string;
  /** The origin the copy is rendered for (`http://agency.example`). */
  origin: string;
  /** The path with the declared query parameters only: what the copy is rendered for. */
  path: string;
  /** The variant cookies only (`cookie_consent=rejected`), the only ones the render sees. */
  cookie: string | undefined;
}

function cookiePairs(header: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return pairs;
}

/**
 * Whether a path is spelled the one way the site's own links spell it: lower case (the routes and
 * the posts' slugs are), no trailing slash or empty segment, and percent-encoded only where it must
 * be. The router answers other spellings with the same page, but they are not kept.
 */
export function isCanonicalPath(pathname: string): boolean {
  if (pathname !== '/' && (pathname.endsWith('/') || pathname.includes('//'))) return false;
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return false;
  }
  return decoded === decoded.toLowerCase() && encodeURI(decoded) === pathname;
}

/**
 * The shared copy a request may be answered with, or null when it may not: a method other than
 * GET and HEAD, an Authorization header, a cookie of a signed-in session or private preview, no
 * origin to keep it under (`origin` null: page-cache-hosts.ts keeps none for this Host), or an
 * address spelled otherwise than the one way (see isCanonicalPath; a declared query parameter
 * given twice is another spelling too).
 */
export function sharedRequestOf(
  req: IncomingMessage,
  url: URL,
  declaration: PageCacheDeclaration,
  origin: string | null,
  canonical = isCanonicalPath(url.pathname),
): SharedRequest | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (origin === null || !canonical) return null;
  if (req.headers.authorization) return null;
  const variants: string[] = [];
  const cookieHeader = req.headers.cookie;
  if (cookieHeader) {
    for (const [name, value] of cookiePairs(cookieHeader)) {
      if (declaration.privateCookies.some((pattern) => pattern.test(name))) return null;
      const allowed = declaration.variantCookies[name];
      if (allowed?.includes(value) && !variants.some((v) => v.startsWith(`${name}=`)))
        variants.push(`${name}=${value}`);
    }
    variants.sort();
  }
  let search = '';
  // An address without a query string (most of them) has none of the declared parameters either.
  if (url.search !== '' && declaration.query.length > 0) {
    const query = new URLSearchParams();
    for (const name of declaration.query) {
      const values = url.searchParams.getAll(name);
      if (values.length > 1) return null;
      if (values[0] !== undefined) query.append(name, values[0]);
    }
    if (query.size > 0) search = `?${query}`;
  }
  const path = url.pathname + search;
  const cookie = variants.length > 0 ? variants.join('; ') : undefined;
  return {
    key: `${origin} ${path}${cookie ? ` ${cookie}` : ''}`,
    origin,
    path,
    cookie,
  };
}
