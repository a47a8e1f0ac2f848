// Which answers of the site are page views for the statistics (server/product/visits): a
// visitor's GET of a public page answered with that page (200, or 304 from the browser's copy).
// Not the agency's own pages and sign-in, React Router's own requests, a browser's prefetch, a page
// opened again from itself, resource routes, static files or error pages.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Sign-in, the administrator's pages and a draft's private preview: the agency's own work, not visits. */
function isAgencyPage(pathname: string): boolean {
  return (
    pathname === '/login' ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/') ||
    /^(\/sv)?\/blog\/preview\//.test(pathname)
  );
}

/**
 * React Router's own requests, answered by the framework on a page's path: the route manifest
 * (`/__manifest`) and the data of a page or an action (`/admin.data`, `/_.data`). Not page views.
 */
export function isFrameworkRequest(pathname: string): boolean {
  return pathname.startsWith('/__') || pathname.endsWith('.data');
}

/**
 * A page opened again from itself: the booking step's choice of a day or a time zone, or its
 * script asking for the browser's zone, re-render the same path with other parameters. The
 * visitor is still on the page they came to, so it is one view.
 */
export function isStepWithinPage(
  referer: string | undefined,
  host: string | undefined,
  url: URL,
): boolean {
  if (!referer || !host) return false;
  try {
    const from = new URL(referer);
    return from.host === host && from.pathname === url.pathname;
  } catch {
    return false;
  }
}

/** A browser fetching a page ahead of a click that may never come (Chrome, Firefox, Safari). */
function isPrefetch(req: IncomingMessage): boolean {
  const purpose = req.headers['sec-purpose'] ?? req.headers['purpose'] ?? req.headers['x-moz'];
  return typeof purpose === 'string' && /prefetch|prerender/i.test(purpose);
}

/**
 * Set while the page cache answers: a kept page's headers go out in one writeHead, which
 * res.getHeader cannot read back, and the cache keeps only the page a page's route rendered.
 */
export interface KeptAnswer {
  served: boolean;
}

/**
 * Counts a request as a page view through `onPageView` once it is answered with the page; `page`
 * says its route renders a page (not a feed or a file). Registered before the answer starts.
 */
export function createViewCount(onPageView?: (req: IncomingMessage, url: URL) => void) {
  return (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    page: boolean,
    kept: KeptAnswer = { served: false },
  ): void => {
    if (!onPageView || !page || req.method !== 'GET') return;
    if (isAgencyPage(url.pathname) || isFrameworkRequest(url.pathname) || isPrefetch(req)) return;
    if (isStepWithinPage(req.headers.referer, req.headers.host, url)) return;
    res.once('finish', () => {
      // A page is HTML; a 304 repeats the page the browser holds (its type is not sent again).
      const type = String(res.getHeader('content-type') ?? '');
      const html = res.statusCode === 304 || kept.served || type.startsWith('text/html');
      if ((res.statusCode === 200 || res.statusCode === 304) && html) onPageView(req, url);
    });
  };
}
