// The React Router app, server-rendered: the production build with its static files, or (npm run
// dev) Vite in middleware mode, which compiles on request and hot-reloads the browser.
import { existsSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestListener } from '@react-router/node';
import { createRequestListener as listenerOf } from '@remix-run/node-fetch-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { compressResponse } from './compression.ts';
import { MAX_BODY_BYTES, sendJson, type Handler } from '#server/http.ts';
import { PageCache } from './page-cache.ts';
import { cacheOrigins } from './page-cache-hosts.ts';
import { sharedRequestOf, type SharedRequest } from './page-cache-key.ts';
import { routeFacts } from './page-cache-routes.ts';
import { RenderGate } from './render-gate.ts';
import { asPage, renderShared, sendRendered, type RenderedResponse } from './render-shared-page.ts';
import { staticFiles } from './static.ts';
import { ownReads, type Fetch, type OwnReads } from './own-reads.ts';
import { ownPageRequest, renderOwnPage } from './own-page-request.ts';
import type { KeptReads } from '#shared/in-process-fetch.ts';
import { createViewCount } from './page-views.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface Site {
  handle: Handler;
  /** The content behind the pages changed (a post was written): forget every cached page. */
  invalidate(): void;
  /**
   * The fetch the site's server code reads the embedded services with, its reads of what the
   * shared pages show kept until `invalidate` (./own-reads.ts), and the keeper of the values it
   * makes of the hottest of them; in development the fetch as it is, and no keeper.
   */
  keepOwnReads(fetch: Fetch, anonKey: string): { fetch: Fetch; keeper?: KeptReads };
  close(): Promise<void>;
}

/**
 * The site's own posts (the consultation form without JavaScript) are small: refuse a body over
 * the API's 1 MiB cap, or one of unknown length, before React Router buffers it.
 */
function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  const length = Number(
    req.headers['content-length'] ?? (req.headers['transfer-encoding'] ? NaN : 0),
  );
  if (Number.isFinite(length) && length <= MAX_BODY_BYTES) return false;
  const status = Number.isFinite(length) ? 413 : 411;
  res.setHeader('Connection', 'close');
  sendJson(res, status, {
    message:
      status === 413
        ? `Request body is larger than ${MAX_BODY_BYTES} bytes`
        : 'Content-Length required',
  });
  req.resume();
  return true;
}

/** Over the render bound: a fast answer that says when to come back, instead of a long wait. */
function sendBusy(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  const text = 'The site is busy: please try again in a moment.\n';
  res.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'Retry-After': '1',
  });
  res.end(text);
}

function headerText(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export interface SiteOptions {
  dev: boolean;
  /** SITE_URL, when set: the public origin behind a proxy. */
  siteUrl?: string;
  /** The page cache's memory (PAGE_CACHE_MB). */
  pageCacheBytes?: number;
  log?: (line: string) => void;
  /**
   * Called once a visitor's GET of a public page was answered with the page (200, or 304 from
   * the browser's copy): the statistics' page view (server/product/visits). Not for the administrator's
   * pages and sign-in, resource routes, static files or error pages.
   */
  onPageView?: (req: IncomingMessage, url: URL) => void;
}

export async function createSite(options: SiteOptions): Promise<Site> {
  if (options.dev) {
    // Only development needs Vite; production never loads it.
    const vite = await import('vite');
    const devServer = await vite.createServer({ root, server: { middlewareMode: true } });
    const listener = createRequestListener({
      build: () => devServer.ssrLoadModule('virtual:react-router/server-build') as never,
      mode: 'development',
    });
    return {
      handle: (req, res) =>
        new Promise<void>((resolve, reject) => {
          if (refuseOversizedBody(req, res)) return resolve();
          devServer.middlewares(req, res, () => {
            Promise.resolve(listener(req, res)).then(resolve, reject);
          });
          res.once('finish', () => resolve());
        }),
      // Development renders every request afresh.
      invalidate: () => {},
      keepOwnReads: (fetch) => ({ fetch }),
      close: () => devServer.close(),
    };
  }

  const serverBuild = path.join(root, 'build/server/index.js');
  if (!existsSync(serverBuild)) {
    throw new Error('The site is not built: run `npm run build` (npm start does it for you).');
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const renderPage = createRequestHandler(build, 'production');
  // A form's post (with its body), and a request ownPageRequest cannot address: React Router's
  // general listener around the same handler (its route tables built once), with no load context,
  // as @react-router/node's listener gives it.
  const listener = listenerOf((request: Request) => renderPage(request));
  const serveStatic = staticFiles(path.join(root, 'build/client'));
  const pages = new PageCache(options.pageCacheBytes);
  const renders = new RenderGate();
  const factsOf = routeFacts(build.routes);
  const cacheOriginOf = cacheOrigins({ siteUrl: options.siteUrl });
  const log = options.log ?? console.log;

  const countView = createViewCount(options.onPageView);

  /** Renders a request as it is, into its own response (pages no one shares, and posts). */
  const renderOwn = async (req: IncomingMessage, res: ServerResponse) => {
    // Pages are compressed and validated (ETag, 304) on their way out. HEAD is rendered as
    // GET, so that its ETag and Content-Length are those of the page; the body is dropped.
    const method = req.method ?? 'GET';
    compressResponse(req, res, { method });
    if (method === 'HEAD') req.method = 'GET';
    const page = method === 'GET' || method === 'HEAD' ? ownPageRequest(req) : undefined;
    if (page) await renderOwnPage(renderPage, page, res, log);
    else await listener(req, res);
  };

  /**
   * Renders the shared copy under the render bound and keeps it when its headers allow; null
   * when the bound refused it. The result goes to every request that waited for it.
   */
  const renderAndKeep = async (
    req: IncomingMessage,
    shared: SharedRequest,
  ): Promise<RenderedResponse | null> => {
    const generation = pages.generation;
    let rendered: RenderedResponse | undefined;
    const client = headerText(req, 'x-forwarded-for') ?? '';
    const ran = await renders.run(client, async () => {
      rendered = await renderShared(renderPage, req, shared);
    });
    if (!ran || !rendered) return null;
    const page = asPage(rendered);
    if (page) pages.store(shared.key, page, generation);
    return rendered;
  };

  let reads: OwnReads | undefined;

  return {
    invalidate: () => {
      pages.clear();
      reads?.clear();
    },
    keepOwnReads(fetch, anonKey) {
      reads = ownReads({ anonKey });
      return { fetch: reads.wrap(fetch), keeper: reads };
    },
    async handle(req, res, url) {
      if (refuseOversizedBody(req, res)) return;
      const method = req.method ?? 'GET';
      const facts = factsOf(url.pathname);
      const declaration = facts.declaration;
      const shared = declaration
        ? sharedRequestOf(req, url, declaration, cacheOriginOf(req.headers.host), facts.canonical)
        : null;
      let extra: OutgoingHttpHeaders = {};
      const kept = { served: false };
      // The cache first: it holds only pages that were rendered because no static file matched
      // their path, and the build's files do not change while the server runs.
      if (declaration && shared) {
        // This request's own cookies (an ad click's attribution, which its query string carries),
        // never part of the shared copy.
        const cookies =
          url.search === ''
            ? undefined
            : declaration.visitorCookies?.({
                url: new URL(url.pathname + url.search, shared.origin),
                header: (name) => headerText(req, name),
                publicOrigin: options.siteUrl,
              });
        if (cookies && cookies.length > 0) extra = { 'set-cookie': cookies };
        // Registered before the answer starts: a cached page may be sent before serve resolves.
        kept.served = true;
        countView(req, res, url, facts.page, kept);
        const answer = pages.serve(shared.key, req, res, extra);
        const served = answer instanceof Promise ? await answer : answer;
        kept.served = served !== false;
        if (served === 'fresh') return;
        if (served === 'stale') {
          // Served from the expired copy; one request renders it anew for the next ones.
          pages
            .once(shared.key, () => renderAndKeep(req, shared))
            .catch((error: Error) => log(`Refreshing ${shared.path} failed: ${error.stack}`));
          return;
        }
      }
      // Every answer of the site (assets, feeds, pages) is what its Content-Type says; pages add
      // their other security headers in app/entry.server.tsx. A kept page carries it among its own
      // headers (render-shared-page.ts); every other answer gets it before anything is written.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (await serveStatic(req, res, url)) return;
      // A shared page's view is counted above already (no static file has a page's path); one
      // that skips the shared copy is a signed-in member's, which the statistics leave out.
      if (!declaration) countView(req, res, url, facts.page);
      if (!declaration || !shared) {
        // The booking form's post (lead intake) is never refused here; every GET render is bounded.
        if (method !== 'GET' && method !== 'HEAD') return renderOwn(req, res);
        const client = headerText(req, 'x-forwarded-for') ?? '';
        if (!(await renders.run(client, () => renderOwn(req, res), res))) sendBusy(res);
        return;
      }

      // A render that ended while this request looked for a static file has kept its page by now:
      // it is answered from that copy. Otherwise nothing may be awaited until `once` below, so
      // that no render can end unseen in between.
      if (pages.holdsFresh(shared.key) && (await pages.serve(shared.key, req, res, extra))) return;
      // A miss: one request renders, the others that miss meanwhile wait for its page and are
      // answered from the cache (with an Age), or with the same answer when it was not kept.
      let rendering = false;
      const rendered = await pages.once(shared.key, () => {
        rendering = true;
        return renderAndKeep(req, shared);
      });
      if (rendered === null) return sendBusy(res);
      if (!rendering && (await pages.serve(shared.key, req, res, extra))) return;
      sendRendered(req, res, rendered, extra);
    },
    close: async () => {},
  };
}
