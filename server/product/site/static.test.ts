import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static.ts';

let root: string;
let server: Server;
let origin: string;
const script = `export function hello(){return ${JSON.stringify('hi '.repeat(1000))}}`;
const styles = `body{color:#111}${'.a{margin:0}'.repeat(300)}`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'static-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'assets/entry-abc.js'), script);
  // Marked copies, so that the test sees which file was sent.
  await writeFile(
    path.join(root, 'assets/entry-abc.js.br'),
    zlib.brotliCompressSync(script + '//br'),
  );
  await writeFile(path.join(root, 'assets/entry-abc.js.gz'), zlib.gzipSync(script + '//gz'));
  await writeFile(path.join(root, 'assets/app-abc.css'), styles);
  await writeFile(
    path.join(root, 'assets/logo-abc.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\n');
  const serveStatic = staticFiles(root);
  // Written after the listing: the build does not change while the server runs.
  await writeFile(path.join(root, 'late.txt'), 'written after the start\n');
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (!(await serveStatic(req, res, url))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

function get(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('serveStatic', () => {
  it('sends the precompressed copy the client prefers, cached for a year', async () => {
    const br = await get('/assets/entry-abc.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script + '//br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');

    const gz = await get('/assets/entry-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script + '//gz');

    const plain = await get('/assets/entry-abc.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toBe('Accept-Encoding');
  });

  it('compresses on the fly when no copy was written', async () => {
    const br = await get('/assets/app-abc.css', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(styles);
    const head = await get('/assets/app-abc.css', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });

  it('sends small files as they are, with a charset on text', async () => {
    const svg = await get('/assets/logo-abc.svg', { 'accept-encoding': 'br' });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const robots = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.body.toString()).toBe('User-agent: *\n');
  });

  it('serves nothing outside the root', async () => {
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/assets/%2e%2e/robots.txt')).status).toBe(200);
    expect((await get('/assets/%2e%2e/%2e%2e/package.json')).status).toBe(404);
  });

  it('serves the files listed when it started, and a directory never', async () => {
    expect((await get('/late.txt')).status).toBe(404);
    expect((await get('/assets')).status).toBe(404);
    expect((await get('/assets/')).status).toBe(404);
    expect((await get('/assets//logo-abc.svg')).status).toBe(200);
  });
});
