import { describe, expect, it } from 'vitest';
import { formBoundary, MultipartError, MultipartReader, type PartHeaders } from './multipart.ts';

/** The bytes and Content-Type fetch sends for a FormData, as storage-js builds it. */
async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function* inChunks(body: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
}

/** Every part with its whole body. */
async function readAll(
  body: Buffer,
  contentType: string,
  chunkSize: number,
): Promise<Array<PartHeaders & { data: Buffer }>> {
  const reader = new MultipartReader(inChunks(body, chunkSize), formBoundary(contentType)!);
  const parts: Array<PartHeaders & { data: Buffer }> = [];
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    const chunks: Buffer[] = [];
    for (let chunk = await reader.read(); chunk; chunk = await reader.read()) chunks.push(chunk);
    parts.push({ ...part, data: Buffer.concat(chunks) });
  }
  return parts;
}

// Bytes that look like a delimiter to a careless reader: line breaks, dashes, and a boundary-ish tail.
const tricky = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\r\n--\r\n----formdata-undici-0\r\n--'),
  Buffer.alloc(70_000, 0x2d),
  Buffer.from('\r\n'),
]);

describe('the multipart reader', () => {
  it.each([1, 7, 64, 65_536])(
    'reads the fields and the file storage-js sends, in chunks of %i bytes',
    async (chunkSize) => {
      const form = new FormData();
      form.append('cacheControl', '31536000');
      form.append('metadata', JSON.stringify({ alt: 'A "quoted" picture' }));
      form.append('', new Blob([tricky], { type: 'image/png' }), 'hero image.png');
      const { body, contentType } = await encode(form);
      const parts = await readAll(body, contentType, chunkSize);
      expect(parts.map(({ data: _, ...headers }) => headers)).toEqual([
        { name: 'cacheControl' },
        { name: 'metadata' },
        { name: '', filename: 'hero image.png', contentType: 'image/png' },
      ]);
      expect(parts[0]!.data.toString()).toBe('31536000');
      expect(JSON.parse(parts[1]!.data.toString())).toEqual({ alt: 'A "quoted" picture' });
      expect(parts[2]!.data.equals(tricky)).toBe(true);
    },
  );

  it('reads an empty file', async () => {
    const form = new FormData();
    form.append('', new Blob([], { type: 'image/webp' }));
    const { body, contentType } = await encode(form);
    const [file] = await readAll(body, contentType, 5);
    expect(file).toMatchObject({ name: '', filename: 'blob', contentType: 'image/webp' });
    expect(file!.data.length).toBe(0);
  });

  it('skips a part nobody reads, and whatever comes after the last delimiter', async () => {
    const body = Buffer.from(
      'preamble\r\n--b\r\nContent-Disposition: form-data; name="skipped"\r\n\r\nnot read\r\n' +
        '--b\r\nContent-Disposition: form-data; name=kept\r\n\r\nvalue\r\n--b--\r\nepilogue',
    );
    const reader = new MultipartReader(inChunks(body, 3), 'b');
    expect(await reader.nextPart()).toEqual({ name: 'skipped' });
    expect(await reader.nextPart()).toEqual({ name: 'kept' });
    const chunks: Buffer[] = [];
    for (let chunk = await reader.read(); chunk; chunk = await reader.read()) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('value');
    expect(await reader.nextPart()).toBeUndefined();
    await reader.drain();
  });

  it.each([
    [
      'a body cut short inside a part',
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc',
    ],
    ['a body without its boundary', 'just some bytes'],
    ['a part that is not form-data', '--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--'],
    ['a delimiter followed by garbage', '--bx\r\n\r\n'],
  ])('refuses %s', async (_, text) => {
    await expect(readAll(Buffer.from(text), 'multipart/form-data; boundary=b', 4)).rejects.toThrow(
      MultipartError,
    );
  });

  it('refuses a header block larger than 16 KiB', async () => {
    const text = `--b\r\nContent-Disposition: form-data; name="x"\r\nX-Long: ${'y'.repeat(20_000)}\r\n\r\n`;
    await expect(
      readAll(Buffer.from(text), 'multipart/form-data; boundary=b', 1024),
    ).rejects.toThrow('Part headers too large');
  });
});

describe('the boundary of a Content-Type', () => {
  it.each([
    ['multipart/form-data; boundary=----formdata-undici-0123', '----formdata-undici-0123'],
    ['Multipart/Form-Data; charset=utf-8; boundary="a b"', 'a b'],
  ])('reads %s', (contentType, boundary) => {
    expect(formBoundary(contentType)).toBe(boundary);
  });

  it.each([undefined, 'image/png', 'multipart/mixed; boundary=x', 'multipart/form-data'])(
    'finds none in %s',
    (contentType) => {
      expect(formBoundary(contentType)).toBeUndefined();
    },
  );
});
