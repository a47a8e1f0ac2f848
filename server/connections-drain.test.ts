// How a stopping copy lets go of its connections (createBoundedServer's drain), on a real server
// and raw sockets, so that keep-alive is seen exactly as a balancer's connection pool sees it.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoundedServer } from './connections.ts';

interface Harness {
  port: number;
  /** Answers the oldest request still waiting. */
  release(): void;
  /** Resolves once this many requests have arrived. */
  arrived(count: number): Promise<void>;
  drain: ReturnType<typeof createBoundedServer>['drain'];
}

const opened: Array<() => void> = [];
afterEach(() => {
  for (const close of opened.splice(0)) close();
});

/** A server whose every request waits until the test releases it. */
async function startHarness(): Promise<Harness> {
  const waiting: Array<() => void> = [];
  let count = 0;
  const arrivals: Array<{ count: number; resolve: () => void }> = [];
  const { server, drain } = createBoundedServer(async (_req, res) => {
    count += 1;
    for (const arrival of arrivals) if (count >= arrival.count) arrival.resolve();
    await new Promise<void>((resolve) => waiting.push(resolve));
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '2' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push(() => server.closeAllConnections());
  opened.push(() => server.close());
  return {
    port: (server.address() as AddressInfo).port,
    release: () => waiting.shift()?.(),
    arrived: (n) =>
      new Promise<void>((resolve) => {
        if (count >= n) resolve();
        else arrivals.push({ count: n, resolve });
      }),
    drain,
  };
}

/** A keep-alive client connection that reads whole answers. */
async function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  opened.push(() => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.setEncoding('utf8');
  let received = '';
  let closed = false;
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  socket.on('data', (chunk: string) => {
    received += chunk;
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return {
    send(path = '/') {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: copy\r\nConnection: keep-alive\r\n\r\n`);
    },
    /** Resolves with the next whole answer (headers and its 2-byte body). */
    async answer(): Promise<string> {
      await until(() => /\r\n\r\nok/.test(received));
      const end = received.indexOf('\r\n\r\nok') + 6;
      const text = received.slice(0, end);
      received = received.slice(end);
      return text;
    },
    closed: () => until(() => closed),
    get isClosed() {
      return closed;
    },
  };
}

function refusesConnections(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('a draining server', () => {
  it('keeps answering on open connections, each answer saying Connection: close', async () => {
    const harness = await startHarness();
    const connection = await openConnection(harness.port);
    connection.send();
    await harness.arrived(1);
    harness.release();
    expect(await connection.answer()).toMatch(/connection: keep-alive/i);

    const inFlight = await openConnection(harness.port);
    inFlight.send();
    await harness.arrived(2);
    harness.drain.closeAfterEachAnswer();

    // The request already being worked on finishes, and says the connection closes.
    harness.release();
    const answer = await inFlight.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connection: close/i);
    await inFlight.closed();

    // The idle keep-alive connection is still served during the grace, with the same word.
    expect(connection.isClosed).toBe(false);
    connection.send();
    await harness.arrived(3);
    harness.release();
    expect(await connection.answer()).toMatch(/connection: close/i);
    await connection.closed();

    // New connections are still accepted until the listener closes.
    expect(await refusesConnections(harness.port)).toBe('accepted');
  });

  it('stops accepting, closes idle connections, and resolves once the busy ones are answered', async () => {
    const harness = await startHarness();
    const idle = await openConnection(harness.port);
    idle.send();
    await harness.arrived(1);
    harness.release();
    await idle.answer();

    const busy = await openConnection(harness.port);
    busy.send();
    await harness.arrived(2);

    let stopped = false;
    const stopping = harness.drain.stopAccepting().then(() => (stopped = true));
    await idle.closed();
    expect(await refusesConnections(harness.port)).toBe('ECONNREFUSED');
    expect(busy.isClosed).toBe(false);
    expect(stopped).toBe(false);

    harness.release();
    const answer = await busy.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connection: close/i);
    await stopping;
    await busy.closed();
  });
});
