import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  createCompressor,
  isCompressibleType,
  MIN_COMPRESSIBLE_BYTES,
  negotiateEncoding,
  varyWithAcceptEncoding,
} from './compression.ts';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The files scripts/precompress.ts writes beside each asset, by Content-Encoding. */
const precompressed = { br: '.br', gzip: '.gz' } as const;

async function fileSize(file: string): Promise<number | undefined> {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? info.size : undefined;
}

/**
 * Serves a file from the client build when one matches the path. Files under /assets/ carry a
 * content hash in their names and are cached for a year; the rest are revalidated. Text is sent
 * in the encoding the client prefers: the .br or .gz file the build wrote beside it, else
 * compressed on the fly, and as is when small or when the client accepts neither.
 */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  const file = path.join(root, path.normalize(pathname));
  if (!file.startsWith(root + path.sep)) return false;
  const size = await fileSize(file);
  if (size === undefined) return false;

  const type = types[path.extname(file)] ?? 'application/octet-stream';
  const headers: OutgoingHttpHeaders = {
    'Content-Type': type,
    'Cache-Control': pathname.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600',
  };
  let source = file;
  let length: number | undefined = size;
  let compressOnTheFly: 'br' | 'gzip' | undefined;
  if (isCompressibleType(type)) {
    headers.Vary = varyWithAcceptEncoding(undefined);
    const encoding =
      size >= MIN_COMPRESSIBLE_BYTES
        ? negotiateEncoding(req.headers['accept-encoding'])
        : 'identity';
    if (encoding !== 'identity') {
      headers['Content-Encoding'] = encoding;
      const sibling = file + precompressed[encoding];
      const siblingSize = await fileSize(sibling);
      if (siblingSize === undefined) {
        compressOnTheFly = encoding;
        length = undefined;
      } else {
        source = sibling;
        length = siblingSize;
      }
    }
  }
  if (length !== undefined) headers['Content-Length'] = length;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const body = createReadStream(source);
  await (
    compressOnTheFly ? pipeline(body, createCompressor(compressOnTheFly), res) : pipeline(body, res)
  ).catch((error: NodeJS.ErrnoException) => {
    // A visitor who leaves mid-download is no error of the server's.
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') res.destroy(error);
  });
  return true;
}
