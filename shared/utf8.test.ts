import { describe, expect, it } from 'vitest';
import { CONVERTED_FROM, utf8Body, utf8Bytes } from './utf8.ts';

/** Long text of a page's kind around `piece`, past the length from which it is converted. */
const page = (piece: string) =>
  `<p>Welcome to the ${piece} sequence</p>`.repeat(Math.ceil(CONVERTED_FROM / 20));

describe('utf8Bytes', () => {
  it.each([
    ['short text', 'a “b” c'],
    ['long ASCII', page('three-email')],
    ['long Latin-1 (held one byte a character)', page('välkomst')],
    ['long text with curly quotes and dashes', page('“three-email” – ←')],
    ['long Swedish with quotes', page('”välkomst” – åäö')],
    ['long text with a surrogate pair', page('😀 emoji')],
    ['long text with a lone high surrogate', page('lone \ud800 high')],
    ['long text with a lone low surrogate', page('lone \udc00 low')],
    ['long text ending in a lone surrogate', page('“end”') + '\ud83d'],
  ])('writes %s as Buffer.from does', (_name, text) => {
    expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
  });
});

describe('utf8Body', () => {
  it('leaves text Node writes quickly as it is: short, or nothing beyond Latin-1', () => {
    expect(utf8Body('a “b” c')).toBe('a “b” c');
    expect(utf8Body(page('välkomst'))).toBe(page('välkomst'));
  });

  it('gives long text with a character beyond Latin-1 as its UTF-8 bytes', () => {
    const text = page('“three-email” – ←');
    const body = utf8Body(text);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect((body as Buffer).toString('utf8')).toBe(text);
  });

  it('leaves text the converter refuses (a lone surrogate) to Node, which replaces it', () => {
    const text = page('lone \ud800 high');
    expect(utf8Body(text)).toBe(text);
  });
});
