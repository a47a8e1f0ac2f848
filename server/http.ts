import type { IncomingMessage, ServerResponse } from 'node:http';
import { utf8Body } from '#shared/utf8.ts';

/** A mounted API: gets the request with its parsed URL (path still carries the mount prefix). */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** Request bodies are capped so one client cannot exhaust memory. */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super(`Request body is larger than ${MAX_BODY_BYTES} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyTooLargeError();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = utf8Body(typeof body === 'string' ? body : JSON.stringify(body));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** '::ffff:127.0.0.1' → '127.0.0.1'; anything else as it is. */
export function plainAddress(address: string): string {
  if (!address.startsWith('::')) return address;
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/**
 * The visitor's address: the socket's peer, or, when the peer is a proxy we trust, the address
 * that proxy put in X-Forwarded-For. Loopback peers are always trusted (the site's own server-side
 * requests and a reverse proxy on the same machine); `trustedHops` more proxies may be named with
 * TRUST_PROXY. Walking from the right, as each proxy appends, so a client cannot forge its way past.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  // A visitor's own connection, with no proxy in front: the usual case, answered without a walk.
  if (forwardedFor === undefined) return plainAddress(peer ?? 'unknown');
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => plainAddress(entry.trim()))
    .filter(Boolean);
  chain.push(plainAddress(peer ?? 'unknown'));
  let i = chain.length - 1;
  let hops = trustedHops;
  while (i > 0) {
    if (isLoopback(chain[i]!)) i--;
    else if (hops > 0) {
      hops--;
      i--;
    } else break;
  }
  return chain[i]!;
}

/**
 * The client's address. The server writes the resolved address into X-Forwarded-For when a
 * request arrives (server/app.ts), so the APIs, the database (request.headers) and the site's
 * own actions read the same value; a request that did not pass through there uses its socket.
 */
export function clientIp(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded === 'string' && forwarded !== '' && !forwarded.includes(','))
    return forwarded;
  return plainAddress(req.socket.remoteAddress ?? 'unknown');
}

/** What every answer of the APIs carries for a browser: anyone may read it, and these headers. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'Content-Range, X-Supabase-Api-Version, x-sb-error-code, ETag, Content-Disposition',
};

/**
 * A browser's preflight is answered with the methods and request headers it may send as well, for
 * a day; a browser reads those only there. The storage client adds x-upsert, x-metadata and
 * cache-control to uploads, and a page may read a file's ETag and Content-Disposition.
 */
export const CORS_PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, x-supabase-api-version, x-retry-count, range, x-upsert, x-metadata, cache-control',
  'Access-Control-Max-Age': '86400',
};
