// The backup's container: a gzip'd POSIX tar (ustar, with a pax header for a name over 100 bytes or
// a file of 8 GiB or more), so `tar tzf backup-….tar.gz` lists it and `tar xzf` opens it with no
// tool of ours. Written entry by entry with each entry's SHA-256 taken on the way; read back
// entry by entry, refusing names that would leave the folder it is opened into.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export class BadArchiveError extends Error {
  constructor(message: string) {
    super(`Not a readable backup: ${message}`);
    this.name = 'BadArchiveError';
  }
}

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function octal(value: number, digits: number): string {
  return value.toString(8).padStart(digits, '0');
}

function headerBlock(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, name);
  field(header, 100, 8, octal(0o600, 7));
  field(header, 108, 8, octal(0, 7));
  field(header, 116, 8, octal(0, 7));
  field(header, 124, 12, octal(Math.min(size, MAX_OCTAL_SIZE), 11));
  field(header, 136, 12, octal(Math.floor(mtime / 1000), 11));
  field(header, 148, 8, '        ');
  field(header, 156, 1, type);
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${octal(sum, 6)}\0 `);
  return header;
}

/** One pax record, "<length> key=value\n", where length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let length = bodyBytes + 1;
  while (String(length).length + bodyBytes !== length) length = String(length).length + bodyBytes;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

export interface WrittenEntry {
  name: string;
  bytes: number;
  sha256: string;
}

/** Writes entries into a gzip'd tar file; `close` ends it (two zero blocks) and flushes. */
export class TarWriter {
  private readonly gzip = createGzip();
  private readonly out: Writable;
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.out = createWriteStream(file, { mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = finished(this.out);
    // The first failure surfaces through `done`; without a listener it would crash the process.
    this.gzip.on('error', (error) => this.out.destroy(error));
    this.done.catch(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) {
      await Promise.race([
        new Promise<void>((resolve) => this.gzip.once('drain', () => resolve())),
        this.done.then(() => {
          throw new Error('The backup file closed while it was being written');
        }),
      ]);
    }
  }

  /** Adds an entry of exactly `size` bytes read from `source`; answers its SHA-256. */
  async add(name: string, size: number, source: Readable | Buffer): Promise<WrittenEntry> {
    const nameBytes = Buffer.byteLength(name);
    if (nameBytes > 100 || size > MAX_OCTAL_SIZE) {
      const pax = Buffer.from(
        (nameBytes > 100 ? paxRecord('path', name) : '') +
          (size > MAX_OCTAL_SIZE ? paxRecord('size', String(size)) : ''),
      );
      await this.write(headerBlock('././@PaxHeader', pax.length, 'x', Date.now()));
      await this.write(pax);
      await this.write(padding(pax.length));
    }
    const shortName = nameBytes > 100 ? Buffer.from(name).subarray(0, 100).toString() : name;
    await this.write(headerBlock(shortName, size, '0', Date.now()));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
      const bytes = chunk as Buffer;
      if (written + bytes.length > size) throw new Error(`${name} grew while it was being copied`);
      hash.update(bytes);
      written += bytes.length;
      await this.write(bytes);
    }
    if (written !== size) throw new Error(`${name} shrank while it was being copied`);
    await this.write(padding(size));
    return { name, bytes: size, sha256: hash.digest('hex') };
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }

  /** Stops writing after a failure; the caller removes the file. */
  destroy(): void {
    this.gzip.destroy();
    this.out.destroy();
  }
}

/** Pulls exact byte counts from a stream of chunks, whatever their sizes. */
export class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted) {
      const { value, done } = await this.source.next();
      if (done) return;
      this.chunks.push(value);
      this.length += value.length;
    }
  }

  /** Up to `max` bytes (fewer only at the end of the stream). */
  async take(max: number): Promise<Buffer> {
    // A block may arrive over several chunks (gunzip's end where its input's chunks end).
    await this.fill(max);
    const all = Buffer.concat(this.chunks);
    const taken = all.subarray(0, max);
    this.chunks = [all.subarray(taken.length)];
    this.length = all.length - taken.length;
    return taken;
  }

  async exactly(count: number): Promise<Buffer> {
    await this.fill(count);
    if (this.length < count) throw new BadArchiveError('it ends in the middle of an entry');
    return this.take(count);
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new BadArchiveError('a header is damaged');
  return text ? parseInt(text, 8) : 0;
}

function checksumMatches(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === readOctal(block, 148, 8);
}

function parsePax(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = line.match(/^\d+ ([^=]+)=(.*)$/s);
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

/** A name that stays inside the folder it is opened into: relative, no `..`, no empty parts. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export interface ReadEntry {
  name: string;
  bytes: number;
  sha256: string;
  /** Where the entry was written. */
  file: string;
}

/**
 * Opens a gzip'd tar into `intoDir`, entry by entry (files only; folders are made as needed), and
 * answers each entry with its SHA-256. Refuses an entry that would land outside `intoDir`, a link,
 * and an archive that ends early.
 */
export async function extractTar(archive: string, intoDir: string): Promise<ReadEntry[]> {
  const gunzip = createGunzip();
  const reader = new ByteReader(createReadStream(archive).pipe(gunzip));
  const entries: ReadEntry[] = [];
  let pax: Record<string, string> = {};
  try {
    for (;;) {
      const block = await reader.take(BLOCK);
      if (block.length === 0) throw new BadArchiveError('it ends before its closing blocks');
      if (block.length < BLOCK) throw new BadArchiveError('it ends in the middle of a header');
      if (block.every((byte) => byte === 0)) return entries;
      if (!checksumMatches(block)) throw new BadArchiveError('a header is damaged');
      const type = String.fromCharCode(block[156]!);
      const prefix = readString(block, 345, 155);
      const baseName = readString(block, 0, 100);
      const name = pax.path ?? (prefix ? `${prefix}/${baseName}` : baseName);
      const size = pax.size !== undefined ? Number(pax.size) : readOctal(block, 124, 12);
      pax = {};
      if (type === 'x') {
        pax = parsePax((await reader.exactly(size)).toString('utf8'));
        await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
        continue;
      }
      if (type === '5') continue;
      if (type !== '0' && type !== '\0')
        throw new BadArchiveError(`${name} is not a plain file (type ${type})`);
      if (!isSafeEntryName(name))
        throw new BadArchiveError(`the entry ${JSON.stringify(name)} would leave its folder`);
      const file = path.join(intoDir, ...name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      const out = createWriteStream(file, { mode: 0o600 });
      const hash = createHash('sha256');
      for (let left = size; left > 0;) {
        const chunk = await reader.take(Math.min(left, 1 << 20));
        if (chunk.length === 0) throw new BadArchiveError('it ends in the middle of an entry');
        hash.update(chunk);
        left -= chunk.length;
        if (!out.write(chunk))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      out.end();
      await finished(out);
      await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
      entries.push({ name, bytes: size, sha256: hash.digest('hex'), file });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR')
      throw new BadArchiveError('it is not a gzip file, or a damaged one');
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR')
      throw new BadArchiveError('it ends early');
    throw error;
  } finally {
    gunzip.destroy();
  }
}
