import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleImages } from '#tests/support/storage.ts';
import { StorageError } from './errors.ts';
import { isAllowedMimeType, receiveUpload, type UploadFacts } from './upload-body.ts';

const PNG = sampleImages['image/png'];
const AVIF = sampleImages['image/avif'];
/** A JPEG's first bytes, then filler up to `size`. */
const jpegOf = (size: number) =>
  Buffer.concat([sampleImages['image/jpeg'], Buffer.alloc(size)]).subarray(0, size);
const images = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

let dir: string;
let target: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'upload-body-'));
  target = path.join(dir, 'upload.part');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

/** A request as the server sees it, its body arriving in small chunks. */
function incoming(headers: Record<string, string>, body: Buffer): IncomingMessage {
  const chunks = Array.from({ length: Math.ceil(body.length / 5) }, (_, i) =>
    body.subarray(i * 5, i * 5 + 5),
  );
  return Object.assign(Readable.from(chunks), { headers }) as unknown as IncomingMessage;
}

/** The request storage-js sends for upload(path, blob, options): a form built by prepareUploadFormData. */
async function formRequest(fields: Record<string, string>, file: Blob): Promise<IncomingMessage> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('', file);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return incoming(
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

async function refusal(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe('receiving an upload', () => {
  it('streams a form from a Blob to the file, with its type, cache time, metadata and ETag', async () => {
    const seen: UploadFacts[] = [];
    const req = await formRequest(
      { cacheControl: '31536000', metadata: JSON.stringify({ alt: 'Hero' }) },
      new Blob([PNG], { type: 'image/png' }),
    );
    const upload = await receiveUpload(
      req,
      { maxBytes: 5 * 1024 * 1024, allowedMimeTypes: images },
      target,
      async (facts) => void seen.push(facts),
    );
    expect(upload).toEqual({
      mimeType: 'image/png',
      cacheControl: 'max-age=31536000',
      userMetadata: { alt: 'Hero' },
      size: PNG.length,
      eTag: `"${createHash('md5').update(PNG).digest('hex')}"`,
    });
    expect(seen).toHaveLength(1);
    expect((await readFile(target)).equals(PNG)).toBe(true);
  });

  it("takes a form's contentType field over the file part's type", async () => {
    const req = await formRequest(
      { contentType: 'image/webp' },
      new Blob([sampleImages['image/webp']], { type: 'application/octet-stream' }),
    );
    const upload = await receiveUpload(
      req,
      { maxBytes: 1024, allowedMimeTypes: ['image/*'] },
      target,
      async () => {},
    );
    expect(upload).toMatchObject({ mimeType: 'image/webp', cacheControl: 'no-cache' });
  });

  it('streams a raw body with its Content-Type, Cache-Control and x-metadata', async () => {
    const req = incoming(
      {
        'content-type': 'image/avif',
        'cache-control': 'max-age=60',
        'content-length': String(AVIF.length),
        'x-metadata': Buffer.from(JSON.stringify({ credit: 'Ada' })).toString('base64'),
      },
      AVIF,
    );
    const upload = await receiveUpload(
      req,
      { maxBytes: AVIF.length, allowedMimeTypes: images },
      target,
      async () => {},
    );
    expect(upload).toMatchObject({
      mimeType: 'image/avif',
      cacheControl: 'max-age=60',
      userMetadata: { credit: 'Ada' },
      declaredLength: AVIF.length,
      size: AVIF.length,
    });
    expect((await readFile(target)).equals(AVIF)).toBe(true);
  });

  it('refuses a raw body declared too large before reading it or asking the policies', async () => {
    let asked = false;
    const req = incoming({ 'content-type': 'image/png', 'content-length': '6000000' }, PNG);
    const error = await refusal(
      receiveUpload(req, { maxBytes: 5242880, allowedMimeTypes: images }, target, async () => {
        asked = true;
      }),
    );
    expect(error.body).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(asked).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('stops a form at the first byte over the limit and keeps nothing', async () => {
    const req = await formRequest({}, new Blob([jpegOf(2048)], { type: 'image/jpeg' }));
    const error = await refusal(
      receiveUpload(req, { maxBytes: 2047, allowedMimeTypes: images }, target, async () => {}),
    );
    expect(error.statusCode).toBe(413);
    expect(existsSync(target)).toBe(false);
  });

  it('takes a file of exactly the limit', async () => {
    const req = await formRequest({}, new Blob([jpegOf(2048)], { type: 'image/jpeg' }));
    const upload = await receiveUpload(
      req,
      { maxBytes: 2048, allowedMimeTypes: images },
      target,
      async () => {},
    );
    expect(upload.size).toBe(2048);
  });

  it.each([
    ['text/plain;charset=UTF-8', 'a raw text body', images],
    ['image/gif', 'a GIF', images],
    ['image/png;x=1,text/html', 'a second type smuggled in a parameter', images],
    ['image/png, text/html', 'two types', images],
    ['image/png\n', 'a type with a line break', images],
    ['image/svg+xml', 'SVG, which can hold script, even where images are allowed', ['image/*']],
  ])('refuses %j (%s) before the policies are asked, keeping nothing', async (type, _, allowed) => {
    let asked = false;
    const error = await refusal(
      receiveUpload(
        incoming({ 'content-type': type }, Buffer.from('GIF89a<script>alert(1)</script>')),
        { maxBytes: 1024, allowedMimeTypes: allowed },
        target,
        async () => {
          asked = true;
        },
      ),
    );
    expect(error.body).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: `mime type ${type} is not supported`,
    });
    expect(asked).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it.each([
    ['HTML declared as a PNG', 'image/png', Buffer.from('<!doctype html><h1>hi</h1>')],
    ['a PNG declared as a JPEG', 'image/jpeg', PNG],
    ['an empty file declared as a WebP', 'image/webp', Buffer.alloc(0)],
  ])('refuses %s by its bytes, keeping nothing', async (_, type, body) => {
    for (const req of [
      incoming({ 'content-type': type }, body),
      await formRequest({}, new Blob([body], { type })),
    ]) {
      const error = await refusal(
        receiveUpload(req, { maxBytes: 1024, allowedMimeTypes: images }, target, async () => {}),
      );
      expect(error.body).toEqual({
        statusCode: '415',
        code: 'InvalidMimeType',
        error: 'invalid_mime_type',
        message: `mime type ${type} does not match the file's content`,
      });
      expect(existsSync(target)).toBe(false);
    }
  });

  it('keeps the canonical type, not the header as sent', async () => {
    const upload = await receiveUpload(
      incoming({ 'content-type': 'IMAGE/PNG ; charset="binary"' }, PNG),
      { maxBytes: 1024, allowedMimeTypes: images },
      target,
      async () => {},
    );
    expect(upload.mimeType).toBe('image/png');
  });

  it('checks no bytes of a type that is not an image, in a bucket that takes any', async () => {
    const upload = await receiveUpload(
      incoming({ 'content-type': 'text/plain;charset=UTF-8' }, Buffer.from('notes')),
      { maxBytes: 1024, allowedMimeTypes: null },
      target,
      async () => {},
    );
    expect(upload.mimeType).toBe('text/plain; charset=UTF-8');
  });

  it("writes nothing when the policies refuse (beforeWrite's error is the answer)", async () => {
    const req = await formRequest({}, new Blob([PNG], { type: 'image/png' }));
    const refused = new Error('refused by policy');
    await expect(
      receiveUpload(req, { maxBytes: 1024, allowedMimeTypes: images }, target, async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses user metadata over 1 MiB', async () => {
    const req = await formRequest(
      { metadata: JSON.stringify({ x: 'y'.repeat(1024 * 1024) }) },
      new Blob([PNG], { type: 'image/png' }),
    );
    const error = await refusal(
      receiveUpload(req, { maxBytes: 1024, allowedMimeTypes: null }, target, async () => {}),
    );
    expect(error.message).toBe('The user_metadata exceeded the maximum allowed size');
  });

  it.each([
    [
      'a form without a file',
      '--b\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n1\r\n--b--',
    ],
    ['a form cut short', '--b\r\nContent-Disposition: form-data; name=""; filename="x"\r\n\r\nabc'],
  ])('refuses %s as an invalid request and keeps nothing', async (_, body) => {
    const error = await refusal(
      receiveUpload(
        incoming({ 'content-type': 'multipart/form-data; boundary=b' }, Buffer.from(body)),
        { maxBytes: 1024, allowedMimeTypes: null },
        target,
        async () => {},
      ),
    );
    expect(error.body).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    expect(existsSync(target)).toBe(false);
  });
});

describe('allowed mime types', () => {
  it.each([
    ['image/png', ['image/png'], true],
    ['image/PNG', ['image/png'], true],
    ['image/png; charset=binary', ['image/png'], true],
    ['image/svg+xml', ['image/*'], true],
    ['image/gif', images, false],
    ['text/plain', ['image/*'], false],
    ['png', ['image/png'], false],
    ['anything/at-all', [], true],
    ['anything/at-all', null, true],
  ] as const)('%s against %j: %s', (type, allowed, expected) => {
    expect(isAllowedMimeType(type, allowed)).toBe(expected);
  });
});
