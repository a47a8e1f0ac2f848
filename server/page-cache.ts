// A shared cache of the site's pages in front of the app, as a CDN would be one: a page whose
// route answers `Cache-Control: public, s-maxage=N` is rendered once and then served from memory
// for up to N seconds, to every visitor alike (its ETag and 304s included). A write to the posts
// through the embedded /rest/v1 empties it at once, so an edit shows on the next request; against
// a hosted Supabase project, whose writes this server never sees, N bounds how long an edit takes.
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

interface Entry extends RenderedPage {
  storedAt: number;
  expiresAt: number;
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

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Counts the clears. A page rendered from data read before a write must not be kept after it:
   * a request notes the generation it started in, and its page is kept only if that is current.
   */
  generation = 0;

  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(maxBytes = 32 * 1024 * 1024, now: () => number = Date.now) {
    this.maxBytes = maxBytes;
    this.now = now;
  }

  /**
   * The key of a request the cache may answer: a GET or HEAD that carries no credentials, by host
   * (pages name their own origin when SITE_URL is unset) and path with query; null otherwise, and
   * for a request that asks for a fresh copy (Cache-Control: no-cache, as a hard reload sends).
   */
  keyOf(req: IncomingMessage, url: URL): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.headers.authorization || req.headers.cookie) return null;
    if (/no-cache|no-store/i.test(String(req.headers['cache-control'] ?? ''))) return null;
    return `${req.headers.host ?? ''} ${url.pathname}${url.search}`;
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
    const headers = { ...page.headers };
    for (const name of ['content-length', 'content-encoding', 'etag', 'date', 'age'])
      delete headers[name];
    const storedAt = this.now();
    const entry: Entry = {
      ...page,
      headers,
      storedAt,
      expiresAt: storedAt + maxAge * 1000,
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

  /** Empties the cache: the content behind the pages changed. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Answers the request from the cache when it holds a fresh copy: 304 when If-None-Match names
   * its ETag, else the page in the encoding the client accepts. False when it holds none.
   */
  async serve(key: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const entry = this.entries.get(key);
    if (!entry) return false;
    const now = this.now();
    if (now >= entry.expiresAt) {
      this.remove(key);
      return false;
    }
    // Most recently used last: the first entries are the first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const age = String(Math.floor((now - entry.storedAt) / 1000));
    if (ifNoneMatchMatches(req.headers['if-none-match'], entry.etag)) {
      const headers = { ...entry.headers, etag: entry.etag, age };
      delete headers['content-type'];
      res.writeHead(304, 'Not Modified', headers).end();
      return true;
    }
    const encoding: Encoding =
      entry.body.length >= MIN_COMPRESSIBLE_BYTES
        ? negotiateEncoding(req.headers['accept-encoding'])
        : 'identity';
    let body = encoding === 'identity' ? entry.body : entry.variants[encoding];
    if (!body) {
      body = await compressBody(entry.body, encoding);
      entry.variants[encoding] = body;
      entry.bytes += body.length;
      this.bytes += body.length;
    }
    res.writeHead(200, {
      ...entry.headers,
      etag: entry.etag,
      age,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
