import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PageCache, sharedMaxAge, type RenderedPage } from './page-cache.ts';

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
  it('keys only credential-free GET and HEAD requests, by host, path and query', () => {
    const cache = new PageCache();
    const url = new URL('http://x/blog?page=2');
    const req = (method: string, headers: Record<string, string> = {}) =>
      ({ method, headers: { host: 'agency.example', ...headers } }) as never;
    expect(cache.keyOf(req('GET'), url)).toBe('agency.example /blog?page=2');
    expect(cache.keyOf(req('HEAD'), url)).toBe('agency.example /blog?page=2');
    expect(cache.keyOf(req('POST'), url)).toBeNull();
    expect(cache.keyOf(req('GET', { authorization: 'Bearer x' }), url)).toBeNull();
    expect(cache.keyOf(req('GET', { cookie: 'a=b' }), url)).toBeNull();
    expect(cache.keyOf(req('GET', { 'cache-control': 'no-cache' }), url)).toBeNull();
  });

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

  it('forgets a page when its time is up, and every page when cleared', async () => {
    let now = 0;
    const cache = new PageCache(undefined, () => now);
    cache.store('k', page(shared));
    const get = await serving(cache, 'k');
    now = 59_999;
    expect((await get()).status).toBe(200);
    now = 60_000;
    expect((await get()).status).toBe(404);
    cache.store('k', page(shared));
    cache.clear();
    expect((await get()).status).toBe(404);
  });

  it('drops the least recently used pages beyond its size', async () => {
    // Room for four pages (none compressed yet).
    const cache = new PageCache(html.length * 4);
    const serve = (key: string) => {
      const res = { writeHead: () => ({ end: () => {} }), end: () => {} } as never;
      return cache.serve(key, { method: 'GET', headers: {} } as never, res);
    };
    for (const key of ['a', 'b', 'c', 'd']) cache.store(key, page(shared));
    expect(await serve('a')).toBe(true); // now b is the least recently used
    cache.store('e', page(shared));
    expect(cache.size).toBe(4);
    const kept = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(serve));
    expect(kept).toEqual([true, false, true, true, true]);
  });
});
