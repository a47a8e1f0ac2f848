// A small round-robin load balancer in front of several copies of the server, for the rolling
// restart test and the bench. It does what a real balancer's health checks do, and no more, so
// that it cannot hide a copy that drops requests:
// - every healthIntervalMs it asks each copy's /healthz and sends only to copies that said
//   200 {"status":"ready"}; a copy that refuses a connection is skipped until it says ready again;
// - a request is retried on another copy only when it never reached the copy: the connection to
//   it was refused or failed before it was made. A request written to a copy (a reused keep-alive
//   connection included) that then fails is answered 502 and counted as failed, as nginx does for
//   a POST;
// - connections to the copies are kept alive and pooled, as balancers do, for no longer than the
//   copy's Keep-Alive hint says (Node's agent reads it), so a copy that cuts its keep-alive
//   connections carelessly fails requests here.
// Bodies are read whole first (at most 1 MiB) so a retry can send them again.
import {
  Agent,
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

const MAX_BODY_BYTES = 1024 * 1024;
/** Hop-by-hop headers, which a proxy does not pass on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface RoundRobinProxyOptions {
  /** The copies' origins, e.g. http://127.0.0.1:41001. */
  upstreams: string[];
  /** How often each copy's health is asked (real balancers: every 5 to 30 s). */
  healthIntervalMs?: number;
  healthPath?: string;
}

export interface ProxyCounts {
  /** Requests answered by each copy (any status). */
  answeredBy: number[];
  /** Requests sent again to another copy because they never reached the first. */
  retried: number;
  /** Requests this proxy answered 502 or 503 itself, or cut mid-answer. */
  failed: number;
}

export interface RoundRobinProxy {
  url: string;
  counts: ProxyCounts;
  /** Whether each copy's last health check said ready. */
  ready(): boolean[];
  /** Resolves once the copy's health check says ready; rejects after timeoutMs. */
  waitUntilReady(index: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  options: RoundRobinProxyOptions,
): Promise<RoundRobinProxy> {
  const { upstreams } = options;
  const healthIntervalMs = options.healthIntervalMs ?? 1_000;
  const healthPath = options.healthPath ?? '/healthz';
  const ready = upstreams.map(() => false);
  const counts: ProxyCounts = { answeredBy: upstreams.map(() => 0), retried: 0, failed: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const readyWaiters = new Set<() => void>();
  let next = 0;
  let closed = false;

  const setReady = (index: number, value: boolean) => {
    ready[index] = value;
    if (value) for (const wake of [...readyWaiters]) wake();
  };

  // One check at a time per copy, on a connection of its own (never the pool's).
  const checkHealth = (index: number) =>
    new Promise<void>((resolve) => {
      const check = request(
        `${upstreams[index]}${healthPath}`,
        { agent: false, timeout: healthIntervalMs },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            let status: unknown;
            try {
              status = (JSON.parse(body) as { status?: unknown }).status;
            } catch {
              status = undefined;
            }
            setReady(index, res.statusCode === 200 && status === 'ready');
            resolve();
          });
          res.on('error', () => {
            setReady(index, false);
            resolve();
          });
        },
      );
      check.on('timeout', () => check.destroy(new Error('health check timed out')));
      check.on('error', () => {
        setReady(index, false);
        resolve();
      });
      check.end();
    });
  const healthLoops = upstreams.map(async (_, index) => {
    while (!closed) {
      await checkHealth(index);
      if (closed) break;
      await new Promise((resolve) => setTimeout(resolve, healthIntervalMs));
    }
  });

  /** The next ready copy after the last one chosen, skipping those already tried. */
  const choose = (tried: Set<number>): number | undefined => {
    for (let step = 0; step < upstreams.length; step += 1) {
      const index = (next + step) % upstreams.length;
      if (ready[index] && !tried.has(index)) {
        next = index + 1;
        return index;
      }
    }
    return undefined;
  };

  /** Sends the request to one copy; 'not-sent' when it never reached it. */
  const forward = (
    index: number,
    req: IncomingMessage,
    headers: OutgoingHttpHeaders,
    body: Buffer,
  ): Promise<IncomingMessage | 'not-sent' | Error> =>
    new Promise((resolve) => {
      let reached = false;
      const out = request(
        `${upstreams[index]}${req.url ?? '/'}`,
        { method: req.method, headers, agent },
        (answer) => resolve(answer),
      );
      out.once('socket', (socket) => {
        // A pooled connection is already open: the request is written to it at once.
        if (!socket.connecting) reached = true;
        else socket.once('connect', () => (reached = true));
      });
      out.once('error', (error) => resolve(reached ? error : 'not-sent'));
      out.end(body);
    });

  const server = createServer((req, res) => {
    pass(req, res).catch(() => res.destroy());
  });
  /** Reads the request whole, then hands it to a ready copy and its answer back. */
  const pass = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { Connection: 'close' }).end();
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const from = req.socket.remoteAddress ?? 'unknown';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${from}`
      : from;
    headers['content-length'] = String(body.length);

    const tried = new Set<number>();
    for (;;) {
      const index = choose(tried);
      if (index === undefined) {
        counts.failed += 1;
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('No copy is ready.\n');
        return;
      }
      tried.add(index);
      const answer = await forward(index, req, headers, body);
      if (answer === 'not-sent') {
        setReady(index, false);
        counts.retried += 1;
        continue;
      }
      if (answer instanceof Error) {
        counts.failed += 1;
        res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`${answer.message}\n`);
        return;
      }
      counts.answeredBy[index]! += 1;
      const passed: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) passed[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, passed);
      answer.on('error', () => {
        counts.failed += 1;
        res.destroy();
      });
      answer.pipe(res);
      return;
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    ready: () => [...ready],
    waitUntilReady(index, timeoutMs = 30_000) {
      if (ready[index]) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (!ready[index]) return;
          readyWaiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          readyWaiters.delete(wake);
          reject(new Error(`${upstreams[index]} did not say ready within ${timeoutMs} ms`));
        }, timeoutMs);
        readyWaiters.add(wake);
      });
    },
    async close() {
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
      await Promise.all(healthLoops);
    },
  };
}
