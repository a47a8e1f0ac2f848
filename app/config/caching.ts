// How long the pages may be kept, and what a shared copy may depend on, in one place. A page that
// is the same for every visitor is revalidated by browsers on each visit (its ETag answers 304
// when nothing changed) and kept for a minute by a shared cache: the server's own page cache,
// which every copy empties within a second of a write to what the pages show (the posts, the
// agency's details, its booking settings; docs/decisions/0029), or a CDN in front of the site,
// which only the minute bounds.
import { attributionCookieFor, type LandingRequest } from '~/visit/attribution-cookie';
import { CONSENT_COOKIE, CONSENT_COOKIE_VALUES } from '~/visit/consent-cookie';

/** Seconds a shared cache may keep a public page. */
export const SHARED_PAGE_SECONDS = 60;

/**
 * The `headers` export of a route whose page is the same for every visitor. A page whose read
 * failed answers with what its loader said instead: never kept, and when to try again
 * (app/data/failures.server.ts).
 */
export function sharedPageHeaders({ loaderHeaders }: { loaderHeaders?: Headers } = {}): Record<
  string,
  string
> {
  if (loaderHeaders?.has('Cache-Control')) return Object.fromEntries(loaderHeaders);
  return { 'Cache-Control': `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS}` };
}

/**
 * What the server's page cache (server/product/site/page-cache-key.ts) may build one shared copy of a page
 * from, declared by the page's route in its handle (docs/decisions/0013). Everything else a
 * request carries is left out of both the cache key and the render, so the copy cannot depend on
 * it.
 */
export interface PageCacheDeclaration {
  /** The query parameters the page reads (the blog's page number); tracking ones never. */
  query: readonly string[];
  /**
   * Cookies that select a variant of the page, each with the values that do: one cached copy per
   * value. Any other value counts as no cookie at all.
   */
  variantCookies: Readonly<Record<string, readonly string[]>>;
  /** Cookies of a signed-in session or a private preview: such a request skips the shared copy. */
  privateCookies: readonly RegExp[];
  /**
   * Set-Cookie values for one request, added to its answer whether it was rendered or served
   * from the copy, and never kept with it: the ad click's attribution (attribution-cookie.ts).
   * The server asks only when the address has a query string, as an ad's landing does.
   */
  visitorCookies(visit: LandingRequest): string[];
}

/** The `handle` of a route whose page is shared: see `sharedPageHandle`. */
export interface PageCacheHandle {
  pageCache?: PageCacheDeclaration;
}

/**
 * The consent choice (the cookie banner's) changes what a page shows, one variant per state: the
 * banner while no choice is made, the sign-up frames once marketing is allowed. A value outside
 * this list is treated as no choice made yet.
 */
export const CONSENT_COOKIE_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  [CONSENT_COOKIE]: CONSENT_COOKIE_VALUES,
};

/**
 * Supabase's server-side session cookies (`sb-<project>-auth-token`, chunked as `.0`, `.1`…):
 * a signed-in member's request is never answered with, nor stored as, the visitors' copy.
 */
export const PRIVATE_COOKIES: readonly RegExp[] = [/^sb-[^=]*-auth-token(\.\d+)?$/];

/** The page-cache part of the handle of a route that also exports `sharedPageHeaders`. */
export function sharedPageHandle({ query = [] }: { query?: readonly string[] } = {}) {
  return {
    pageCache: {
      query,
      variantCookies: CONSENT_COOKIE_VARIANTS,
      privateCookies: PRIVATE_COOKIES,
      visitorCookies: (visit: LandingRequest) => {
        const cookie = attributionCookieFor(visit);
        return cookie ? [cookie] : [];
      },
    } satisfies PageCacheDeclaration,
  };
}
