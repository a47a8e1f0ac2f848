// Run by `npm run build` after `react-router build`: writes a brotli (.br) and a gzip (.gz) copy
// beside every compressible file under build/client/assets, at the highest settings, once. The
// server (server/product/site/static.ts) sends them to clients that accept br or gzip. Files under 1 KB, and
// copies that would not be smaller, are skipped; the server then sends the file as it is.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const assetsDir = path.resolve(import.meta.dirname, '../build/client/assets');

/** The text assets a build produces (the server compresses these types too). */
export const precompressedExtensions = [
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.html',
  '.map',
];

const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/** Writes file.br and file.gz for each compressible file in dir (recursively). */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && precompressedExtensions.includes(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const result: PrecompressedFile = { file, bytes: body.length };
      if (body.length < MIN_BYTES) return result;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < body.length) {
        await writeFile(`${file}.br`, br);
        result.br = br.length;
      }
      if (gz.length < body.length) {
        await writeFile(`${file}.gz`, gz);
        result.gzip = gz.length;
      }
      return result;
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await precompressDirectory(assetsDir);
  const total = (key: 'bytes' | 'br' | 'gzip') =>
    Math.round(written.reduce((sum, file) => sum + (file[key] ?? 0), 0) / 1024);
  console.log(
    `precompress: ${written.filter((file) => file.br).length} of ${written.length} assets, ` +
      `${total('bytes')} kB → ${total('br')} kB br, ${total('gzip')} kB gzip`,
  );
}
