import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectFiles } from './files.ts';

let dataDir: string;
let files: ObjectFiles;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'object-files-'));
  files = new ObjectFiles(dataDir);
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

describe('object files on disk', () => {
  it('keeps each version as <bucket>/<name>#<version> under DATA_DIR/storage', () => {
    expect(files.pathOf('blog-images', '2026/hero.png', 'v1')).toBe(
      path.join(dataDir, 'storage', 'blog-images', '2026', 'hero.png#v1'),
    );
  });

  it('names no file for a version written by hand that is not ours', () => {
    expect(files.pathOf('b', 'x.png', null)).toBeUndefined();
    expect(files.pathOf('b', 'x.png', '../../etc')).toBeUndefined();
  });

  it.each([
    ['..', 'x.png'],
    ['b', '../x.png'],
    ['b', 'a/../../x.png'],
    ['b', '/etc/passwd'],
  ])('refuses to make a path of bucket %j and name %j', (bucket, name) => {
    expect(() => files.pathOf(bucket, name, 'v1')).toThrow(/Invalid key/);
  });

  it('moves an upload into place, and removes it with the folders it leaves empty', async () => {
    const upload = await files.uploadPath();
    await writeFile(upload, 'bytes');
    const file = await files.place(upload, 'b', 'a/b/c.png', 'v1');
    expect(await readFile(file, 'utf8')).toBe('bytes');
    expect(existsSync(upload)).toBe(false);
    await writeFile(path.join(dataDir, 'storage', 'b', 'a', 'kept.png#v1'), 'other');
    await files.remove('b', 'a/b/c.png', 'v1');
    expect(existsSync(path.join(dataDir, 'storage', 'b', 'a', 'b'))).toBe(false);
    expect(await readdir(path.join(dataDir, 'storage', 'b', 'a'))).toEqual(['kept.png#v1']);
    // Removing what is already gone is not an error.
    await files.remove('b', 'a/b/c.png', 'v1');
  });

  it('keeps two versions of one name side by side', async () => {
    for (const version of ['v1', 'v2']) {
      const upload = await files.uploadPath();
      await writeFile(upload, version);
      await files.place(upload, 'b', 'x.png', version);
    }
    expect((await readdir(path.join(dataDir, 'storage', 'b'))).sort()).toEqual([
      'x.png#v1',
      'x.png#v2',
    ]);
  });
});

describe('unfinished uploads', () => {
  /** An upload file as a process with this pid on this host would have left it. */
  async function leftBy(pid: number, host = os.hostname()): Promise<string> {
    const dir = path.join(files.uploads, host);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `0b7c2b1e-5e4b-4a8e-9d55-6a0f1e1f2a3b.${pid}.part`);
    await writeFile(file, 'partial');
    return file;
  }

  it('are all removed when the data directory is ours alone', async () => {
    await leftBy(process.pid);
    await leftBy(1, 'another-host');
    expect(await files.sweepUploads({ everything: true, staleAfterMs: 3_600_000 })).toBe(2);
    expect(existsSync(files.uploads)).toBe(false);
  });

  it("are removed when their process is gone, but not a running process's", async () => {
    const running = await leftBy(process.pid);
    // Far above any pid the system hands out.
    const dead = await leftBy(2 ** 22 + 12345);
    expect(await files.sweepUploads({ everything: false, staleAfterMs: 3_600_000 })).toBe(1);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(dead)).toBe(false);
  });

  it('from another host are removed only once they have been untouched for long', async () => {
    const fresh = await leftBy(1, 'another-host');
    expect(await files.sweepUploads({ everything: false, staleAfterMs: 3_600_000 })).toBe(0);
    const hourAgo = new Date(Date.now() - 3_600_001);
    await utimes(fresh, hourAgo, hourAgo);
    expect(await files.sweepUploads({ everything: false, staleAfterMs: 3_600_000 })).toBe(1);
  });

  it('are nothing to do when none were ever written', async () => {
    expect(await files.sweepUploads({ everything: false, staleAfterMs: 0 })).toBe(0);
  });
});
