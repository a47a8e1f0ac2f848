// The HTTP server and the connections it holds (decision 20). Every connection costs a file
// descriptor, and when the process runs out it can accept none, not even a visitor's: so a socket
// that sends nothing, or its headers too slowly, is closed within seconds (Node's headersTimeout,
// checked every second instead of every 30), an idle keep-alive socket after 5 s, and the
// connections are capped in total below the process's file limit (with room left for the
// database, the build's files and uploads) and per address. At the total cap the connection idle
// longest gives way to the new one, as nginx reuses its idle keep-alive connections; only when
// every connection is mid-request is a new one refused.
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { plainAddress } from './http.ts';

/** Node's timeouts, in milliseconds. */
export const SERVER_TIMEOUTS = {
  /** From the connection (or the end of the last answer) to the request's last header line. */
  headersTimeout: 5_000,
  /** The whole request, body included (an upload of a few MiB on a slow line). */
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  /** How often the two above are checked; Node's default of 30 s let an idle socket live 90 s. */
  connectionsCheckingInterval: 1_000,
};

/** Connections one address may hold: a browser opens 6, an office behind one address a few dozen. */
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

/** A connection over its address's cap must send its request within this and is then answered 429. */
const REFUSED_SOCKET_MS = 2_000;

/** When the limit cannot be read (not Linux): the usual soft limit. */
const DEFAULT_FILE_LIMIT = 1024;

/** The soft limit on open files (RLIMIT_NOFILE) from /proc/self/limits; undefined when unknown. */
export function openFileLimit(limits?: string): number | undefined {
  let text = limits;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  if (soft === undefined) return undefined;
  return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft) || undefined;
}

export interface ConnectionCaps {
  total: number;
  perAddress: number;
}

/**
 * The caps for a process allowed `fileLimit` open files: a fifth of them, and at least 256, are
 * left for everything that is not a client's connection. Behind TRUST_PROXY's proxies every
 * connection may come from one of them, so an address may then hold as many as the total.
 */
export function connectionCaps(
  fileLimit = openFileLimit() ?? DEFAULT_FILE_LIMIT,
  trustProxy = 0,
): ConnectionCaps {
  const limit = Math.min(fileLimit, 1_000_000);
  const total = Math.max(16, limit - Math.max(256, Math.floor(limit / 5)));
  const perAddress = trustProxy > 0 ? total : Math.min(MAX_CONNECTIONS_PER_ADDRESS, total);
  return { total, perAddress };
}

/**
 * The machine's own clients share no address cap: a reverse proxy on the same machine speaks for
 * every visitor (the site's own reads need no socket: docs/decisions/0034).
 */
function exemptFromAddressCap(address: string): boolean {
  return address === '127.0.0.1' || address === '::1';
}

function refuseOverAddressCap(res: ServerResponse): void {
  const text = 'Too many connections from your address: close some and try again.\n';
  res.shouldKeepAlive = false;
  res.writeHead(429, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'Retry-After': '1',
    Connection: 'close',
  });
  res.end(text);
}

/** Counts the connections, and closes or refuses those over the caps. */
export class ConnectionGuard {
  /**
   * Every open connection, with the answer it is working on (undefined between requests). The
   * entry is written in place for each request, never added and deleted per request: a long-lived
   * table that every answer joins and leaves is rebuilt every few requests, and each table left in
   * the old generation holds the answers it listed, and all they point at, through the young
   * generation's collections until the next full one (docs/decisions/0044-answers-that-die-young.md).
   */
  private readonly open = new Map<Socket, ServerResponse | undefined>();
  private readonly perAddress = new Map<string, number>();
  /** Connections with no request in progress, idle longest first. */
  private readonly idle = new Set<Socket>();
  /** Connections over their address's cap, which live only to be told so. */
  private readonly refused = new Set<Socket>();
  private readonly addresses = new WeakMap<Socket, string>();

  readonly caps: ConnectionCaps;

  constructor(caps: ConnectionCaps) {
    this.caps = caps;
  }

  get size(): number {
    return this.open.size;
  }

  admit(socket: Socket): void {
    if (this.open.size >= this.caps.total) {
      const [oldest] = this.refused.size > 0 ? this.refused : this.idle;
      if (!oldest) {
        socket.destroy();
        return;
      }
      this.forget(oldest);
      oldest.destroy();
    }
    this.open.set(socket, undefined);
    socket.once('close', () => this.forget(socket));
    const address = plainAddress(socket.remoteAddress ?? 'unknown');
    if (!exemptFromAddressCap(address)) {
      const held = this.perAddress.get(address) ?? 0;
      if (held >= this.caps.perAddress) {
        this.refused.add(socket);
        setTimeout(() => socket.destroy(), REFUSED_SOCKET_MS).unref();
        return;
      }
      this.perAddress.set(address, held + 1);
      this.addresses.set(socket, address);
    }
    this.idle.add(socket);
  }

  /** Whether the connection is over its address's cap (its request is answered 429). */
  isRefused(socket: Socket): boolean {
    return this.refused.has(socket);
  }

  /** The connection is working on `answer` (the latest, when requests arrive pipelined). */
  busy(socket: Socket, answer?: ServerResponse): void {
    this.idle.delete(socket);
    if (this.open.has(socket)) this.open.set(socket, answer);
  }

  /** The connection's answer is done: it is idle again, and the most recently used. */
  done(socket: Socket, answer?: ServerResponse): void {
    // A pipelined request's answer may have taken its place: the connection is still busy.
    if (!this.open.has(socket) || this.open.get(socket) !== answer) return;
    this.open.set(socket, undefined);
    if (!socket.destroyed) this.idle.add(socket);
  }

  /** The answers the open connections are working on. */
  *answers(): Iterable<ServerResponse> {
    for (const answer of this.open.values()) if (answer) yield answer;
  }

  private forget(socket: Socket): void {
    if (!this.open.delete(socket)) return;
    this.idle.delete(socket);
    this.refused.delete(socket);
    const address = this.addresses.get(socket);
    if (address === undefined) return;
    const held = (this.perAddress.get(address) ?? 1) - 1;
    if (held > 0) this.perAddress.set(address, held);
    else this.perAddress.delete(address);
  }
}

/**
 * How a copy lets go of its connections when it is told to stop (docs/decisions/0032): first
 * every answer, including those already being worked on, says `Connection: close`, so a client
 * or balancer opens its next request elsewhere while nothing is cut; then the listener closes, idle
 * connections are closed, and each busy one is closed once its answer is sent.
 */
export interface ConnectionDrain {
  /** From now on every answer closes its connection after it is sent. */
  closeAfterEachAnswer(): void;
  /**
   * Accepts no more connections, closes the idle ones, and resolves once the connections still
   * answering a request have sent their answer and closed.
   */
  stopAccepting(): Promise<void>;
}

/** An HTTP server with the timeouts and connection caps above around `handle`. */
export function createBoundedServer(
  handle: RequestListener,
  caps: ConnectionCaps = connectionCaps(),
): { server: Server; connections: ConnectionGuard; drain: ConnectionDrain } {
  const connections = new ConnectionGuard(caps);
  let closing = false;
  let stopped = false;
  const server = createServer({ ...SERVER_TIMEOUTS }, (req, res) => {
    if (connections.isRefused(req.socket)) return refuseOverAddressCap(res);
    connections.busy(req.socket, res);
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => {
      connections.done(req.socket, res);
      // Its answer went out with keep-alive before the listener closed: end it now it is idle.
      if (stopped && !req.socket.destroyed) req.socket.end();
    });
    return handle(req, res);
  });
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  server.on('connection', (socket: Socket) => connections.admit(socket));
  const drain: ConnectionDrain = {
    closeAfterEachAnswer() {
      closing = true;
      // Node sends `Connection: close` and closes after the answer when this is false.
      for (const res of connections.answers()) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    stopAccepting() {
      drain.closeAfterEachAnswer();
      stopped = true;
      return new Promise<void>((resolve) => {
        // close() stops listening and closes the idle connections; its callback runs once the
        // last connection has closed (or at once when the server was not listening).
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
  return { server, connections, drain };
}
