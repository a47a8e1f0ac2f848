// What a file's first bytes say it is, for the raster images a browser shows as pictures and
// nothing else: PNG, JPEG, WebP, GIF and AVIF (their magic numbers). An upload declared as an image
// must be one of these, and the one it says: SVG is a document that can hold script and links, so
// it is no plain image, and a file whose bytes say otherwise is not what it claims.

/** How many leading bytes the check needs at most. */
export const SIGNATURE_BYTES = 64;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** An ISO-BMFF `ftyp` box naming an AVIF brand, as its major or a compatible brand. */
function isAvif(head: Buffer): boolean {
  if (!startsWith(head, ascii('ftyp'), 4)) return false;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  const brands: string[] = [head.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(head.toString('latin1', at, at + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => startsWith(head, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]),
  'image/jpeg': (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  'image/webp': (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  'image/gif': (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')),
  'image/avif': isAvif,
};

/** The image types whose bytes can be told, in canonical form. */
export const PLAIN_IMAGE_TYPES: readonly string[] = Object.keys(SIGNATURES);

/** The plain image type a file's first bytes carry, or undefined when they carry none. */
export function imageTypeOf(head: Buffer): string | undefined {
  return PLAIN_IMAGE_TYPES.find((type) => SIGNATURES[type]!(head));
}
