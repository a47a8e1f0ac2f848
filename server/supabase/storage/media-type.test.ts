import { describe, expect, it } from 'vitest';
import { canonicalMediaType, parseMediaType } from './media-type.ts';

const canonical = (value: string) => {
  const parsed = parseMediaType(value);
  return parsed && canonicalMediaType(parsed);
};

describe('reading a media type strictly', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/PNG', 'image/png'],
    ['image/png; charset=binary', 'image/png'],
    ['image/png;x=1', 'image/png'],
    ['image/svg+xml', 'image/svg+xml'],
    ['text/plain;charset=UTF-8', 'text/plain; charset=UTF-8'],
    ['text/plain ; Charset="utf-8"', 'text/plain; charset=utf-8'],
    ['application/x-thing; name="a b\\"c"', 'application/x-thing; name="a b\\"c"'],
    ['image/webp;', 'image/webp'],
  ])('reads %j as %j', (value, expected) => {
    expect(canonical(value)).toBe(expected);
  });

  it.each([
    ['a second type after a comma in a parameter', 'image/png;x=1,text/html'],
    ['two types', 'image/png,text/html'],
    ['a type with no subtype', 'png'],
    ['an empty subtype', 'image/'],
    ['two slashes', 'image/png/html'],
    ['a space inside the essence', 'image /png'],
    ['a parameter without a value', 'image/png; x'],
    ['an empty parameter value', 'image/png; x='],
    ['an unterminated quoted value', 'image/png; x="1'],
    ['text after a quoted value', 'image/png; x="1"2'],
    ['a control character', 'image/png;\u0000x=1'],
    ['a line break', 'image/png\r\nX-Evil: 1'],
    ['a character past ASCII', 'image/pngé'],
    ['an empty string', ''],
    ['something far too long', `image/png; x=${'a'.repeat(300)}`],
  ])('refuses %s', (_, value) => {
    expect(parseMediaType(value)).toBeUndefined();
  });
});
