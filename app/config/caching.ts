// How long the pages may be kept, in one place. A page that is the same for every visitor is
// revalidated by browsers on each visit (its ETag answers 304 when nothing changed) and kept for a
// minute by a shared cache: the server's own page cache, which a write to the posts empties at
// once, or a CDN in front of the site.

/** Seconds a shared cache may keep a public page. */
export const SHARED_PAGE_SECONDS = 60;

/** The `headers` export of a route whose page is the same for every visitor. */
export function sharedPageHeaders(): Record<string, string> {
  return { 'Cache-Control': `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS}` };
}
