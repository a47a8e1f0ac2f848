// The site as `npm start` runs it, against connections that send nothing: a silent socket, one
// that sends its headers a byte at a time and an idle keep-alive socket are closed within seconds;
// thousands of idle sockets (more than the server's file limit allows) leave the home page
// answering; and one address holding more connections than its cap is told so while another
// address is served. Other outside addresses are the loopback's 127.0.0.2 and up (Linux routes
// the whole 127/8 to this machine); 127.0.0.1 is the machine's own and has no address cap.
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONNECTIONS_PER_ADDRESS, openFileLimit } from '#server/connections.ts';
import { startSite, type RunningSite } from '../support/site.ts';

interface Held {
  socket: Socket;
  /** Resolves with the milliseconds from connecting to the server closing the socket. */
  closed: Promise<number>;
  /** Everything the server sent. */
  received(): string;
}

function hold(siteUrl: string, localAddress = '127.0.0.1'): Promise<Held> {
  const { hostname, port } = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let text = '';
    let opened = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(Date.now() - opened)),
    );
    socket.once('error', () => {}); // a reset is a close, which `closed` reports
    socket.once('connect', () => {
      opened = Date.now();
      resolve({ socket, closed, received: () => text });
    });
    socket.once('error', reject);
  });
}

/** Resolves with `value` after `ms`, for racing a close that should have come by then. */
const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

/** GET `path` from `localAddress`; the status, or 0 when the connection failed. */
function getFrom(siteUrl: string, path: string, localAddress: string): Promise<number> {
  const { hostname, port } = new URL(siteUrl);
  return new Promise((resolve) => {
    const req = request({ host: hostname, port, path, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

describe('connections that send nothing', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true' });
  });
  afterAll(async () => site?.stop());

  it('are closed within seconds: silent, headers too slow, and idle after an answer', async () => {
    const silent = await hold(site.url);
    const slow = await hold(site.url);
    const dribble = 'GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(100);
    let sent = 0;
    const dribbling = setInterval(() => slow.socket.write(dribble[sent++ % dribble.length]!), 300);
    const keptAlive = await hold(site.url);
    keptAlive.socket.write('GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n');

    const lifetimes = await Promise.all(
      [silent, slow, keptAlive].map((held) => Promise.race([held.closed, after(9_000, -1)])),
    );
    clearInterval(dribbling);
    for (const [n, lifetime] of lifetimes.entries()) {
      expect(lifetime, ['silent', 'slow headers', 'kept alive'][n]).toBeGreaterThan(0);
      expect(lifetime, ['silent', 'slow headers', 'kept alive'][n]).toBeLessThan(9_000);
    }
    expect(keptAlive.received()).toMatch(/^HTTP\/1\.1 200 OK/);
  }, 30_000);

  it('cannot hold more than an address’s cap, while another address is served', async () => {
    const held = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, () => hold(site.url, '127.0.0.2')),
    );
    const over = await hold(site.url, '127.0.0.2');
    over.socket.write('GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const idleOver = await hold(site.url, '127.0.0.2');

    expect(await getFrom(site.url, '/favicon.svg', '127.0.0.3')).toBe(200);
    held[0]!.socket.write('GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await Promise.race([over.closed, after(5_000, -1)])).toBeGreaterThan(0);
    expect(over.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(over.received()).toContain('Too many connections from your address');
    expect(await Promise.race([idleOver.closed, after(4_000, -1)])).toBeGreaterThan(0);
    // Within its cap, the address is served.
    await after(200, null);
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    for (const { socket } of held) socket.destroy();
  }, 30_000);
});

describe('thousands of idle sockets', () => {
  // The server gets a smaller file limit than this process has, so that it must hold fewer
  // sockets than the test opens; 5,000 when this process's limit allows, else as many as it does.
  const ownLimit = openFileLimit() ?? 1024;
  const serverLimit = Math.min(2048, Math.floor(ownLimit / 2));
  const sockets = Math.min(5000, ownLimit - 300);
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true' }, { openFileLimit: serverLimit });
  });
  afterAll(async () => site?.stop());

  it(`leave the home page answering (${sockets} sockets, server limit ${serverLimit} files)`, async () => {
    expect(sockets).toBeGreaterThan(serverLimit);
    const held: Held[] = [];
    for (let opened = 0; opened < sockets; opened += 250) {
      const batch = Array.from({ length: Math.min(250, sockets - opened) }, () =>
        hold(site.url).catch(() => undefined),
      );
      for (const socket of await Promise.all(batch)) if (socket) held.push(socket);
    }
    const response = await fetch(site.url + '/', { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('</html>');
    // The server stayed under its limit, with room to spare for its database and files.
    expect(readdirSync(`/proc/${site.pid}/fd`).length).toBeLessThan(serverLimit);
    for (const { socket } of held) socket.destroy();
  }, 60_000);
});
