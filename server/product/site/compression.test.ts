import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compressKnownBody,
  compressResponse,
  ifNoneMatchMatches,
  negotiateEncoding,
  varyWithAcceptEncoding,
  withCharset,
} from './compression.ts';
import { contentTagOf } from '#shared/content-tag.ts';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and falls back to identity', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
  });

  it('honours q-values, including q=0 refusals and the wildcard', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0, *')).toBe('br');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('BR; Q=1.0')).toBe('br');
    expect(negotiateEncoding('br;q=7, gzip')).toBe('gzip');
  });

  it('answers a value seen before as it did, however many others came between', () => {
    // Three rounds of 300 values, more than it remembers: each answered by its own q-values.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 300; i += 1) {
        const gzip = (i % 10) / 10;
        const value = `br;q=0.5, gzip;q=${gzip}, x-${i}`;
        expect(negotiateEncoding(value)).toBe(gzip > 0.5 ? 'gzip' : 'br');
        expect(negotiateEncoding([value])).toBe(gzip > 0.5 ? 'gzip' : 'br');
      }
    }
  });
});

describe('validators and headers', () => {
  it('matches If-None-Match weakly, in lists and with *', () => {
    const tag = 'W/"abc"';
    expect(ifNoneMatchMatches('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('"x", W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
    expect(ifNoneMatchMatches('"abcd"', tag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
  });

  it('adds charset=utf-8 to text types only', () => {
    expect(withCharset('text/html')).toBe('text/html; charset=utf-8');
    expect(withCharset('application/rss+xml')).toBe('application/rss+xml; charset=utf-8');
    expect(withCharset('image/svg+xml')).toBe('image/svg+xml; charset=utf-8');
    expect(withCharset('application/json')).toBe('application/json; charset=utf-8');
    expect(withCharset('text/html; charset=iso-8859-1')).toBe('text/html; charset=iso-8859-1');
    expect(withCharset('image/png')).toBe('image/png');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyWithAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('Cookie')).toBe('Cookie, Accept-Encoding');
    expect(varyWithAcceptEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyWithAcceptEncoding('*')).toBe('*');
  });
});

// A server that writes like React Router does: one writeHead with every header, then chunks.
interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  chunks: string[];
  delayMs?: number;
}

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

async function serve(reply: Reply): Promise<string> {
  server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    compressResponse(req, res, { method });
    if (method === 'HEAD') req.method = 'GET';
    res.writeHead(reply.status, 'Whatever', reply.headers);
    for (const chunk of reply.chunks) {
      res.write(new TextEncoder().encode(chunk));
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from the request to the first body bytes. */
  firstBytesAfter?: number;
}

function fetchRaw(url: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      let firstBytesAfter: number | undefined;
      res.on('data', (chunk: Buffer) => {
        firstBytesAfter ??= Date.now() - started;
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          firstBytesAfter,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body).toString();
  expect(encoding).toBeUndefined();
  return raw.body.toString();
}

const page = `<!DOCTYPE html><html><body>${'<p>Quality leads in 30 days.</p>'.repeat(200)}</body></html>`;
const html = { 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] };

describe('compressResponse', () => {
  it('compresses a page in the accepted encoding, with Vary, ETag, length and charset', async () => {
    const url = await serve({
      status: 200,
      headers: html,
      chunks: [page.slice(0, 999), page.slice(999)],
    });
    const identity = await fetchRaw(url, {});
    expect(identity.body.toString()).toBe(page);
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const raw = await fetchRaw(url, { 'accept-encoding': accept! });
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toBe('Accept-Encoding');
      expect(raw.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(raw.headers['set-cookie']).toEqual(['a=1', 'b=2']);
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      expect(raw.body.length).toBeLessThan(page.length / 10);
      expect(raw.headers.etag).toBe(identity.headers.etag);
      expect(decode(raw)).toBe(page);
    }
  });

  it('compresses the same bytes once, and never sends other bytes under the same ETag', async () => {
    const body = Buffer.from(page);
    const first = await compressKnownBody(body, 'br', contentTagOf(body));
    expect(await compressKnownBody(body, 'br', contentTagOf(body))).toBe(first);
    expect(
      zlib.gunzipSync(await compressKnownBody(body, 'gzip', contentTagOf(body))).toString(),
    ).toBe(page);
    // A validator the answer brought finds the kept copy; other bytes under it are compressed anew.
    const given = 'W/"given-by-the-page"';
    const kept = await compressKnownBody(body, 'br', given);
    expect(await compressKnownBody(Buffer.from(page), 'br', given)).toBe(kept);
    const other = page.replace('30 days', '60 days');
    expect(
      zlib
        .brotliDecompressSync(await compressKnownBody(Buffer.from(other), 'br', given))
        .toString(),
    ).toBe(other);
    // Two different pages under one ETag of their own: each arrives as it was written.
    for (const text of [page, page.replace('30 days', '60 days')]) {
      const url = await serve({
        status: 200,
        headers: { ...html, etag: 'W/"same-for-both"' },
        chunks: [text],
      });
      expect(decode(await fetchRaw(url, { 'accept-encoding': 'br' }))).toBe(text);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('answers 304 with the headers but no body when If-None-Match names the ETag', async () => {
    const url = await serve({ status: 200, headers: html, chunks: [page] });
    const first = await fetchRaw(url, { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    for (const method of ['GET', 'HEAD']) {
      const again = await fetchRaw(url, { 'accept-encoding': 'br', 'if-none-match': etag }, method);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    }
    const changed = await fetchRaw(url, { 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe(page);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const url = await serve({ status: 200, headers: html, chunks: [page] });
    const get = await fetchRaw(url, { 'accept-encoding': 'gzip' });
    const head = await fetchRaw(url, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('never turns another status into a 304, and streams it compressed', async () => {
    const url = await serve({
      status: 404,
      headers: { 'content-type': 'text/html', location: '/x' },
      chunks: [page.slice(0, 3000), page.slice(3000)],
      delayMs: 300,
    });
    const raw = await fetchRaw(url, { 'accept-encoding': 'br', 'if-none-match': '*' });
    expect(raw.status).toBe(404);
    expect(raw.headers.location).toBe('/x');
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-length']).toBeUndefined();
    expect(raw.headers.etag).toBeUndefined();
    expect(decode(raw)).toBe(page);
    // The first chunk was flushed before the second was written.
    expect(raw.firstBytesAfter).toBeLessThan(250);
  });

  it('sends small bodies as they are', async () => {
    const url = await serve({
      status: 400,
      headers: { 'content-type': 'text/html' },
      chunks: ['<p>Fix the form</p>'],
    });
    const raw = await fetchRaw(url, { 'accept-encoding': 'br, gzip' });
    expect(raw.status).toBe(400);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toBe('Accept-Encoding');
    expect(raw.body.toString()).toBe('<p>Fix the form</p>');
  });

  it('leaves redirects, images and encoded bodies alone', async () => {
    const redirect = await fetchRaw(
      await serve({
        status: 303,
        headers: { location: '/book-call/thank-you', 'set-cookie': 'x=1' },
        chunks: [],
      }),
      { 'accept-encoding': 'br' },
    );
    expect(redirect.status).toBe(303);
    expect(redirect.headers.location).toBe('/book-call/thank-you');
    expect(redirect.headers['set-cookie']).toEqual(['x=1']);
    expect(redirect.headers.vary).toBeUndefined();
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const png = 'x'.repeat(5000);
    const image = await fetchRaw(
      await serve({ status: 200, headers: { 'content-type': 'image/png' }, chunks: [png] }),
      { 'accept-encoding': 'br' },
    );
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.toString()).toBe(png);
  });
});
