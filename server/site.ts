// The React Router app, server-rendered: the production build with its static files, or (npm run
// dev) Vite in middleware mode, which compiles on request and hot-reloads the browser.
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestListener } from '@react-router/node';
import { compressResponse } from './compression.ts';
import { MAX_BODY_BYTES, sendJson, type Handler } from './http.ts';
import { PageCache } from './page-cache.ts';
import { serveStatic } from './static.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface Site {
  handle: Handler;
  /** The content behind the pages changed (a post was written): forget every cached page. */
  invalidate(): void;
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

export async function createSite(options: { dev: boolean }): Promise<Site> {
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
      close: () => devServer.close(),
    };
  }

  const serverBuild = path.join(root, 'build/server/index.js');
  if (!existsSync(serverBuild)) {
    throw new Error('The site is not built: run `npm run build` (npm start does it for you).');
  }
  const build = await import(pathToFileURL(serverBuild).href);
  const listener = createRequestListener({ build, mode: 'production' });
  const clientDir = path.join(root, 'build/client');
  const pages = new PageCache();
  return {
    invalidate: () => pages.clear(),
    async handle(req, res, url) {
      if (refuseOversizedBody(req, res)) return;
      // Every answer of the site (assets, feeds, pages) is what its Content-Type says; pages add
      // their other security headers in app/entry.server.tsx.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (await serveStatic(clientDir, req, res, url)) return;
      // Pages are compressed and validated (ETag, 304) on their way out. HEAD is rendered as
      // GET, so that its ETag and Content-Length are those of the page; the body is dropped.
      const method = req.method ?? 'GET';
      const key = pages.keyOf(req, url);
      if (key !== null && (await pages.serve(key, req, res))) return;
      const generation = pages.generation;
      compressResponse(req, res, {
        method,
        onBuffered: key === null ? undefined : (page) => pages.store(key, page, generation),
      });
      if (method === 'HEAD') req.method = 'GET';
      await listener(req, res);
    },
    close: async () => {},
  };
}
