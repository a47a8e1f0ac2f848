// The body of an upload as storage-js sends it: a multipart form (from a Blob or File: fields
// `cacheControl`, `metadata`, then the file) or the raw bytes (Content-Type, Cache-Control,
// x-metadata). Either way the file is streamed to disk while its bytes are counted and hashed,
// and refused at the size limit, so it is never held in memory whole (supabase/storage
// src/storage/uploader.ts: fileUploadFromRequest). Stricter than Storage: the declared type must be
// a well-formed media type (kept in its canonical form), and a file declared as an image must be a
// plain one (PNG, JPEG, WebP, GIF, AVIF) whose first bytes say so, before any byte is kept.
import { createHash } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { contentNotOfType, entityTooLarge, invalidMimeType, invalidRequest } from './errors.ts';
import { imageTypeOf, PLAIN_IMAGE_TYPES, SIGNATURE_BYTES } from './image-signature.ts';
import { canonicalMediaType, parseMediaType } from './media-type.ts';
import { formBoundary, MultipartError, MultipartReader } from './multipart.ts';

/** Storage's cap on user metadata (its MAX_CUSTOM_METADATA_SIZE). */
const MAX_USER_METADATA_BYTES = 1024 * 1024;
/** @fastify/multipart's limit as Storage sets it. */
const MAX_FIELDS = 10;

export interface UploadRules {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** The bucket's allowed_mime_types; empty or null takes any type. */
  allowedMimeTypes: readonly string[] | null;
}

/** What is known of an upload before its bytes are read. */
export interface UploadFacts {
  mimeType: string;
  /** As Storage keeps it: `max-age=<seconds>`, or whatever Cache-Control a raw upload sent. */
  cacheControl: string;
  userMetadata?: unknown;
  /** The Content-Length of a raw upload. */
  declaredLength?: number;
}

export interface ReceivedUpload extends UploadFacts {
  size: number;
  /** `"<md5 hex>"`, as S3 and Storage's file backend give it. */
  eTag: string;
}

/** Storage's validateMimeType: `type/subtype` or `type/*` (compared without parameters or case). */
export function isAllowedMimeType(mimeType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mimeType.split(';')[0]!.trim().toLowerCase().split('/');
  if (!type || !subtype) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/** A value that will be sent back as a response header must be printable ASCII. */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

/**
 * The facts as they will be kept, the type in its canonical form, or Storage's invalid_mime_type
 * for a type that is malformed, not the bucket's, or an image that is not a plain one (SVG).
 */
function checkFacts(facts: UploadFacts, rules: UploadRules): UploadFacts {
  const mediaType = parseMediaType(facts.mimeType);
  const canonical = mediaType && canonicalMediaType(mediaType);
  if (
    !mediaType ||
    !canonical ||
    !isAllowedMimeType(canonical, rules.allowedMimeTypes) ||
    (mediaType.type === 'image' && !PLAIN_IMAGE_TYPES.includes(canonical))
  ) {
    throw invalidMimeType(facts.mimeType);
  }
  if (!HEADER_SAFE.test(facts.cacheControl)) throw invalidRequest('Invalid cache-control');
  return { ...facts, mimeType: canonical };
}

/** For a file declared as an image: its first bytes must be that image's. */
function contentCheck(mimeType: string): ((head: Buffer) => void) | undefined {
  if (!PLAIN_IMAGE_TYPES.includes(mimeType)) return undefined;
  return (head) => {
    if (imageTypeOf(head) !== mimeType) throw contentNotOfType(mimeType);
  };
}

/** Holds back the first `bytes` of a stream (fewer if it ends first) for `check` to see. */
async function* checkedHead(
  chunks: AsyncIterable<Buffer>,
  bytes: number,
  check: (head: Buffer) => void,
): AsyncGenerator<Buffer> {
  const held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of chunks) {
    if (heldBytes >= bytes) {
      yield chunk;
      continue;
    }
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes >= bytes) {
      const head = Buffer.concat(held);
      check(head);
      yield head;
    }
  }
  if (heldBytes < bytes) {
    const head = Buffer.concat(held);
    check(head);
    yield head;
  }
}

function parseUserMetadata(json: string): unknown {
  if (Buffer.byteLength(json) > MAX_USER_METADATA_BYTES) throw entityTooLarge('user_metadata');
  try {
    return JSON.parse(json);
  } catch {
    return undefined; // as Storage: metadata that is not JSON is dropped, not refused
  }
}

/**
 * Streams chunks to a new file, refusing past maxBytes, and, with `checkHead`, refusing a file
 * whose first bytes it throws for before any is written; the file is removed on any failure.
 */
export async function writeUpload(
  chunks: AsyncIterable<Buffer>,
  target: string,
  maxBytes: number,
  checkHead?: (head: Buffer) => void,
): Promise<{ size: number; eTag: string }> {
  const file = await open(target, 'wx');
  const md5 = createHash('md5');
  let size = 0;
  try {
    const body = checkHead ? checkedHead(chunks, SIGNATURE_BYTES, checkHead) : chunks;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) throw entityTooLarge();
      md5.update(chunk);
      await file.write(chunk);
    }
    // On disk before its row commits: a row must never name a file a crash could lose.
    await file.datasync();
    await file.close();
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(target).catch(() => undefined);
    throw error;
  }
  return { size, eTag: `"${md5.digest('hex')}"` };
}

async function* partBody(reader: MultipartReader): AsyncGenerator<Buffer> {
  for (let chunk = await reader.read(); chunk; chunk = await reader.read()) yield chunk;
}

async function readField(reader: MultipartReader): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of partBody(reader)) {
    size += chunk.length;
    if (size > MAX_USER_METADATA_BYTES) throw entityTooLarge('user_metadata');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function receiveForm(
  source: AsyncIterable<Buffer>,
  boundary: string,
  rules: UploadRules,
  target: string,
  beforeWrite: (facts: UploadFacts) => Promise<void>,
): Promise<ReceivedUpload> {
  const reader = new MultipartReader(source, boundary);
  const fields = new Map<string, string>();
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    if (part.filename === undefined) {
      if (fields.size >= MAX_FIELDS) throw invalidRequest('Too many fields');
      fields.set(part.name, await readField(reader));
      continue;
    }
    // The first file is the upload; fields after it are not read, as with Storage.
    const cacheTime = fields.get('cacheControl');
    const metadata = fields.get('metadata') ?? fields.get('userMetadata');
    const facts = checkFacts(
      {
        mimeType: fields.get('contentType') || part.contentType || 'application/octet-stream',
        cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
        ...(metadata === undefined ? {} : { userMetadata: parseUserMetadata(metadata) }),
      },
      rules,
    );
    await beforeWrite(facts);
    const written = await writeUpload(
      partBody(reader),
      target,
      rules.maxBytes,
      contentCheck(facts.mimeType),
    );
    try {
      while (await reader.nextPart());
      await reader.drain();
    } catch (error) {
      await unlink(target).catch(() => undefined);
      throw error;
    }
    return { ...facts, ...written };
  }
  throw invalidRequest('No content provided');
}

async function receiveRaw(
  req: IncomingMessage,
  source: AsyncIterable<Buffer>,
  rules: UploadRules,
  target: string,
  beforeWrite: (facts: UploadFacts) => Promise<void>,
): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  const metadata = req.headers['x-metadata'];
  const facts = checkFacts(
    {
      mimeType: req.headers['content-type'] || 'application/octet-stream',
      cacheControl: req.headers['cache-control'] ?? 'no-cache',
      ...(typeof metadata === 'string'
        ? { userMetadata: parseUserMetadata(Buffer.from(metadata, 'base64').toString('utf8')) }
        : {}),
      ...(Number.isFinite(declared) ? { declaredLength: declared } : {}),
    },
    rules,
  );
  // Known to be too large: refused before a byte is read.
  if (facts.declaredLength !== undefined && facts.declaredLength > rules.maxBytes) {
    throw entityTooLarge();
  }
  await beforeWrite(facts);
  return {
    ...facts,
    ...(await writeUpload(source, target, rules.maxBytes, contentCheck(facts.mimeType))),
  };
}

/**
 * Receives an upload into `target`. `beforeWrite` runs once the file's type is known and allowed
 * and before any of its bytes are written (the caller checks the row-level policies there).
 * On failure nothing is left at `target`, and the request is left open and unread past the
 * point of refusal, so the caller can still answer it.
 */
export async function receiveUpload(
  req: IncomingMessage,
  rules: UploadRules,
  target: string,
  beforeWrite: (facts: UploadFacts) => Promise<void>,
): Promise<ReceivedUpload> {
  const contentType = req.headers['content-type'];
  const boundary = formBoundary(contentType);
  if (!boundary && contentType && /^multipart\/form-data/i.test(contentType)) {
    throw invalidRequest('No content provided');
  }
  // Leaving a request's iterator early must not destroy the request (and the answer with it).
  const source = req.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
  try {
    return boundary
      ? await receiveForm(source, boundary, rules, target, beforeWrite)
      : await receiveRaw(req, source, rules, target, beforeWrite);
  } catch (error) {
    await source.return?.();
    throw error instanceof MultipartError ? invalidRequest(error.message) : error;
  }
}
