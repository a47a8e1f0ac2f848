// A page rendered for one visitor (a signed-in member's view, a page no one shares, a 404): its
// GET (HEAD is rendered as GET) handed to React Router as a Request built from the visitor's own
// request, and the Response sent back. Other methods go through React Router's general listener.
// The difference is the abort signal: the general listener gives every Request one to follow,
// which undici wires up with a WeakRef, an event listener and a FinalizationRegistry entry that
// outlive the render until the next full collection. Nothing of a page's render reads a signal to
// stop early (the render gate drops a queued render whose visitor left), so this Request carries
// none. Why, with the heap measured: docs/decisions/0053-a-pages-request-without-a-signal.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHeaders, sendResponse } from '@remix-run/node-fetch-server';
import type { FetchHandler } from './render-shared-page.ts';

/** Characters that would move a Host header's value out of the address's authority. */
const OUTSIDE_AUTHORITY = /[/?#@\\\s]/;

/**
 * The page's Request, addressed as the general listener addresses it (http, the Host header, the
 * path as received); undefined when the request cannot be one, which the general listener then
 * answers as before.
 */
export function ownPageRequest(req: IncomingMessage): Request | undefined {
  const host = req.headers.host;
  const target = req.url;
  if (!host || OUTSIDE_AUTHORITY.test(host) || !target?.startsWith('/')) return undefined;
  try {
    return new Request(`http://${host}${target}`, { headers: createHeaders(req) });
  } catch {
    return undefined;
  }
}

/**
 * Renders `request` with `handler` into `res`. A handler that throws (React Router answers its
 * own errors, so this is a fault of the server's) is logged and answered with a 500.
 */
export async function renderOwnPage(
  handler: FetchHandler,
  request: Request,
  res: ServerResponse,
  log: (line: string) => void,
): Promise<void> {
  let response: Response;
  try {
    response = await handler(request);
  } catch (error) {
    log(`A page could not be rendered: ${(error as Error)?.stack ?? String(error)}`);
    response = new Response('Internal Server Error', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (res.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  await sendResponse(res, response);
}
