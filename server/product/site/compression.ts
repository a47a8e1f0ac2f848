// Compression and revalidation for the site's own responses (never the APIs): the encoding a
// client accepts (Accept-Encoding with q-values: br, then gzip, else identity), a charset on every
// text type, and a wrapper around the Node response that React Router writes to. Pages are
// buffered (they are small) so that they carry an ETag and answer If-None-Match with 304; other
// compressible responses stream through zlib, flushed after each burst of writes.
// Long because the wrapper must stand in for every way the Node response is written (writeHead,
// setHeader, write, end, flush) for both buffered pages and streamed files.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { contentTagOf } from '#shared/content-tag.ts';
import { RecentlyUsed } from '#shared/recently-used.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are: compression would gain next to nothing. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** A page larger than this is streamed without an ETag instead of buffered. */
export const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;

/**
 * Accept-Encoding values seen lately and the encoding each gets: browsers send a handful of
 * spellings, and reading one costs a couple of µs on every answer, cached pages' included. At
 * most MAX_NEGOTIATED; a client inventing values only empties it sooner.
 */
const negotiated = new Map<string, Encoding>();
const MAX_NEGOTIATED = 64;

/**
 * The encoding to answer with, from an Accept-Encoding header: the acceptable one (q > 0) with
 * the highest q, brotli winning a tie; identity when neither br nor gzip is acceptable.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'identity';
  let encoding = negotiated.get(value);
  if (encoding === undefined) {
    encoding = encodingFor(value);
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    negotiated.set(value, encoding);
  }
  return encoding;
}

/** negotiateEncoding's reading of a value it has not seen lately. */
function encodingFor(value: string): Encoding {
  const q: Record<string, number> = {};
  for (const part of value.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match) weight = Number(match[1]);
    }
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) continue;
    const coding = name.toLowerCase() === 'x-gzip' ? 'gzip' : name.toLowerCase();
    q[coding] = Math.max(q[coding] ?? 0, weight);
  }
  const br = q.br ?? q['*'] ?? 0;
  const gzip = q.gzip ?? q['*'] ?? 0;
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Text the site sends: HTML, CSS, JavaScript, XML (feeds, sitemaps, SVG), JSON, plain text. */
export function isTextType(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return (
    type.startsWith('text/') ||
    type === 'application/javascript' ||
    type === 'application/json' ||
    type === 'application/xml' ||
    type === 'application/manifest+json' ||
    type.endsWith('+xml') ||
    type.endsWith('+json')
  );
}

/** Every text type the site sends is compressible; images, fonts and archives are not. */
export const isCompressibleType = isTextType;

/** The content type with `charset=utf-8` added when it is text and names no charset. */
export function withCharset(contentType: string): string {
  if (!isTextType(contentType) || /;\s*charset=/i.test(contentType)) return contentType;
  return `${contentType.trim()}; charset=utf-8`;
}

/** A Vary header value that includes Accept-Encoding. */
export function varyWithAcceptEncoding(existing: string | number | string[] | undefined): string {
  const names = (Array.isArray(existing) ? existing.join(',') : String(existing ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*')) return '*';
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) {
    names.push('Accept-Encoding');
  }
  return names.join(', ');
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET/HEAD). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Settings for responses compressed per request: fast, still far smaller than identity (and than
 * gzip: quality 4 came out larger than gzip's level 6 for some pages, so it was not kept). A
 * 256 KiB window, as pages are smaller, gives the same bytes as brotli's default 4 MiB window
 * with less memory to set up for each body (decision 37).
 */
function brotliOptions(sizeHint?: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  };
}

/**
 * Bodies up to this size are compressed on the main thread: a page of 27 kB takes about 0.45 ms
 * there, where handing it to libuv's pool cost 0.85 ms of CPU in all (a thread woken, brotli's
 * state made on it). A larger body would hold the event loop too long, so it goes to the pool.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/** Compresses a whole body per request. */
export async function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return body;
  const inline = body.length <= SYNC_COMPRESSION_MAX_BYTES;
  if (encoding === 'br') {
    const options = brotliOptions(body.length);
    return inline ? zlib.brotliCompressSync(body, options) : brotliCompress(body, options);
  }
  return inline ? zlib.gzipSync(body, { level: 6 }) : gzip(body, { level: 6 });
}

/**
 * The latest compressed bodies, by encoding and validator, each beside the bytes it was made
 * from: a page rendered again with the same bytes (every signed-in member's view of a public page,
 * a page the cache could not keep) is not compressed again. Bounded by the total size of both;
 * the least recently used go first.
 */
const RECENTLY_COMPRESSED_MAX_BYTES = 4 * 1024 * 1024;
const recentlyCompressed = new RecentlyUsed<string, { source: Buffer; compressed: Buffer }>(
  RECENTLY_COMPRESSED_MAX_BYTES,
  (kept) => kept.source.length + kept.compressed.length,
);

/**
 * compressBody for a body whose validator is `tag`: the same bytes are compressed once while they
 * are among the latest. The tag finds the kept copy and the bytes decide, since a validator the
 * answer brought with it vouches for an equivalent body, not for the same bytes.
 */
export async function compressKnownBody(
  body: Buffer,
  encoding: Encoding,
  tag: string,
): Promise<Buffer> {
  if (encoding === 'identity') return body;
  const key = `${encoding} ${tag}`;
  const kept = recentlyCompressed.get(key);
  if (kept?.source.equals(body)) return kept.compressed;
  const compressed = await compressBody(body, encoding);
  if (body.length + compressed.length <= RECENTLY_COMPRESSED_MAX_BYTES / 16) {
    recentlyCompressed.set(key, { source: body, compressed });
  }
  return compressed;
}

/** A compressing stream for a body of unknown length. */
export function createCompressor(encoding: 'br' | 'gzip'): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress(brotliOptions()) : zlib.createGzip();
}

function flushCompressor(compressor: zlib.BrotliCompress | zlib.Gzip): void {
  if (compressor instanceof zlib.Gzip) compressor.flush(zlib.constants.Z_SYNC_FLUSH);
  else compressor.flush(zlib.constants.BROTLI_OPERATION_FLUSH);
}

function headerValue(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * A whole page's validator: the one it came with (the site's render makes it from these bytes),
 * else one made from the bytes here.
 */
export function validatorOf(headers: OutgoingHttpHeaders, body: Buffer): string {
  return headerValue(headers, 'etag') ?? contentTagOf(body);
}

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding ?? 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  return Buffer.alloc(0);
}

/** Statuses whose answer has no body to compress. */
function hasNoBody(status: number): boolean {
  return status < 200 || status === 204 || status === 304;
}

export interface CompressResponseOptions {
  /** The request's method as the client sent it (the site renders HEAD as GET). */
  method: string;
  /** Called with every whole page (GET/HEAD 200, buffered) as it is sent: the page cache. */
  onBuffered?: (page: {
    headers: OutgoingHttpHeaders;
    body: Buffer;
    etag: string;
    encoded: { encoding: Encoding; body: Buffer };
  }) => void;
}

/**
 * Makes every later writeHead/write/end on `res` (React Router's, in one writeHead call and a
 * stream of writes) go through compression: call before handing the response over.
 *   - GET/HEAD 200 with a compressible type: buffered, given an ETag, 304 when If-None-Match
 *     names it, compressed whole (identity under 1 KB); HEAD sends the headers only.
 *   - Any other compressible answer: the first KB is held back; a body that ends before it goes
 *     as is, a longer one streams through zlib.
 *   - Anything else (images, redirects, already encoded bodies) passes through untouched.
 */
export function compressResponse(
  req: IncomingMessage,
  res: ServerResponse,
  { method, onBuffered }: CompressResponseOptions,
): void {
  const originalWriteHead = res.writeHead;
  const originalWrite = res.write;
  const originalEnd = res.end;
  // The originals, on this response, with the one signature each that is used here.
  const nativeWriteHead = originalWriteHead.bind(res) as (
    status: number,
    ...rest: [string, OutgoingHttpHeaders] | [OutgoingHttpHeaders]
  ) => void;
  const nativeWrite = originalWrite.bind(res) as (chunk: Buffer) => boolean;
  const nativeEnd = originalEnd.bind(res) as (...args: unknown[]) => void;
  const accepted = negotiateEncoding(req.headers['accept-encoding']);
  const head = method === 'HEAD';

  let status = 200;
  let statusMessage: string | undefined;
  let headers: OutgoingHttpHeaders = {};
  let mode: 'pending' | 'buffer' | 'threshold' | 'stream' | 'pass' = 'pending';
  let held: Buffer[] = [];
  let heldBytes = 0;
  let compressor: zlib.BrotliCompress | zlib.Gzip | undefined;
  let flushScheduled = false;
  let endCallback: (() => void) | undefined;

  const restore = () => {
    res.writeHead = originalWriteHead;
    res.write = originalWrite;
    res.end = originalEnd;
  };
  const commit = (extra: OutgoingHttpHeaders = {}, drop: string[] = []) => {
    const all: OutgoingHttpHeaders = { ...headers, ...extra };
    for (const name of drop) delete all[name];
    if (statusMessage) nativeWriteHead(status, statusMessage, all);
    else nativeWriteHead(status, all);
  };
  const writeOut = (chunk: Buffer) => nativeWrite(chunk);
  const endOut = (chunk?: Buffer) => {
    if (chunk && chunk.length > 0) nativeEnd(chunk, () => endCallback?.());
    else nativeEnd(() => endCallback?.());
  };

  /** The whole body is known: answer with a 304, or compressed, or as is. */
  const finishBuffered = async (body: Buffer) => {
    const etag = mode === 'buffer' ? validatorOf(headers, body) : undefined;
    if (etag && ifNoneMatchMatches(req.headers['if-none-match'], etag)) {
      status = 304;
      statusMessage = 'Not Modified';
      commit({ etag }, ['content-length', 'content-encoding', 'content-type']);
      endOut();
      return;
    }
    const encoding = body.length >= MIN_COMPRESSIBLE_BYTES ? accepted : 'identity';
    const sent = etag
      ? await compressKnownBody(body, encoding, etag)
      : await compressBody(body, encoding);
    if (etag && onBuffered) onBuffered({ headers, body, etag, encoded: { encoding, body: sent } });
    commit(
      {
        ...(etag ? { etag } : {}),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': sent.length,
      },
      encoding === 'identity' ? ['content-encoding'] : [],
    );
    endOut(head ? undefined : sent);
  };

  const startStream = (encoding: 'br' | 'gzip') => {
    mode = 'stream';
    commit({ 'content-encoding': encoding }, ['content-length']);
    const z = createCompressor(encoding);
    compressor = z;
    z.on('data', (chunk: Buffer) => {
      if (!writeOut(chunk)) {
        z.pause();
        res.once('drain', () => z.resume());
      }
    });
    z.once('end', () => endOut());
    z.once('error', (error) => res.destroy(error));
    res.once('close', () => {
      if (!res.writableFinished) z.destroy();
    });
  };

  const writeToStream = (chunk: Buffer): boolean => {
    const z = compressor!;
    const ok = z.write(chunk);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(() => {
        flushScheduled = false;
        if (!z.writableEnded && !z.destroyed) flushCompressor(z);
      });
    }
    if (!ok) z.once('drain', () => res.emit('drain'));
    return ok;
  };

  res.writeHead = function (
    this: ServerResponse,
    code: number,
    reason?: unknown,
    maybeHeaders?: unknown,
  ) {
    status = code;
    let given: unknown = maybeHeaders;
    if (typeof reason === 'string') statusMessage = reason;
    else given = reason;
    // Headers set earlier with setHeader are merged in, as writeHead itself would.
    headers = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) {
        headers[String(given[i]).toLowerCase()] = given[i + 1] as string;
      }
    } else if (given && typeof given === 'object') {
      for (const [name, value] of Object.entries(given as OutgoingHttpHeaders)) {
        if (value !== undefined) headers[name.toLowerCase()] = value;
      }
    }
    const type = headerValue(headers, 'content-type');
    if (type) headers['content-type'] = withCharset(type);
    const compressible =
      isCompressibleType(type) &&
      !hasNoBody(status) &&
      headerValue(headers, 'content-encoding') === undefined &&
      !/no-transform/i.test(headerValue(headers, 'cache-control') ?? '');
    if (!compressible) {
      mode = 'pass';
      restore();
      commit();
      return this;
    }
    headers.vary = varyWithAcceptEncoding(headers.vary);
    mode = status === 200 && (method === 'GET' || method === 'HEAD') ? 'buffer' : 'threshold';
    return this;
  } as ServerResponse['writeHead'];

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]): boolean {
    if (mode === 'pending') this.writeHead(this.statusCode);
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    const data = toBuffer(chunk, encoding);
    if (mode === 'stream') return writeToStream(data);
    if (mode === 'pass')
      return (originalWrite as (...args: unknown[]) => boolean).apply(res, [chunk, ...rest]);
    held.push(data);
    heldBytes += data.length;
    if (mode === 'buffer' && heldBytes > MAX_BUFFERED_BYTES) mode = 'threshold';
    if (
      mode === 'threshold' &&
      heldBytes >= MIN_COMPRESSIBLE_BYTES &&
      !head &&
      accepted !== 'identity'
    ) {
      startStream(accepted);
      const pending = Buffer.concat(held);
      held = [];
      return writeToStream(pending);
    }
    if (mode === 'threshold' && heldBytes >= MIN_COMPRESSIBLE_BYTES) {
      // Identity (or HEAD) past the threshold: nothing to gain from holding the body back.
      mode = 'pass';
      restore();
      commit();
      const pending = Buffer.concat(held);
      held = [];
      return head ? true : writeOut(pending);
    }
    return true;
  } as ServerResponse['write'];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (mode === 'pending') this.writeHead(this.statusCode);
    if (mode === 'pass') {
      nativeEnd(...args);
      return this;
    }
    let chunk: unknown;
    let encoding: BufferEncoding | undefined;
    for (const arg of args) {
      if (typeof arg === 'function') endCallback = arg as () => void;
      else if (typeof arg === 'string' && chunk !== undefined) encoding = arg as BufferEncoding;
      else if (arg !== undefined && arg !== null) chunk = arg;
    }
    const last = chunk === undefined ? undefined : toBuffer(chunk, encoding);
    if (mode === 'stream') {
      const z = compressor!;
      if (last && last.length > 0) z.end(last);
      else z.end();
      return this;
    }
    if (last) held.push(last);
    const body = Buffer.concat(held);
    held = [];
    restore();
    finishBuffered(body).catch((error: unknown) => res.destroy(error as Error));
    return this;
  } as ServerResponse['end'];
}
