// A small client of the S3 API on node:http/https, signed with SigV4 (s3-signing.ts): put, get,
// head, delete and list objects of one bucket by key, with bodies streamed both ways. Storage keeps
// uploaded files through it (server/supabase/storage/s3-objects.ts), and anything else that wants
// a file in the same bucket (backups) uses the same functions: createS3Client(settings).
import { createReadStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  amzDate,
  authorization,
  encodeKeyPath,
  sha256Hex,
  UNSIGNED_PAYLOAD,
  uriEncode,
} from './s3-signing.ts';

export interface S3Settings {
  /** The API's origin, e.g. https://s3.eu-north-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
}

/** An answer of the S3 API other than success, or no answer at all (status 0). */
export class S3Error extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'S3Error';
    this.status = status;
    this.code = code;
  }
}

export interface S3ObjectSummary {
  key: string;
  size: number;
  lastModified: string;
}

/** A body to put: bytes in memory, or a file streamed from disk (its size known). */
export type S3Body = Buffer | { file: string; size: number };

export interface S3Client {
  /** Writes an object; `md5Hex` (when known) lets S3 refuse bytes that changed on the way. */
  putObject(
    key: string,
    body: S3Body,
    options?: { contentType?: string; md5Hex?: string },
  ): Promise<void>;
  /** An object's bytes as a stream (read it to the end or destroy it), or undefined if none. */
  getObject(key: string): Promise<{ size: number; body: Readable } | undefined>;
  /** An object's size, or undefined if there is none. */
  headObject(key: string): Promise<{ size: number } | undefined>;
  /** Removes an object; removing one that is not there is no error (as S3 answers). */
  deleteObject(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, a page (S3's most: 1,000) at a time. */
  listObjects(prefix: string, pageSize?: number): AsyncGenerator<S3ObjectSummary>;
  close(): void;
}

/** A request that has had no byte for this long is given up (the socket's idle time). */
const IDLE_TIMEOUT_MS = 30_000;
/** Rejects an attempt that should be made once more. */
const RETRY = Symbol('retry');
/** The most of an error answer that is read. */
const MAX_ERROR_BYTES = 64 * 1024;
/** The most of a successful answer that is read: a page of 1,000 keys of 1,024 bytes fits. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const xmlText = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const element = (xml: string, name: string) =>
  new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];

/** The answer's text, or its first `limit` bytes (with `strict`, an error past them). */
async function readBounded(res: IncomingMessage, limit: number, strict = false): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      res.destroy();
      if (strict) throw new S3Error(res.statusCode ?? 0, 'TooLarge', 'S3 answered too much');
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The S3Error an unsuccessful answer stands for (its body read and dropped). */
async function failure(res: IncomingMessage, method: string): Promise<S3Error> {
  const xml = method === 'HEAD' ? '' : await readBounded(res, MAX_ERROR_BYTES).catch(() => '');
  const code = element(xml, 'Code') ?? `HTTP${res.statusCode}`;
  const message = element(xml, 'Message') ?? res.statusMessage ?? 'S3 request failed';
  return new S3Error(res.statusCode ?? 0, xmlText(code), xmlText(message));
}

/** Where a key is: `<endpoint>/<bucket>/<key>` in path style, else `<bucket>.<endpoint host>/<key>`. */
export function objectUrl(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>,
  key: string,
): URL {
  const endpoint = new URL(settings.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const url = new URL(endpoint.origin);
  const encoded = encodeKeyPath(key);
  if (settings.forcePathStyle) {
    url.pathname = `${basePath}/${encodeKeyPath(settings.bucket)}${key ? `/${encoded}` : ''}`;
  } else {
    url.hostname = `${settings.bucket}.${endpoint.hostname}`;
    url.pathname = `${basePath}/${encoded}`;
  }
  return url;
}

export function createS3Client(settings: S3Settings): S3Client {
  const secure = new URL(settings.endpoint).protocol === 'https:';
  // No cap of its own: a download holds one socket as a local file holds one descriptor, and the
  // server's connection caps (server/connections.ts) bound both; a cap here would queue uploads
  // behind slow readers.
  const agent = new (secure ? https : http).Agent({ keepAlive: true });

  async function send(
    method: string,
    key: string,
    options: {
      query?: Array<[string, string]>;
      headers?: Record<string, string>;
      body?: S3Body;
    } = {},
  ): Promise<IncomingMessage> {
    const url = objectUrl(settings, key);
    const query = options.query ?? [];
    for (const [name, value] of query) url.searchParams.append(name, value);
    const { body } = options;
    const payloadHash = Buffer.isBuffer(body)
      ? sha256Hex(body)
      : body
        ? UNSIGNED_PAYLOAD
        : sha256Hex('');
    const now = new Date();
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDate(now),
      'x-amz-content-sha256': payloadHash,
      ...options.headers,
      ...(body
        ? { 'content-length': String(Buffer.isBuffer(body) ? body.length : body.size) }
        : {}),
    };
    // The path as it goes on the wire: URL's serialisation would leave some characters unencoded.
    const path = url.pathname;
    const signed = authorization({ method, path, query, headers, payloadHash }, settings, now);
    const search = query.length
      ? `?${query.map(([n, v]) => `${uriEncode(n)}=${uriEncode(v)}`).join('&')}`
      : '';
    const attempt = () =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const request = (secure ? https : http).request({
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port || undefined,
          path: path + search,
          method,
          agent,
          timeout: IDLE_TIMEOUT_MS,
          headers: { ...headers, authorization: signed },
        });
        request.on('timeout', () =>
          request.destroy(new S3Error(0, 'Timeout', 'S3 did not answer')),
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection S3 closed as this request went out: the request never
          // reached it, so it is sent once more on a new one (Node's documented remedy).
          if (request.reusedSocket && error.code === 'ECONNRESET') reject(RETRY);
          else if (error instanceof S3Error) reject(error);
          else reject(new S3Error(0, 'Unreachable', error.message));
        });
        request.on('response', resolve);
        if (body && !Buffer.isBuffer(body)) {
          pipeline(createReadStream(body.file), request).catch((error: unknown) =>
            request.destroy(error as Error),
          );
        } else {
          request.end(body);
        }
      });
    return attempt().catch((error: unknown) => {
      if (error !== RETRY) throw error;
      return attempt().catch((again: unknown) => {
        throw again === RETRY ? new S3Error(0, 'Unreachable', 'S3 closed the connection') : again;
      });
    });
  }

  /** Sends and reads the whole (small) answer; anything but 2xx is thrown. */
  async function call(...args: Parameters<typeof send>): Promise<string> {
    const res = await send(...args);
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) throw await failure(res, args[0]);
    return readBounded(res, MAX_ANSWER_BYTES, true);
  }

  function sizeOf(res: IncomingMessage): number {
    const size = Number(res.headers['content-length']);
    if (!Number.isSafeInteger(size) || size < 0) {
      res.destroy();
      throw new S3Error(res.statusCode ?? 0, 'NoLength', 'S3 sent no Content-Length');
    }
    return size;
  }

  return {
    async putObject(key, body, options = {}) {
      await call('PUT', key, {
        body,
        headers: {
          'content-type': options.contentType ?? 'application/octet-stream',
          ...(options.md5Hex
            ? { 'content-md5': Buffer.from(options.md5Hex, 'hex').toString('base64') }
            : {}),
        },
      });
    },
    async getObject(key) {
      const res = await send('GET', key);
      if (res.statusCode === 404) {
        const error = await failure(res, 'GET');
        if (error.code === 'NoSuchKey') return undefined;
        throw error;
      }
      if (res.statusCode !== 200) throw await failure(res, 'GET');
      return { size: sizeOf(res), body: res };
    },
    async headObject(key) {
      const res = await send('HEAD', key);
      res.resume();
      if (res.statusCode === 404) return undefined;
      if (res.statusCode !== 200) throw await failure(res, 'HEAD');
      return { size: sizeOf(res) };
    },
    async deleteObject(key) {
      await call('DELETE', key);
    },
    async *listObjects(prefix, pageSize = 1000) {
      // ListObjects (version 1) paged by marker, the last key seen: every S3 API answers it, and
      // the test server cannot make version 2's continuation tokens on an OpenSSL without DES.
      let after: string | undefined;
      do {
        const xml = await call('GET', '', {
          query: [
            ['prefix', prefix],
            ['max-keys', String(pageSize)],
            ...(after ? [['marker', after] as [string, string]] : []),
          ],
        });
        let last: string | undefined;
        for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          last = xmlText(element(entry!, 'Key') ?? '');
          yield {
            key: last,
            size: Number(element(entry!, 'Size') ?? 0),
            lastModified: element(entry!, 'LastModified') ?? '',
          };
        }
        after = element(xml, 'IsTruncated') === 'true' ? last : undefined;
      } while (after);
    },
    close() {
      agent.destroy();
    },
  };
}
