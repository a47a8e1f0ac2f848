// Text as UTF-8 bytes, as quickly for a page with a curly quote as for one without. V8 keeps a
// string one byte a character while it holds nothing beyond Latin-1, and writes such a string as
// UTF-8 at about memory speed; one character beyond (a curly quote, a dash, an arrow) makes the
// whole string two bytes a character, which V8 writes as UTF-8 one character at a time: on the
// project's machine a rendered post of 27,000 characters took about 140 µs through Buffer.from, and
// 24 µs as UTF-16 through ICU's converter (`transcode`), the same bytes. Shared by the site (its
// rendered pages) and the server (the bodies of its answers).
import { transcode } from 'node:buffer';

/** Only a string held two bytes a character can match; on one held one byte, V8 answers at once. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * Shorter text is written as quickly by V8 itself as through the converter (the two meet at
 * about 2,000 characters of a page).
 */
export const CONVERTED_FROM = 2048;

/** `text` as UTF-8, or undefined where Node's own encoding is as quick (short or one-byte text). */
function converted(text: string): Buffer<ArrayBuffer> | undefined {
  if (text.length < CONVERTED_FROM || !BEYOND_LATIN1.test(text)) return undefined;
  try {
    // Typed as any Buffer, whose memory might be shared; the converter's never is.
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8') as Buffer<ArrayBuffer>;
  } catch {
    // A lone surrogate, which the converter refuses: Buffer.from writes U+FFFD for it.
    return undefined;
  }
}

/** The UTF-8 bytes of `text`, exactly those of `Buffer.from(text)`. */
export function utf8Bytes(text: string): Buffer<ArrayBuffer> {
  return converted(text) ?? Buffer.from(text);
}

/**
 * A body to hand to Node as it is: the text itself where Node writes it quickly (it is then
 * written with the answer's head in one piece), else its UTF-8 bytes.
 */
export function utf8Body(text: string): string | Buffer<ArrayBuffer> {
  return converted(text) ?? text;
}
