import { describe, expect, it } from 'vitest';
import { sampleImages } from '#tests/support/storage.ts';
import { imageTypeOf } from './image-signature.ts';

describe("telling an image's type from its first bytes", () => {
  it.each(Object.entries(sampleImages))('knows a real %s', (type, bytes) => {
    expect(imageTypeOf(bytes)).toBe(type);
  });

  it('knows a GIF and an AVIF named only as a compatible brand', () => {
    expect(imageTypeOf(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('image/gif');
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypmif1\0\0\0\0miafavif', 4, 'latin1');
    expect(imageTypeOf(ftyp)).toBe('image/avif');
  });

  it.each([
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['nothing', Buffer.alloc(0)],
    ['zeros', Buffer.alloc(64)],
    ['a cut-off PNG signature', sampleImages['image/png'].subarray(0, 4)],
    ['a RIFF that is not WebP', Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1')],
    ['an ISO file of another brand', Buffer.from('\0\0\0\x14ftypisom\0\0\0\0mp41', 'latin1')],
  ])('finds no image in %s', (_, bytes) => {
    expect(imageTypeOf(bytes)).toBeUndefined();
  });
});
