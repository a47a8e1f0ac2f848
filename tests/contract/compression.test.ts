// The built site, started as a user runs it (needs `npm run build`): pages compressed in the
// encoding the client asks for, with Vary, ETag and 304; hashed assets sent from the .br and .gz
// copies the build wrote, cached for good; charset on every text type; form posts unchanged.
import { request, type IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { contentTagOf } from '#shared/content-tag.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '../support/site.ts';

let site: RunningSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request that leaves the body as sent (fetch would decode it). */
function send(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body).toString();
  expect(encoding).toBeUndefined();
  return raw.body.toString();
}

/** The page's markup without what differs on every render: the form's signed start time. */
function stable(html: string): string {
  const token = /name="form_start" value="([^"]+)"/.exec(html)?.[1];
  return token ? html.replaceAll(token, '<form start>') : html;
}

const sizes: string[] = [];
afterAll(() => {
  if (sizes.length) console.info(`Observed sizes:\n${sizes.join('\n')}`);
});

describe.each(['/', '/sv', '/book-call'])('the page %s', (pathname) => {
  it('comes as br, gzip or identity as asked, all the same page, with Vary and a charset', async () => {
    const identity = await send(pathname);
    const br = await send(pathname, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await send(pathname, { 'accept-encoding': 'gzip' });
    const refused = await send(pathname, { 'accept-encoding': 'br;q=0, gzip;q=0' });

    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(refused.headers['content-encoding']).toBeUndefined();
    for (const raw of [identity, br, gzip, refused]) {
      expect(raw.status).toBe(200);
      expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
      expect(raw.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      // The validator of the very bytes sent, whoever made it (the render makes a page's own).
      expect(raw.headers.etag).toBe(contentTagOf(Buffer.from(decoded(raw))));
      expect(stable(decoded(raw))).toBe(stable(identity.body.toString()));
    }
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(identity.body.length / 3);
    sizes.push(
      `${pathname} HTML: ${identity.body.length} B identity, ${gzip.body.length} B gzip, ${br.body.length} B br`,
    );
  });
});

describe('revalidation', () => {
  it('answers a repeated request that names the ETag with 304 and no body, GET and HEAD', async () => {
    // The home page renders the same bytes every time.
    const first = await send('/', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect((await send('/', { 'accept-encoding': 'br' })).headers.etag).toBe(etag);
    for (const method of ['GET', 'HEAD']) {
      const again = await send('/', { 'accept-encoding': 'br', 'if-none-match': etag }, method);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toMatch(/Accept-Encoding/i);
    }
    const other = await send('/', { 'if-none-match': 'W/"stale"' });
    expect(other.status).toBe(200);
    expect(other.body.length).toBeGreaterThan(1000);
  });

  it('answers 304 for the privacy policy too: its last-updated date is the day, not the instant', async () => {
    for (const path of ['/privacy-policy', '/sv/privacy-policy']) {
      const first = await send(path, { 'accept-encoding': 'gzip' });
      expect(first.status, path).toBe(200);
      const again = await send(path, {
        'accept-encoding': 'gzip',
        'if-none-match': first.headers.etag!,
      });
      expect(again.status, path).toBe(304);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await send('/', { 'accept-encoding': 'gzip' });
    const head = await send('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('never answers 304 for a page that is not a 200', async () => {
    const missing = await send('/no-such-page', { 'accept-encoding': 'br', 'if-none-match': '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decoded(missing)).toContain('<html');
  });
});

describe('hashed assets', () => {
  async function assetsOf(pathname: string) {
    const html = (await send(pathname)).body.toString();
    const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
    const styles = [...html.matchAll(/\/assets\/[\w.-]+\.css/g)].map((match) => match[0]);
    const entry = scripts.find((script) => script.includes('entry.client')) ?? scripts[0]!;
    return { entry, style: styles[0]! };
  }

  it('are sent from the precompressed copies with Content-Encoding and immutable caching', async () => {
    // Sign-in runs React and links its stylesheets; public pages carry theirs inline.
    const { entry, style } = await assetsOf('/login');
    const { entry: enhancer } = await assetsOf('/');
    expect(entry).toContain('entry.client');
    expect(style).toBeDefined();
    expect(enhancer).toContain('/assets/enhance-');
    for (const asset of [entry, style, enhancer]) {
      const identity = await send(asset);
      const br = await send(asset, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await send(asset, { 'accept-encoding': 'gzip' });
      for (const raw of [identity, br, gzip]) {
        expect(raw.status).toBe(200);
        expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(raw.headers.vary).toBe('Accept-Encoding');
        expect(raw.headers['content-type']).toBe(
          asset.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
        );
        expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
        expect(decoded(raw)).toBe(identity.body.toString());
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      // Sent from the build's copies: exactly the bytes of the .br and .gz files.
      expect(br.body).toEqual((await send(`${asset}.br`)).body);
      expect(gzip.body).toEqual((await send(`${asset}.gz`)).body);
      sizes.push(
        `${asset}: ${identity.body.length} B identity, ${gzip.body.length} B gzip, ${br.body.length} B br`,
      );
    }
  });
});

describe('form posts', () => {
  it('still answer: an empty consultation form gets 400 and the messages beside the fields', async () => {
    const raw = await send(
      '/book-call',
      { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br, gzip' },
      'POST',
      '',
    );
    expect(raw.status).toBe(400);
    expect(raw.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(raw.headers.etag).toBeUndefined();
    expect(decoded(raw)).toContain('aria-invalid="true"');
  });

  it('keep the body guard: an oversized post is refused with 413', async () => {
    const raw = await send(
      '/book-call',
      {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(2 * 1024 * 1024),
      },
      'POST',
      '',
    );
    expect(raw.status).toBe(413);
  });
});
