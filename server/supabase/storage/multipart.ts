// A streaming multipart/form-data reader (RFC 7578): one part after another, each body handed out
// chunk by chunk as it arrives, so a file is never held in memory whole. Only what storage-js
// sends needs to work: a few text fields, then the file.

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export interface PartHeaders {
  /** The form field's name (storage-js names its file part ""). */
  name: string;
  /** Present on file parts. */
  filename?: string;
  contentType?: string;
}

/** A part's header block may not be larger than this. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=…` Content-Type, if it is one. */
export function formBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 200 ? boundary : undefined;
}

/** `form-data; name="x"; filename="y"` → { name: 'x', filename: 'y' } (quoted or token values). */
function dispositionParameters(value: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const match of value.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
    parameters[match[1]!.toLowerCase()] = raw;
  }
  return parameters;
}

function parseHeaders(block: string): PartHeaders {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition');
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) {
    throw new MultipartError('A part without Content-Disposition: form-data');
  }
  const parameters = dispositionParameters(disposition);
  if (parameters.name === undefined) throw new MultipartError('A part without a name');
  const contentType = headers.get('content-type');
  return {
    name: parameters.name,
    ...(parameters.filename !== undefined ? { filename: parameters.filename } : {}),
    ...(contentType ? { contentType } : {}),
  };
}

export class MultipartReader {
  private readonly source: AsyncIterator<Buffer>;
  private readonly delimiter: Buffer;
  // The body's first delimiter has no line break before it; starting with one makes it like the rest.
  private buffer: Buffer = CRLF;
  private state: 'preamble' | 'body' | 'after-delimiter' | 'end' = 'preamble';

  constructor(source: AsyncIterable<Buffer>, boundary: string) {
    this.source = source[Symbol.asyncIterator]();
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** Appends the next chunk of the source; false at its end. */
  private async more(): Promise<boolean> {
    const { value, done } = await this.source.next();
    if (done) return false;
    const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    return true;
  }

  private async ensure(bytes: number): Promise<void> {
    while (this.buffer.length < bytes) {
      if (!(await this.more())) throw new MultipartError('Unexpected end of form');
    }
  }

  /**
   * The next chunk of the current part's body, or undefined at its end. Bytes that may begin the
   * delimiter are held back until the next chunk shows whether they do.
   */
  async read(): Promise<Buffer | undefined> {
    if (this.state !== 'body') return undefined;
    for (;;) {
      const at = this.buffer.indexOf(this.delimiter);
      if (at >= 0) {
        const chunk = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'after-delimiter';
        return chunk.length ? chunk : undefined;
      }
      const safe = this.buffer.length - (this.delimiter.length - 1);
      if (safe > 0) {
        const chunk = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        return chunk;
      }
      if (!(await this.more())) throw new MultipartError('Unexpected end of form');
    }
  }

  /** The next part's headers (skipping what is left of the current one), or undefined at the end. */
  async nextPart(): Promise<PartHeaders | undefined> {
    while (this.state === 'body') await this.read();
    while (this.state === 'preamble') {
      const at = this.buffer.indexOf(this.delimiter);
      if (at >= 0) {
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'after-delimiter';
      } else {
        this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - this.delimiter.length));
        if (!(await this.more())) throw new MultipartError('Multipart: Boundary not found');
      }
    }
    if (this.state === 'end') return undefined;
    await this.ensure(2);
    if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
      this.state = 'end';
      return undefined;
    }
    // Transport padding (spaces, tabs) may follow a delimiter before its line break.
    for (;;) {
      await this.ensure(1);
      if (this.buffer[0] !== 0x20 && this.buffer[0] !== 0x09) break;
      this.buffer = this.buffer.subarray(1);
    }
    await this.ensure(2);
    if (this.buffer[0] !== 0x0d || this.buffer[1] !== 0x0a) {
      throw new MultipartError('Malformed part delimiter');
    }
    // The delimiter line's CRLF stays, so an empty header block is found at 0 like any other.
    let end = this.buffer.indexOf(HEADER_END);
    while (end < 0) {
      if (this.buffer.length > MAX_HEADER_BYTES) throw new MultipartError('Part headers too large');
      if (!(await this.more())) throw new MultipartError('Unexpected end of form');
      end = this.buffer.indexOf(HEADER_END);
    }
    if (end > MAX_HEADER_BYTES) throw new MultipartError('Part headers too large');
    const block = this.buffer.subarray(CRLF.length, Math.max(CRLF.length, end)).toString('utf8');
    this.buffer = this.buffer.subarray(end + HEADER_END.length);
    const headers = parseHeaders(block);
    this.state = 'body';
    return headers;
  }

  /** Reads the rest of the source (the epilogue) so the client's request is wholly consumed. */
  async drain(): Promise<void> {
    this.buffer = Buffer.alloc(0);
    while (await this.more()) this.buffer = Buffer.alloc(0);
  }
}
