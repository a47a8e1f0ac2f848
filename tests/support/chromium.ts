// The Chromium the suite brings from the npm registry: @sparticuz/chromium ships a headless
// Chromium for Linux x64 as one brotli file, which is unpacked once per version into
// node_modules/.cache. CHROMIUM_PATH names another (the machine's own, say) instead.
import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

let resolved: Promise<string> | undefined;

/** The path of the Chromium to launch, unpacked on first use. */
export function chromiumExecutable(): Promise<string> {
  resolved ??= process.env.CHROMIUM_PATH
    ? Promise.resolve(process.env.CHROMIUM_PATH)
    : unpackChromium();
  return resolved;
}

async function unpackChromium(): Promise<string> {
  // The package exports only build/index.js; its root is the folder above.
  const packageDir = path.dirname(
    path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))),
  );
  const packageJson = path.join(packageDir, 'package.json');
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  const cacheDir = path.resolve('node_modules/.cache/sparticuz-chromium', version);
  const binary = path.join(cacheDir, 'chromium');
  if (existsSync(binary)) return binary;

  await mkdir(cacheDir, { recursive: true });
  // Unpacked beside its final name and renamed into place: processes starting at once (test
  // workers, the bench) each write their own file, and none ever runs a half-written one.
  const partial = `${binary}.${process.pid}.partial`;
  const file = await open(partial, 'w', 0o755);
  await pipeline(
    createReadStream(path.join(packageDir, 'bin', 'chromium.br')),
    createBrotliDecompress(),
    file.createWriteStream(),
  );
  await chmod(partial, 0o755);
  await rename(partial, binary);
  return binary;
}
