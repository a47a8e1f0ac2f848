// The client build's files (build/client): listed once when the site starts, since the build does
// not change while the server runs, so that a request for a page costs a lookup rather than a
// look at the disk (docs/decisions/0037-rendered-pages-without-repeated-work.md).
import { createReadStream, readdirSync, statSync, type Dirent } from 'node:fs';
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

interface StaticFile {
  file: string;
  size: number;
  /** The precompressed copies' sizes, where the build wrote them. */
  copies: Partial<Record<keyof typeof precompressed, number>>;
}

/** Answers a request with a file of the build when one has its path; false when none has. */
export type ServeStatic = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/** Every file under `root`, by the URL path that names it ("/assets/entry-abc.js"). */
function listFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = '/' + path.relative(root, file).split(path.sep).join('/');
    files.set(urlPath, { file, size: statSync(file).size, copies: {} });
  }
  for (const [urlPath, info] of files) {
    for (const [encoding, suffix] of Object.entries(precompressed)) {
      const copy = files.get(urlPath + suffix);
      if (copy) info.copies[encoding as keyof typeof precompressed] = copy.size;
    }
  }
  return files;
}

/**
 * Serves the files under `root`, as they were when this was called. Files under /assets/ carry a
 * content hash in their names and are cached for a year; the rest are revalidated. Text is sent
 * in the encoding the client prefers: the .br or .gz file the build wrote beside it, else
 * compressed on the fly, and as is when small or when the client accepts neither.
 */
export function staticFiles(root: string): ServeStatic {
  const files = listFiles(root);
  return async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = path.posix.normalize(decodeURIComponent(url.pathname));
    } catch {
      return false;
    }
    const found = files.get(pathname);
    if (!found) return false;

    const type = types[path.extname(found.file)] ?? 'application/octet-stream';
    const headers: OutgoingHttpHeaders = {
      'Content-Type': type,
      'Cache-Control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
    };
    let source = found.file;
    let length: number | undefined = found.size;
    let compressOnTheFly: 'br' | 'gzip' | undefined;
    if (isCompressibleType(type)) {
      headers.Vary = varyWithAcceptEncoding(undefined);
      const encoding =
        found.size >= MIN_COMPRESSIBLE_BYTES
          ? negotiateEncoding(req.headers['accept-encoding'])
          : 'identity';
      if (encoding !== 'identity') {
        headers['Content-Encoding'] = encoding;
        const copySize = found.copies[encoding];
        if (copySize === undefined) {
          compressOnTheFly = encoding;
          length = undefined;
        } else {
          source = found.file + precompressed[encoding];
          length = copySize;
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
      compressOnTheFly
        ? pipeline(body, createCompressor(compressOnTheFly), res)
        : pipeline(body, res)
    ).catch((error: NodeJS.ErrnoException) => {
      // A visitor who leaves mid-download is no error of the server's.
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') res.destroy(error);
    });
    return true;
  };
}
