// A shared cache of the site's pages in front of the app, as a CDN would be one: a page whose
// route answers `Cache-Control: public, s-maxage=N` is rendered once and then served from memory
// for up to N seconds, to every visitor alike (its ETag and 304s included). A write to the posts
// through the embedded /rest/v1 empties it at once, so an edit shows on the next request; against
// a hosted Supabase project, whose writes this server never sees, N bounds how long an edit takes.
// After N seconds a page is still served for a while (stale-while-revalidate) while one request
// renders it anew, and concurrent misses for one key share one render (`once`). Which
// requests share a key is page-cache-key.ts's business.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  compressBody,
  ifNoneMatchMatches,
  MIN_COMPRESSIBLE_BYTES,
  negotiateEncoding,
  type Encoding,
} from './compression.ts';

/** A page as the app answered it: status 200, its headers, and its uncompressed body. */
export interface RenderedPage {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  /** The body already compressed for the request that rendered it. */
  encoded?: { encoding: Encoding; body: Buffer };
}

/** A kept page: what its answers send, not the render's own headers object or encoded copy. */
interface Entry {
  body: Buffer;
  etag: string;
  /**
   * The kept headers as Node's flat list of names and values, made once when the page is kept:
   * each answer adds its own few to a copy rather than spreading an object of a dozen headers.
   */
  head: string[];
  storedAt: number;
  expiresAt: number;
  /** Until then the page is served past its time while it is rendered anew. */
  staleUntil: number;
  variants: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

/** The seconds a shared cache may keep a response, from its Cache-Control; null for never. */
export function sharedMaxAge(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.some((d) => d === 'no-store' || d === 'private' || d.startsWith('no-cache')))
    return null;
  const match = directives.map((d) => /^s-maxage=(\d+)$/.exec(d)).find(Boolean);
  const seconds = match ? Number(match[1]) : 0;
  return seconds > 0 ? seconds : null;
}

function header(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Adds `headers` but those in `skip` to Node's flat list of names and values, a list value once
 * for each of its items.
 */
function appendHeaders(
  head: string[],
  headers: OutgoingHttpHeaders,
  skip?: ReadonlySet<string>,
): void {
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || skip?.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) head.push(name, item);
    else head.push(name, String(value));
  }
}

/** The headers a kept page is not kept with: each answer sets its own. */
const ANSWER_OWN_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'date', 'age']);

/** A kept page's answer: its headers, the request's own (`extra`), age and body in `encoding`. */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  body: Buffer,
  encoding: Encoding,
  extra: OutgoingHttpHeaders,
  age: string,
): void {
  const head = entry.head.slice();
  appendHeaders(head, extra);
  head.push('etag', entry.etag, 'age', age);
  if (encoding !== 'identity') head.push('content-encoding', encoding);
  head.push('content-length', String(body.length));
  res.writeHead(200, head);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** How the cache answered: from a fresh copy, from an expired one (refresh it), or not at all. */
export type Served = 'fresh' | 'stale' | false;

/** Seconds an expired page is still served while one request renders it anew. */
export const STALE_WHILE_REVALIDATE_SECONDS = 600;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<unknown>>();
  private bytes = 0;
  /**
   * Counts the clears. A page rendered from data read before a write must not be kept after it:
   * a request notes the generation it started in, and its page is kept only if that is current.
   */
  generation = 0;

  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly staleMs: number;

  constructor(
    maxBytes = 32 * 1024 * 1024,
    now: () => number = () => Date.now(),
    staleSeconds = STALE_WHILE_REVALIDATE_SECONDS,
  ) {
    this.maxBytes = maxBytes;
    this.now = now;
    this.staleMs = staleSeconds * 1000;
  }

  /**
   * Runs `render` for `key` unless a render of it is under way already, whose result is shared
   * instead (request coalescing, as nginx's proxy_cache_lock does). A render begun before the
   * content last changed is never shared with a request that came after the change.
   */
  once<T>(key: string, render: () => Promise<T>): Promise<T> {
    const slot = `${this.generation} ${key}`;
    const running = this.rendering.get(slot) as Promise<T> | undefined;
    if (running) return running;
    const started = render().finally(() => this.rendering.delete(slot));
    this.rendering.set(slot, started);
    return started;
  }

  /**
   * Keeps a rendered page if its headers let a shared cache keep it and nothing changed since
   * its request began (`generation`, read then).
   */
  store(key: string, page: RenderedPage, generation = this.generation): void {
    if (generation !== this.generation) return;
    const maxAge = sharedMaxAge(header(page.headers, 'cache-control'));
    if (maxAge === null || page.headers['set-cookie'] !== undefined) return;
    const vary = (header(page.headers, 'vary') ?? '').toLowerCase().split(',');
    if (vary.some((name) => name.trim() && name.trim() !== 'accept-encoding')) return;
    const head: string[] = [];
    appendHeaders(head, page.headers, ANSWER_OWN_HEADERS);
    const storedAt = this.now();
    const entry: Entry = {
      body: page.body,
      etag: page.etag,
      head,
      storedAt,
      expiresAt: storedAt + maxAge * 1000,
      staleUntil: storedAt + maxAge * 1000 + this.staleMs,
      variants: {},
      bytes: page.body.length,
    };
    if (page.encoded && page.encoded.encoding !== 'identity') {
      entry.variants[page.encoded.encoding] = page.encoded.body;
      entry.bytes += page.encoded.body.length;
    }
    if (entry.bytes > this.maxBytes / 4) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Empties the cache, stale copies included: the content behind the pages changed. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Whether a copy of `key` is kept and still fresh, answered at once (no await). */
  holdsFresh(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && this.now() < entry.expiresAt;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Answers the request from the cache when it holds a copy, fresh or still within its stale
   * time: 304 when If-None-Match names its ETag, else the page in the encoding the client
   * accepts, with `extra` headers of this request only (a Set-Cookie). False when it holds none.
   * Answered at once, without a promise, unless the page must first be compressed for this
   * encoding (the first request that asks for it).
   */
  serve(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    extra: OutgoingHttpHeaders = {},
  ): Served | Promise<Served> {
    const entry = this.entries.get(key);
    if (!entry) return false;
    const now = this.now();
    if (now >= entry.staleUntil) {
      this.remove(key);
      return false;
    }
    const served = now < entry.expiresAt ? 'fresh' : 'stale';
    // Most recently used last: the first entries are the first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const age = String(Math.floor((now - entry.storedAt) / 1000));
    if (ifNoneMatchMatches(req.headers['if-none-match'], entry.etag)) {
      const head: string[] = [];
      for (let at = 0; at < entry.head.length; at += 2)
        if (entry.head[at] !== 'content-type') head.push(entry.head[at]!, entry.head[at + 1]!);
      appendHeaders(head, extra);
      head.push('etag', entry.etag, 'age', age);
      res.writeHead(304, 'Not Modified', head).end();
      return served;
    }
    const encoding: Encoding =
      entry.body.length >= MIN_COMPRESSIBLE_BYTES
        ? negotiateEncoding(req.headers['accept-encoding'])
        : 'identity';
    const body = encoding === 'identity' ? entry.body : entry.variants[encoding];
    if (body) {
      sendPage(req, res, entry, body, encoding, extra, age);
      return served;
    }
    return compressBody(entry.body, encoding).then((compressed) => {
      // Counted once, though requests that asked at once each compressed it, and only while the
      // page is kept: an emptied cache holds none of it.
      if (!entry.variants[encoding]) {
        entry.variants[encoding] = compressed;
        entry.bytes += compressed.length;
        if (this.entries.get(key) === entry) this.bytes += compressed.length;
      }
      sendPage(req, res, entry, compressed, encoding, extra, age);
      return served;
    });
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
