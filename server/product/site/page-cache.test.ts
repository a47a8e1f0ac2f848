import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PageCache, sharedMaxAge, type RenderedPage } from './page-cache.ts';
import { compressBody } from './compression.ts';

describe('sharedMaxAge', () => {
  it('reads s-maxage, and refuses private, no-store and no-cache answers', () => {
    expect(sharedMaxAge('public, max-age=0, s-maxage=60')).toBe(60);
    expect(sharedMaxAge('public, max-age=60')).toBeNull();
    expect(sharedMaxAge('private, s-maxage=60')).toBeNull();
    expect(sharedMaxAge('s-maxage=60, no-store')).toBeNull();
    expect(sharedMaxAge('no-cache, s-maxage=60')).toBeNull();
    expect(sharedMaxAge('s-maxage=0')).toBeNull();
    expect(sharedMaxAge(undefined)).toBeNull();
  });
});

const html = Buffer.from(`<!DOCTYPE html><p>${'A page worth keeping. '.repeat(100)}</p>`);
const page = (cacheControl: string, extra: Record<string, string> = {}): RenderedPage => ({
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
    'content-security-policy': "default-src 'none'",
    ...extra,
  },
  body: html,
  etag: 'W/"abc"',
});
const shared = 'public, max-age=0, s-maxage=60';

/** The cache's answer to a GET of `key` with these headers, written to a response that goes nowhere. */
const serveFrom = (cache: PageCache, key: string, headers: IncomingHttpHeaders = {}) => {
  const res = { writeHead: () => ({ end: () => {} }), end: () => {} } as never;
  return cache.serve(key, { method: 'GET', headers } as never, res);
};

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Serves every request from the cache at `key`, 404 on a miss; returns a GET helper. */
async function serving(cache: PageCache, key: string) {
  server = createServer(async (req, res) => {
    if (!(await cache.serve(key, req, res))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return (headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path: '/', method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
}

describe('PageCache', () => {
  it('keeps only what a shared cache may keep', () => {
    const cache = new PageCache();
    cache.store('a', page('public, max-age=60'));
    cache.store('b', page(shared, { 'set-cookie': 'session=1' }));
    cache.store('c', page(shared, { vary: 'Accept-Encoding, Accept-Language' }));
    expect(cache.size).toBe(0);
    cache.store('d', page(shared));
    expect(cache.size).toBe(1);
  });

  it('keeps no page whose request began before the content changed', () => {
    const cache = new PageCache();
    const began = cache.generation;
    cache.clear(); // a post was written while the page was rendering from older data
    cache.store('k', page(shared), began);
    expect(cache.size).toBe(0);
    cache.store('k', page(shared), cache.generation);
    expect(cache.size).toBe(1);
  });

  it('answers with the page in the encoding asked for, its headers, ETag and age, and HEAD without a body', async () => {
    let now = 1_000_000;
    const cache = new PageCache(undefined, () => now);
    cache.store('k', page(shared));
    now += 5_000;
    const get = await serving(cache, 'k');

    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      etag: 'W/"abc"',
      age: '5',
      'content-security-policy': "default-src 'none'",
      'cache-control': shared,
    });
    expect(zlib.brotliDecompressSync(br.body).equals(html)).toBe(true);

    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.body).equals(html)).toBe(true);
    const identity = await get();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(html)).toBe(true);

    const head = await get({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(br.body.length);

    const notModified = await get({ 'if-none-match': 'W/"abc"' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('answers a kept page with each of its headers once, list values line by line, and its own length and tag', async () => {
    const cache = new PageCache();
    cache.store('k', {
      ...page(shared),
      headers: {
        ...page(shared).headers,
        link: ['</a.css>; rel=preload; as=style', '</b.js>; rel=modulepreload'],
        'x-served-by': 3,
        // The render's own: each answer sends its own instead.
        'content-length': 1,
        etag: 'W/"render"',
        date: 'Thu, 01 Jan 1970 00:00:00 GMT',
        age: '99',
      },
    });
    const get = await serving(cache, 'k');

    const ok = await get();
    expect(ok.headers.link).toBe('</a.css>; rel=preload; as=style, </b.js>; rel=modulepreload');
    expect(ok.headers['x-served-by']).toBe('3');
    expect(ok.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(html.length),
      etag: 'W/"abc"',
      age: '0',
    });
    expect(ok.headers.date).not.toBe('Thu, 01 Jan 1970 00:00:00 GMT');

    const notModified = await get({ 'if-none-match': 'W/"abc"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-type']).toBeUndefined();
    expect(notModified.headers).toMatchObject({
      etag: 'W/"abc"',
      'cache-control': shared,
      'content-security-policy': "default-src 'none'",
    });
  });

  it('serves a page past its time as stale for a while, then forgets it, and every page when cleared', async () => {
    let now = 0;
    const cache = new PageCache(undefined, () => now, 30);
    cache.store('k', page(shared));
    const answer = (key: string) => serveFrom(cache, key);
    now = 59_999;
    // A page kept in the encoding asked for is answered at once, without a promise.
    expect(answer('k')).toBe('fresh');
    now = 60_000;
    expect(await answer('k')).toBe('stale');
    now = 89_999;
    expect(await answer('k')).toBe('stale');
    now = 90_000;
    expect(await answer('k')).toBe(false);
    expect(cache.size).toBe(0);
    cache.store('k', page(shared));
    now = 200_000; // stale, and then the content changes: not even the stale copy is served
    cache.clear();
    expect(await answer('k')).toBe(false);
  });

  it('says at once whether it holds a fresh copy of a key, as a late miss asks before rendering', () => {
    let now = 0;
    const cache = new PageCache(undefined, () => now);
    expect(cache.holdsFresh('k')).toBe(false);
    cache.store('k', page(shared));
    expect(cache.holdsFresh('k')).toBe(true);
    expect(cache.holdsFresh('other')).toBe(false);
    now = 60_000; // stale: a render is due
    expect(cache.holdsFresh('k')).toBe(false);
    now = 0;
    cache.clear();
    expect(cache.holdsFresh('k')).toBe(false);
  });

  it('adds a request’s own headers to the cached answer without keeping them', async () => {
    const cache = new PageCache();
    cache.store('k', page(shared));
    server = createServer(async (req, res) => {
      const extra = req.url === '/with' ? { 'set-cookie': ['visit=1; Path=/'] } : {};
      await cache.serve('k', req, res, extra);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const withCookie = await fetch(`http://127.0.0.1:${port}/with`);
    expect(withCookie.headers.get('set-cookie')).toBe('visit=1; Path=/');
    const without = await fetch(`http://127.0.0.1:${port}/without`);
    expect(without.headers.get('set-cookie')).toBeNull();
    expect(await without.text()).toBe(await withCookie.text());
  });

  it('runs one render for concurrent callers of a key and shares its result', async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish!: (value: string) => void;
    const render = () => {
      renders++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const waiting = Array.from({ length: 20 }, () => cache.once('k', render));
    const other = cache.once('other', async () => 'other page');
    finish('the page');
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('the page'));
    expect(await other).toBe('other page');
    expect(renders).toBe(1);
    // Done: the next miss renders again.
    const again = cache.once('k', render);
    finish('the page, again');
    expect(await again).toBe('the page, again');
    expect(renders).toBe(2);
  });

  it('never shares a render begun before the content changed with a request after it', async () => {
    const cache = new PageCache();
    let finishOld!: (value: string) => void;
    const old = cache.once('k', () => new Promise<string>((resolve) => (finishOld = resolve)));
    cache.clear();
    const fresh = cache.once('k', async () => 'after the edit');
    finishOld('before the edit');
    expect(await old).toBe('before the edit');
    expect(await fresh).toBe('after the edit');
  });

  it('counts a page compressed for requests that asked at once, or after a clear, as it is', async () => {
    const brotli = (await compressBody(html, 'br')).length;
    // Room for four pages and one compressed copy, and not for a second.
    const cache = new PageCache(html.length * 4 + Math.floor(brotli * 1.5));
    const serve = (key: string, encoding = 'identity') =>
      serveFrom(cache, key, { 'accept-encoding': encoding });
    const pages = ['a', 'b', 'c', 'd'];
    for (const key of pages) cache.store(key, page(shared));
    expect(await Promise.all([serve('a', 'br'), serve('a', 'br')])).toEqual(['fresh', 'fresh']);
    // Storing b anew weighs the cache: counted twice, the copy of a would push c out.
    cache.store('b', page(shared));
    expect(await Promise.all(pages.map((key) => serve(key)))).toEqual(pages.map(() => 'fresh'));

    // A copy compressed while the cache was emptied is not counted against what it holds next.
    const late = serve('a', 'gzip');
    cache.clear();
    expect(await late).toBe('fresh');
    for (const key of pages) cache.store(key, page(shared));
    await serve('a', 'br');
    cache.store('b', page(shared));
    expect(await Promise.all(pages.map((key) => serve(key)))).toEqual(pages.map(() => 'fresh'));
  });

  it('drops the least recently used pages beyond its size', async () => {
    // Room for four pages (none compressed yet).
    const cache = new PageCache(html.length * 4);
    const serve = (key: string) => serveFrom(cache, key);
    for (const key of ['a', 'b', 'c', 'd']) cache.store(key, page(shared));
    expect(await serve('a')).toBe('fresh'); // now b is the least recently used
    cache.store('e', page(shared));
    expect(cache.size).toBe(4);
    const kept = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(serve));
    expect(kept).toEqual(['fresh', false, 'fresh', 'fresh', 'fresh']);
  });
});
