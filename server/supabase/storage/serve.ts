// Sends an object's bytes (from the byte store: files or S3) the way Storage's asset renderer does (Content-Type, Content-Length,
// ETag, Last-Modified, Cache-Control from what was stored at upload; 304 when the client's copy is
// current; X-Robots-Tag: none), plus what a file served from the site's own origin needs: nosniff
// and a sandboxing Content-Security-Policy, so an uploaded file can never run script here. The type
// sent is the stored one read strictly and written canonically; a file kept with a type that does
// not parse (stored before uploads were checked) goes out as application/octet-stream. Also the
// answer to info(): the object's row with the same validators.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { sendJson } from '#server/http.ts';
import type { StoredBytes } from './byte-store.ts';
import { StorageError } from './errors.ts';
import { canonicalMediaType, parseMediaType } from './media-type.ts';
import type { StoredObject } from './objects.ts';

/** The row is there but its file is not: Storage's renderer answers this for a missing blob. */
export const fileNotFound = () =>
  new StorageError(404, 'NoSuchKey', 'The resource was not found', { error: 'Not found' });

const HEADER_SAFE = /^[\x20-\x7e]+$/;

function safe(value: string | undefined): string | undefined {
  return value !== undefined && HEADER_SAFE.test(value) ? value : undefined;
}

/** The Content-Type a stored file is served with. */
export function servedContentType(stored: unknown): string {
  const mediaType = typeof stored === 'string' ? parseMediaType(stored) : undefined;
  return mediaType ? canonicalMediaType(mediaType) : 'application/octet-stream';
}

/** Whether If-None-Match names this ETag (weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, eTag: string | undefined): boolean {
  if (!header || !eTag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(eTag));
}

/** True when the client's copy is current: If-None-Match first, else If-Modified-Since. */
export function isNotModified(
  headers: IncomingMessage['headers'],
  eTag: string | undefined,
  lastModified: Date | undefined,
): boolean {
  if (headers['if-none-match']) return matchesEtag(headers['if-none-match'], eTag);
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return lastModified !== undefined && !Number.isNaN(since) && lastModified.getTime() <= since;
}

/** `attachment` with the file name a `?download=` asked for, as Storage's renderer words it. */
function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

export interface SendOptions {
  /** The bytes of the object's current version (with `withBody`, else only their size). */
  bytes: (withBody: boolean) => Promise<StoredBytes | undefined>;
  object: StoredObject;
  /** Served through the public route: caches may keep it. Otherwise the copy is the caller's own. */
  shared: boolean;
  /** `?download=` when present. */
  download: string | null;
}

export async function sendObject(
  req: IncomingMessage,
  res: ServerResponse,
  options: SendOptions,
): Promise<void> {
  const metadata = options.object.metadata ?? {};
  const eTag = safe(metadata.eTag);
  const modified = metadata.lastModified ? new Date(metadata.lastModified) : undefined;
  const lastModified = modified && !Number.isNaN(modified.getTime()) ? modified : undefined;
  const notModified = isNotModified(req.headers, eTag, lastModified);
  // Missing bytes are a 404 even to a client whose copy is current, so the store is always asked.
  const stored = await options.bytes(!notModified && req.method !== 'HEAD');
  if (!stored) throw fileNotFound();
  const { body } = stored;
  try {
    const headers: Record<string, string> = {
      'Cache-Control': `${options.shared ? 'public' : 'private'}, ${safe(metadata.cacheControl) ?? 'no-cache'}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Robots-Tag': 'none',
      ...(eTag ? { ETag: eTag } : {}),
      ...(lastModified ? { 'Last-Modified': lastModified.toUTCString() } : {}),
    };
    if (notModified) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': servedContentType(metadata.mimetype),
      'Content-Length': String(stored.size),
      ...(options.download !== null
        ? { 'Content-Disposition': contentDisposition(options.download) }
        : {}),
    });
    if (!body) {
      res.end();
      return;
    }
    await pipeline(body, res);
  } finally {
    // A body not sent (or cut off) is let go: a file handle closed, an S3 answer dropped.
    if (body && !body.readableEnded) body.destroy();
  }
}

/** The answer to info(): the object's row as storage-js reads it, with its validators. */
export function sendInfo(res: ServerResponse, object: StoredObject): void {
  const metadata = object.metadata ?? {};
  const lastModified = metadata.lastModified ? new Date(metadata.lastModified) : undefined;
  sendJson(
    res,
    200,
    {
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: object.user_metadata,
      last_modified: object.updated_at,
      created_at: object.created_at,
    },
    {
      'Cache-Control': 'no-cache',
      ...(metadata.eTag ? { ETag: metadata.eTag } : {}),
      ...(lastModified && !Number.isNaN(lastModified.getTime())
        ? { 'Last-Modified': lastModified.toUTCString() }
        : {}),
    },
  );
}
