import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir: string | undefined;
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

it('writes .br and .gz copies of text assets that decode to the original', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  await mkdir(path.join(dir, 'nested'));
  const js = `console.log(${JSON.stringify('lead '.repeat(2000))});`;
  await writeFile(path.join(dir, 'entry-abc.js'), js);
  await writeFile(path.join(dir, 'nested/app-abc.css'), '.a{margin:0}'.repeat(200));
  await writeFile(path.join(dir, 'tiny-abc.js'), 'export{}');
  await writeFile(path.join(dir, 'photo-abc.png'), Buffer.alloc(5000));

  const written = await precompressDirectory(dir);

  const entry = path.join(dir, 'entry-abc.js');
  expect(zlib.brotliDecompressSync(await readFile(`${entry}.br`)).toString()).toBe(js);
  expect(zlib.gunzipSync(await readFile(`${entry}.gz`)).toString()).toBe(js);
  expect(existsSync(path.join(dir, 'nested/app-abc.css.br'))).toBe(true);
  expect(existsSync(path.join(dir, 'nested/app-abc.css.gz'))).toBe(true);
  expect(existsSync(path.join(dir, 'tiny-abc.js.br'))).toBe(false);
  expect(existsSync(path.join(dir, 'photo-abc.png.br'))).toBe(false);
  const report = written.find((file) => file.file === entry)!;
  expect(report.br).toBeLessThan(report.gzip!);
  expect(report.gzip).toBeLessThan(js.length);
});
