import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadArchiveError, ByteReader, extractTar, isSafeEntryName, TarWriter } from './tar.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'backup-tar-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const longName = `files/blog-images/${'a-very-long-folder-name/'.repeat(6)}picture.png#0f3c`;

async function writeArchive(entries: Array<[string, Buffer]>): Promise<string> {
  const file = path.join(dir, 'archive.tar.gz');
  const tar = new TarWriter(file);
  for (const [name, bytes] of entries) {
    // Streamed in small chunks, as a stored file is.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) =>
      bytes.subarray(i * 1000, (i + 1) * 1000),
    );
    await tar.add(name, bytes.length, Readable.from(chunks));
  }
  await tar.close();
  return file;
}

describe('the backup archive', () => {
  const entries: Array<[string, Buffer]> = [
    ['data/public.blog_posts.jsonl', Buffer.from('{"id":1}\n{"id":2}\n')],
    ['empty.jsonl', Buffer.alloc(0)],
    [longName, Buffer.alloc(70_000, 7)],
    ['manifest.json', Buffer.from('{"format":"leadgen-backup"}')],
  ];

  it('reads back every entry, with its bytes and checksum, long names included', async () => {
    const archive = await writeArchive(entries);
    const out = path.join(dir, 'out');
    const read = await extractTar(archive, out);
    expect(read.map((entry) => entry.name)).toEqual(entries.map(([name]) => name));
    for (const [name, bytes] of entries) {
      const entry = read.find((e) => e.name === name)!;
      expect(entry.sha256).toBe(sha256(bytes));
      expect(await readFile(entry.file)).toEqual(bytes);
    }
  });

  it('is a tar file the system tar lists', async () => {
    const archive = await writeArchive(entries);
    const { stdout } = await promisify(execFile)('tar', ['-tzf', archive]);
    expect(stdout.trim().split('\n')).toEqual(entries.map(([name]) => name));
  });

  it('answers the checksum of what it wrote', async () => {
    const tar = new TarWriter(path.join(dir, 'one.tar.gz'));
    const bytes = Buffer.from('hello');
    await expect(tar.add('hello.txt', 5, bytes)).resolves.toEqual({
      name: 'hello.txt',
      bytes: 5,
      sha256: sha256(bytes),
    });
    await tar.close();
  });

  it('refuses a file that changed size while it was copied', async () => {
    const tar = new TarWriter(path.join(dir, 'bad.tar.gz'));
    await expect(tar.add('grew.txt', 3, Buffer.from('four'))).rejects.toThrow(/grew/);
    tar.destroy();
  });

  it('refuses an entry that would leave the folder it is opened into', async () => {
    const archive = await writeArchive([['../outside.txt', Buffer.from('x')]]);
    await expect(extractTar(archive, path.join(dir, 'out'))).rejects.toThrow(
      /would leave its folder/,
    );
    await expect(stat(path.join(dir, 'outside.txt'))).rejects.toThrow();
  });

  it('refuses an archive cut short, and a file that is no archive', async () => {
    const archive = await writeArchive(entries);
    await truncate(archive, Math.floor((await stat(archive)).size / 2));
    await expect(extractTar(archive, path.join(dir, 'cut'))).rejects.toThrow(BadArchiveError);
    const notGzip = path.join(dir, 'notes.txt');
    await writeFile(notGzip, 'just some words');
    await expect(extractTar(notGzip, path.join(dir, 'words'))).rejects.toThrow(BadArchiveError);
  });

  it.each(['', '/etc/passwd', 'a/../b', 'a//b', './a', 'a\\b'])(
    'does not take %j as an entry name',
    (name) => expect(isSafeEntryName(name)).toBe(false),
  );
});

describe('reading an archive chunk by chunk', () => {
  it('gives a whole block when it arrives over chunks of any size, a short one only at the end', async () => {
    const bytes = Buffer.from(Array.from({ length: 1300 }, (_, i) => i % 251));
    const chunks = [bytes.subarray(0, 300), bytes.subarray(300, 301), bytes.subarray(301)];
    const reader = new ByteReader(Readable.from(chunks));
    expect(await reader.take(512)).toEqual(bytes.subarray(0, 512));
    expect(await reader.take(512)).toEqual(bytes.subarray(512, 1024));
    expect(await reader.take(512)).toEqual(bytes.subarray(1024));
    expect(await reader.take(512)).toHaveLength(0);
  });
});
