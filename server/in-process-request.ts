// A fetch answered by a request listener in this process: the Request becomes an IncomingMessage
// (its body streamed in as the listener reads it) and what the listener writes to its response
// becomes a Response (its body streamed out as written). Only the socket and HTTP's framing are
// skipped; the listener sees the same method, path, headers and body, and answers with the same
// status, headers and bytes (docs/decisions/0034-the-sites-own-reads-in-process.md).
import { IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { Duplex, Writable } from 'node:stream';

export interface InProcessOptions {
  /** The Host header the listener sees, as if the request had come to its public port. */
  host: () => string;
  /** The peer address the listener sees (the loopback address a local socket would show). */
  remoteAddress?: string;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** A socket that carries nothing: what `req.socket` is for the listener (its peer address). */
class NoSocket extends Duplex {
  readonly encrypted = false;
  readonly remoteAddress: string;
  constructor(remoteAddress: string) {
    super();
    this.remoteAddress = remoteAddress;
  }
  override _read() {}
  override _write(_chunk: unknown, _encoding: BufferEncoding, done: () => void) {
    done();
  }
}

/** The listener's response: records status and headers, hands the body on as it is written. */
class InProcessResponse extends Writable {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  private readonly headers = new Map<string, { name: string; value: string | string[] }>();
  private body?: ReadableStreamDefaultController<Uint8Array>;
  private waiting?: () => void;

  private readonly method: string;
  private readonly onHead: (response: Response) => void;

  constructor(method: string, onHead: (response: Response) => void) {
    super();
    this.method = method;
    this.onHead = onHead;
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.headersSent) throw new Error(`Cannot set ${name} after the headers are sent`);
    const kept = Array.isArray(value) ? [...(value as string[])] : String(value);
    this.headers.set(name.toLowerCase(), { name, value: kept });
    return this;
  }
  getHeader(name: string): string | string[] | undefined {
    return this.headers.get(name.toLowerCase())?.value;
  }
  getHeaders(): Record<string, string | string[]> {
    return Object.fromEntries([...this.headers].map(([key, { value }]) => [key, value]));
  }
  getHeaderNames(): string[] {
    return [...this.headers.keys()];
  }
  hasHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase());
  }
  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }

  writeHead(
    status: number,
    reasonOrHeaders?: string | Record<string, number | string | string[]> | string[],
    maybeHeaders?: Record<string, number | string | string[]> | string[],
  ): this {
    this.statusCode = status;
    if (typeof reasonOrHeaders === 'string') this.statusMessage = reasonOrHeaders;
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i]!, headers[i + 1]!);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    }
    this.sendHead();
    return this;
  }

  flushHeaders(): void {
    this.sendHead();
  }

  private sendHead() {
    if (this.headersSent) return;
    this.headersSent = true;
    const headers = new Headers();
    for (const { name, value } of this.headers.values()) {
      for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
    }
    const bodyless = NO_BODY.has(this.statusCode) || this.method === 'HEAD';
    const body = bodyless
      ? null
      : new ReadableStream<Uint8Array>({
          start: (controller) => {
            this.body = controller;
          },
          pull: () => {
            const resume = this.waiting;
            this.waiting = undefined;
            resume?.();
          },
          cancel: () => {
            this.body = undefined;
            this.destroy();
          },
        });
    this.onHead(
      new Response(body, {
        status: this.statusCode,
        ...(this.statusMessage ? { statusText: this.statusMessage } : {}),
        headers,
      }),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void) {
    this.sendHead();
    const body = this.body;
    if (!body) return done();
    body.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    // Wait for the reader when it holds enough, as a socket would push back.
    if ((body.desiredSize ?? 1) > 0) done();
    else this.waiting = done;
  }

  override _final(done: (error?: Error) => void) {
    this.sendHead();
    this.body?.close();
    this.body = undefined;
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    const body = this.body;
    this.body = undefined;
    const resume = this.waiting;
    this.waiting = undefined;
    resume?.();
    // An answer cut midway reads as a failed body, as a dropped connection would.
    body?.error(error ?? new Error('The answer was cut off'));
    done(error);
  }
}

/** Reads a body to its end, dropping what it holds; a failed read ends it. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The body failed: nothing more will come.
  }
}

/** A fetch whose every request `listener` answers in this process. */
export function createInProcessFetch(
  listener: RequestListener,
  options: InProcessOptions,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const socket = new NoSocket(remoteAddress);
    const req = new IncomingMessage(socket as never);
    req.method = request.method;
    req.url = url.pathname + url.search;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const headers: Record<string, string> = {};
    const rawHeaders: string[] = [];
    request.headers.forEach((value, name) => {
      headers[name] = value;
      rawHeaders.push(name, value);
    });
    // The Host the public port would have seen: a mailed link without SITE_URL names it.
    headers.host = options.host();
    rawHeaders.push('host', headers.host);
    req.headers = headers;
    req.rawHeaders = rawHeaders;

    const reader = request.body?.getReader();
    if (!reader) {
      req.push(null);
      req.complete = true;
    } else {
      let reading = false;
      req._read = () => {
        if (reading) return;
        reading = true;
        reader.read().then(
          ({ done, value }) => {
            reading = false;
            if (done) {
              req.complete = true;
              req.push(null);
            } else req.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
          },
          (error: Error) => req.destroy(error),
        );
      };
    }

    return new Promise<Response>((resolve, reject) => {
      const res = new InProcessResponse(request.method, resolve);
      const signal = request.signal;
      const abort = () => {
        req.destroy();
        socket.destroy();
        res.destroy();
        reject(signal.reason);
      };
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      res.once('close', () => {
        signal.removeEventListener('abort', abort);
        if (!res.headersSent) reject(new TypeError('fetch failed: the answer was cut off'));
        // What the listener left unread is read to its end, not cancelled: a FormData body's
        // producer (undici's) keeps writing into a cancelled stream and rejects where nobody
        // listens. The caller is this process's own code, whose bodies are already in memory.
        if (reader) void drain(reader);
      });
      // The listener's own errors are its to answer (a 500); one that escapes is a failed fetch.
      Promise.resolve(listener(req, res as unknown as ServerResponse)).catch((error: unknown) => {
        reject(error);
        res.destroy();
      });
    });
  };
}
