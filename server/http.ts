import type { IncomingMessage, ServerResponse } from 'node:http';

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
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The client's address, for throttling. */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, x-supabase-api-version, x-retry-count, range',
  'Access-Control-Expose-Headers': 'Content-Range, X-Supabase-Api-Version, x-sb-error-code',
  'Access-Control-Max-Age': '86400',
};
