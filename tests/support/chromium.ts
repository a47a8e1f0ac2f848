// The Chromium the suite brings from the npm registry: @sparticuz/chromium ships a headless
// Chromium for Linux x64 as one brotli file, which is unpacked once per version into
// node_modules/.cache. CHROMIUM_PATH names another (the machine's own, say) instead.
import { createReadStream, existsSync } from 'node:fs';
import os from 'node:os';
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

let resolved: Promise<string> | undefined;

/** The path of the Chromium to launch, unpacked on first use. */
export function chromiumExecutable(): Promise<string> {
  resolved ??= process.env.CHROMIUM_PATH
    ? Promise.resolve(process.env.CHROMIUM_PATH)
    : process.platform === 'linux' && os.arch() === 'x64'
      ? unpackChromium()
      : machineChrome();
  return resolved;
}

/** Where Chrome or Chromium is installed on machines the package ships no build for. */
const machineBrowsers: Partial<Record<NodeJS.Platform, string[]>> = {
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    `${process.env.PROGRAMFILES ?? 'C:\\Program Files'}\\Google\\Chrome\\Application\\chrome.exe`,
    `${process.env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)'}\\Google\\Chrome\\Application\\chrome.exe`,
  ],
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
};

async function machineChrome(): Promise<string> {
  const found = (machineBrowsers[process.platform] ?? []).find((file) => existsSync(file));
  if (found) return found;
  throw new Error(
    `@sparticuz/chromium ships a Chromium for Linux x64 only, and no Chrome or Chromium was ` +
      `found on this ${process.platform}-${os.arch()} machine. Install one, or set CHROMIUM_PATH ` +
      `to its executable.`,
  );
}

async function unpackChromium(): Promise<string> {
  // The package exports only build/index.js; its root is the folder above.
  // (createRequire rather than import.meta.resolve, which Vitest's global setup lacks.)
  const packageDir = path.dirname(
    path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')),
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
