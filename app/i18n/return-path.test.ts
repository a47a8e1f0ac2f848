import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH_LENGTH, safeReturnPath } from './return-path';

describe('a return address', () => {
  it.each([
    ['/', '/'],
    ['/sv/blog', '/sv/blog'],
    ['/blog?page=2', '/blog?page=2'],
    ['/blog/a-post#comments', '/blog/a-post#comments'],
    ['/sv/blogg?q=%C3%A5r', '/sv/blogg?q=%C3%A5r'],
    ['/blog/../contact', '/contact'],
  ])('keeps the site path %j', (value, expected) => {
    expect(safeReturnPath(value, 'en')).toBe(expected);
  });

  it.each([
    ['another host, protocol-relative', '//evil.example/x'],
    ['three slashes', '///evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a tab, percent-encoded', '/%09/evil.example'],
    ['a line feed, percent-encoded', '/%0a/evil.example'],
    ['a carriage return, percent-encoded', '/%0D/evil.example'],
    ['a null byte, percent-encoded', '/blog%00'],
    ['a control character in the query', '/blog?x=%1b'],
    ['a raw line break', '/blog\r\nSet-Cookie: x=1'],
    ['a backslash', '/\\evil.example'],
    ['a backslash, percent-encoded', '/%5Cevil.example'],
    ['a backslash later on', '/blog\\x'],
    ['a slash, percent-encoded', '/%2Fevil.example'],
    ['a slash, encoded twice', '/%252Fevil.example'],
    ['a slash, encoded far too often', '/%2525252525252Fevil.example'],
    ['a dot segment making two slashes', '/.//evil.example'],
    ['an encoded dot segment making two slashes', '/%2e//evil.example'],
    ['a scheme', 'https://evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'blog'],
    ['a space', '/ /evil.example'],
    ['a character past ASCII', '/blogg/år'],
    ['a broken percent sign', '/blog%'],
    ['an empty string', ''],
    ['something far too long', `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`],
    ['a number', 7],
    ['nothing', undefined],
  ])('sends %s home instead', (_, value) => {
    expect(safeReturnPath(value, 'en')).toBe('/');
    expect(safeReturnPath(value, 'sv')).toBe('/sv');
  });

  it('keeps a path of plain characters and dots as the browser resolves it', () => {
    // Every arrangement of these up to four characters after the first /: dots resolve as dot
    // segments, and whatever then starts with // is another host.
    const alphabet = ['a', 'Z', '0', '-', '_', '~', '/', '.'];
    let longest = [''];
    const rests = [''];
    for (let length = 1; length <= 4; length++) {
      longest = longest.flatMap((rest) => alphabet.map((char) => rest + char));
      rests.push(...longest);
    }
    for (const rest of rests) {
      const value = `/${rest}`;
      const resolved = value.startsWith('//')
        ? '//'
        : new URL(value, 'http://site.invalid').pathname;
      const expected = resolved.startsWith('//') ? '/' : resolved;
      expect(safeReturnPath(value, 'en')).toBe(expected);
    }
  });
});
