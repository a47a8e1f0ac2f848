import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml';

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`Tips & <tricks> "quoted" 'single'`)).toBe(
      'Tips &amp; &lt;tricks&gt; &quot;quoted&quot; &apos;single&apos;',
    );
  });

  it('leaves Swedish letters as they are (the documents are UTF-8)', () => {
    expect(escapeXml('Så får du fler recensioner – ÅÄÖ')).toBe('Så får du fler recensioner – ÅÄÖ');
  });

  it('drops control characters XML 1.0 does not allow, keeping tabs and line breaks', () => {
    expect(escapeXml('a\u0000b\u0008c\td\ne')).toBe('abc\td\ne');
  });
});
