// The in-process fetch against a request listener: the listener sees what a socket would have
// brought (method, path, headers, a loopback peer, the body), and the caller gets what the listener
// wrote (status, headers, a streamed body), with no HTTP server anywhere.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody, sendJson } from './http.ts';
import { createInProcessFetch } from './in-process-request.ts';

const host = () => '127.0.0.1:3000';

describe('the in-process fetch', () => {
  it('hands the listener the method, path, headers, peer and body a socket would', async () => {
    let seen: Record<string, unknown> = {};
    const fetch = createInProcessFetch(
      async (req: IncomingMessage, res: ServerResponse) => {
        seen = {
          method: req.method,
          url: req.url,
          host: req.headers.host,
          forwarded: req.headers['x-forwarded-for'],
          peer: req.socket.remoteAddress,
          body: await readBody(req),
        };
        sendJson(res, 201, { ok: true }, { 'X-Custom': 'yes' });
      },
      { host },
    );
    const response = await fetch('http://127.0.0.1:3000/rest/v1/things?select=id', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ name: 'Åsa' }),
    });
    expect(seen).toEqual({
      method: 'POST',
      url: '/rest/v1/things?select=id',
      host: '127.0.0.1:3000',
      forwarded: '203.0.113.7',
      peer: '127.0.0.1',
      body: '{"name":"Åsa"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('streams a large body each way, and keeps repeated headers apart', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const fetch = createInProcessFetch(
      async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
        const got = Buffer.concat(chunks);
        res.setHeader('Set-Cookie', ['a=1', 'b=2']);
        res.writeHead(200, { 'Content-Length': String(got.length) });
        await pipeline(Readable.from([got.subarray(0, 1000), got.subarray(1000)]), res);
      },
      { host },
    );
    const response = await fetch('http://x/echo', { method: 'PUT', body: big });
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(Buffer.from(await response.arrayBuffer()).equals(big)).toBe(true);
  });

  it('answers a 204 and a HEAD without a body', async () => {
    const fetch = createInProcessFetch(
      (req, res) => {
        res.writeHead(req.method === 'HEAD' ? 200 : 204, { 'Content-Type': 'text/plain' });
        res.end(req.method === 'HEAD' ? '' : undefined);
      },
      { host },
    );
    expect((await fetch('http://x/', { method: 'DELETE' })).status).toBe(204);
    const head = await fetch('http://x/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('fails the fetch when the listener throws before answering, as a dropped connection does', async () => {
    const fetch = createInProcessFetch(() => Promise.reject(new Error('listener broke')), { host });
    await expect(fetch('http://x/')).rejects.toThrow('listener broke');
  });

  it('fails the body when the listener cuts its answer off midway', async () => {
    const fetch = createInProcessFetch(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('part');
        setImmediate(() => res.destroy());
      },
      { host },
    );
    const response = await fetch('http://x/');
    await expect(response.text()).rejects.toThrow();
  });

  it('stops waiting when the caller aborts, and the listener sees its request end', async () => {
    let answerClosed!: Promise<unknown>;
    const fetch = createInProcessFetch(
      (_req, res) => {
        answerClosed = new Promise((resolve) => res.once('close', resolve));
      },
      { host },
    );
    const controller = new AbortController();
    const pending = fetch('http://x/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    await answerClosed;
  });

  it('reads to its end a form body the listener answered without reading, failing nothing', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const fetch = createInProcessFetch((_req, res) => sendJson(res, 400, { error: 'no' }), {
        host,
      });
      for (let i = 0; i < 5; i += 1) {
        const form = new FormData();
        form.append('file', new Blob([Buffer.alloc(256 * 1024, i)]), 'x.png');
        const response = await fetch('http://x/storage/v1/object/images/x.png', {
          method: 'POST',
          body: form,
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: 'no' });
      }
      // Past the form's producer's last write, which a cancelled stream would have refused.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
