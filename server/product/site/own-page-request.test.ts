import { createServer, IncomingMessage, type Server } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchHandler } from './render-shared-page.ts';
import { ownPageRequest, renderOwnPage } from './own-page-request.ts';

/** An incoming request as node:http hands it over, without a connection. */
function incoming(url: string, headers: Record<string, string>): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  req.headers = headers;
  return req;
}

describe('ownPageRequest', () => {
  it('addresses the page as received, with the visitor’s headers', () => {
    const request = ownPageRequest(
      incoming('/blog/a-post?ref=mail', {
        host: 'example.com:8080',
        cookie: 'sb-auth=1',
        'accept-language': 'sv',
      }),
    )!;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://example.com:8080/blog/a-post?ref=mail');
    expect(request.headers.get('cookie')).toBe('sb-auth=1');
    expect(request.headers.get('accept-language')).toBe('sv');
    expect(request.signal.aborted).toBe(false);
  });

  it('leaves to the general listener what cannot be addressed this way', () => {
    // No Host, a Host that would move the path, an absolute-form target, a Host URL refuses.
    for (const [url, host] of [
      ['/blog', undefined],
      ['/blog', 'example.com/admin'],
      ['/blog', 'user@example.com'],
      ['/blog', 'example.com?x='],
      ['http://example.com/blog', 'example.com'],
      ['/blog', 'exa mple.com'],
      ['/blog', '[::1'],
    ] as const) {
      expect(ownPageRequest(incoming(url, host ? { host } : {}))).toBeUndefined();
    }
  });
});

describe('renderOwnPage', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  /** A server answering every request with `handler` through renderOwnPage; its log. */
  async function serve(handler: FetchHandler): Promise<{ url: string; log: string[] }> {
    const log: string[] = [];
    server = createServer((req, res) => {
      void renderOwnPage(handler, ownPageRequest(req)!, res, (line) => log.push(line));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { url: `http://127.0.0.1:${address.port}`, log };
  }

  it('sends the handler’s status, headers, cookies and body', async () => {
    const { url } = await serve(async (request) => {
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response(`<p>${new URL(request.url).pathname}</p>`, { status: 404, headers });
    });
    const response = await fetch(`${url}/missing`);
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.text()).toBe('<p>/missing</p>');
  });

  it('answers a handler that throws with a 500 and logs why', async () => {
    const { url, log } = await serve(async () => {
      throw new Error('the build is broken');
    });
    const response = await fetch(url + '/');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal Server Error');
    expect(log.join('\n')).toContain('the build is broken');
  });
});
