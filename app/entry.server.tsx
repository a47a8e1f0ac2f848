// How a page becomes a response: React renders the whole document first (the server buffers pages
// anyway, to give them an ETag), so the response can carry a Content-Security-Policy with the
// hashes of exactly the inline scripts it holds, and the other security headers
// (app/security/security-headers.server.ts).
// A page that never loads React has nothing to stream or wait for (no data handed to the browser,
// no Suspense): React renders it to one string, for about a third less of the main thread's time
// than through a stream (docs/decisions/0040-one-string-for-pages-without-react.md), its
// stylesheets go inline (inline-stylesheets.server.ts), and the parts every page shares are
// written as kept by their inputs (app/ui/kept-markup.tsx). A page that loads React streams, for
// React Router's data.
import { Writable } from 'node:stream';
import { contentTagOf } from '#shared/content-tag.ts';
import { utf8Bytes } from '#shared/utf8.ts';
import type { EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { browserSupabaseConfig, requestEnv, type ServerEnv } from '~/data/config.server';
import { failedAnswer, isUnavailable, logFailure } from '~/data/failures.server';
import { pageSecurityHeaders, type SecurityHandle } from '~/security/security-headers.server';
import { inlineStylesheets } from '~/styles/inline-stylesheets.server';
import { KeptMarkup } from '~/ui/kept-markup';
import { KeptRender } from '~/ui/kept-markup.server';
import { hydratesWith } from '~/ui/page-hydration';
import { adTagSources, CLARITY_ATTRIBUTE, META_PIXEL_ATTRIBUTE } from '~/visit/ad-tags-markup';

export const streamTimeout = 5_000;

/** Requests whose loader or action failed because the database could not be reached. */
const unreachable = new WeakSet<Request>();

/**
 * An error a loader or action threw, or the render: logged as every failure of the pages is
 * (app/data/failures.server.ts), never for a request its visitor abandoned. Not the path: a
 * meeting's link carries the token that opens it.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // React Router's own 404 or 405 carries the error behind it, as its default handler logs.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const thrown = inner ?? error;
  if (isUnavailable(thrown)) unreachable.add(request);
  logFailure(`A page could not be answered (${request.method})`, thrown);
};

/**
 * The status of a page answered with an error boundary after a loader, an action or the render
 * failed: 503 with when to try again when the database could not be reached, as the blog's own
 * failure states answer; never kept by a shared cache either way.
 */
function failedPage(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): number {
  if (status < 500 || !context.staticHandlerContext.errors) return status;
  const unavailable = unreachable.has(request);
  const answer = failedAnswer(unavailable);
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value);
  return unavailable ? answer.status : status;
}

/** The handles of the routes that matched the request, outermost first. */
function routeHandles(context: EntryContext): unknown[] {
  return context.staticHandlerContext.matches.map(
    (match) => context.routeModules[match.route.id]?.handle,
  );
}

/** The sources of one kind (frames, images) the matched routes name in their handles. */
function handleSources(handles: unknown[], kind: 'frameSrc' | 'imgSrc'): string[] {
  const sources = handles.flatMap(
    (handle) => (handle as SecurityHandle | undefined)?.csp?.[kind] ?? [],
  );
  return [...new Set(sources)];
}

/** The Supabase origin the browser calls, when it is not this site (a hosted project). */
function connectSources(env: ServerEnv): string[] {
  const { supabaseUrl } = browserSupabaseConfig(env);
  return supabaseUrl ? [new URL(supabaseUrl).origin] : [];
}

/**
 * What the ad tags the page carries may load: only a page marked with a configured tag
 * (the public pages, root.tsx) allows its origins; every other page allows none.
 */
function pageAdTagSources(page: Buffer, env: ServerEnv) {
  const start = page.indexOf('<html');
  const head = page.toString('latin1', 0, page.indexOf('>', start) + 1);
  return adTagSources({
    ...env,
    META_PIXEL_ID: head.includes(`${META_PIXEL_ATTRIBUTE}=`) ? env.META_PIXEL_ID : undefined,
    CLARITY_ID: head.includes(`${CLARITY_ATTRIBUTE}=`) ? env.CLARITY_ID : undefined,
  });
}

/** The response for a page's HTML as it is sent, with its security headers. */
function pageResponse(
  request: Request,
  page: Buffer,
  status: number,
  responseHeaders: Headers,
  handles: unknown[],
): Response {
  const env = requestEnv(request);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // One hash of the page for both its policy's key and its validator: the server's compression
  // sends this ETag rather than hashing the same bytes again.
  const contentTag = contentTagOf(page);
  if (status === 200) responseHeaders.set('ETag', contentTag);
  const tags = pageAdTagSources(page, env);
  const headers = pageSecurityHeaders({
    html: page,
    contentTag,
    frameSources: handleSources(handles, 'frameSrc'),
    imageSources: handleSources(handles, 'imgSrc'),
    connectSources: [...connectSources(env), ...tags.connect],
    scriptSources: tags.script,
    https: (env.SITE_URL ?? '').startsWith('https:'),
    reportOnly: import.meta.env.DEV,
  });
  for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
  return new Response(bodyOf(page), { status, headers: responseHeaders });
}

/**
 * The page as a Response's body: a stream of its one chunk. Given the bytes themselves, the
 * Response would copy them and wrap the copy in a stream of its own; a stream is taken as it is,
 * and its reader gets these bytes, which nothing writes to after the render.
 */
function bodyOf(page: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(page);
      controller.close();
    },
  });
}

/** What React writes before the root `<html>` element when it streams a document. */
const DOCTYPE = '<!DOCTYPE html>';

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const handles = routeHandles(routerContext);
  if (!hydratesWith(handles)) {
    // An error thrown while rendering rejects, as a stream's shell error does: React Router then
    // renders the error boundary instead.
    try {
      // The parts every page shares are written as kept where nothing they show has changed.
      const kept = new KeptRender();
      const html = renderToString(
        <KeptMarkup parts={kept}>
          <ServerRouter context={routerContext} url={request.url} />
        </KeptMarkup>,
      );
      // A page with one curly quote is text held two bytes a character: utf8Bytes encodes it in a
      // fifth of Buffer.from's time.
      const rendered = utf8Bytes(DOCTYPE + kept.finish(html));
      // Its stylesheets inline, as React never loads; under `npm run dev` Vite serves them.
      const page = import.meta.env.DEV ? rendered : inlineStylesheets(rendered);
      const status = failedPage(request, responseStatusCode, responseHeaders, routerContext);
      return Promise.resolve(pageResponse(request, page, status, responseHeaders, handles));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        // The page stays the bytes React wrote: read for its CSP, never decoded and encoded again.
        status = failedPage(request, status, responseHeaders, routerContext);
        resolve(pageResponse(request, Buffer.concat(chunks), status, responseHeaders, handles));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors while rendering the shell reject and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Abort after streamTimeout, leaving time to render the rejected boundaries.
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
