// The render of a page's shared copy: React Router's fetch handler run on a request
// rebuilt from what the cache key holds (the path with its declared query parameters, the variant
// cookies) and no more, buffered whole, so that one render can answer every request that waits
// for it and be kept for the next ones.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  compressResponse,
  isTextType,
  validatorOf,
  varyWithAcceptEncoding,
  withCharset,
} from './compression.ts';
import type { RenderedPage } from './page-cache.ts';
import type { SharedRequest } from './page-cache-key.ts';

/** A render's answer, whatever its status. */
export interface RenderedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export type FetchHandler = (request: Request) => Promise<Response>;

/** Request headers the shared copy must not depend on, or that belong to one connection. */
const LEFT_OUT = new Set([
  'cookie',
  'authorization',
  'cache-control',
  'pragma',
  'if-none-match',
  'if-modified-since',
  'connection',
  'keep-alive',
  'host',
  'content-length',
  'transfer-encoding',
  'upgrade',
]);

function sharedHeaders(req: IncomingMessage, shared: SharedRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || LEFT_OUT.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  if (shared.cookie) headers.set('cookie', shared.cookie);
  return headers;
}

/** Renders the shared copy of `shared` as a GET, whatever the first request's method. */
export async function renderShared(
  handler: FetchHandler,
  req: IncomingMessage,
  shared: SharedRequest,
): Promise<RenderedResponse> {
  const response = await handler(
    new Request(new URL(shared.path, shared.origin), { headers: sharedHeaders(req, shared) }),
  );
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The render as the page cache keeps it, with what compressResponse would have given it on its
 * way out (charset, Vary, ETag); undefined when it is no whole page (the cache's store decides
 * whether its headers let it be kept).
 */
export function asPage(rendered: RenderedResponse): RenderedPage | undefined {
  const type = rendered.headers['content-type'];
  if (rendered.status !== 200 || typeof type !== 'string' || !isTextType(type)) return undefined;
  if (rendered.headers['content-encoding'] !== undefined) return undefined;
  return {
    headers: {
      ...rendered.headers,
      'content-type': withCharset(type),
      vary: varyWithAcceptEncoding(rendered.headers.vary),
      // Every answer of the site says so (site.ts); a kept one carries it among its own headers,
      // so it goes out in one writeHead, Node's quickest path.
      'x-content-type-options': 'nosniff',
    },
    body: rendered.body,
    etag: validatorOf(rendered.headers, rendered.body),
  };
}

/**
 * Sends a render that was not kept to one of the requests that waited for it, compressed and
 * validated as any page is, with `extra` headers of that request only.
 */
export function sendRendered(
  req: IncomingMessage,
  res: ServerResponse,
  rendered: RenderedResponse,
  extra: OutgoingHttpHeaders,
): void {
  compressResponse(req, res, { method: req.method ?? 'GET' });
  res.writeHead(rendered.status, { ...rendered.headers, ...extra });
  res.end(rendered.body);
}
