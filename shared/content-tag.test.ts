import { describe, expect, it } from 'vitest';
import { contentTagOf } from './content-tag.ts';

describe('contentTagOf', () => {
  it('gives the same bytes the same weak ETag and other bytes another', () => {
    const tag = contentTagOf(Buffer.from('<p>one</p>'));
    expect(tag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(contentTagOf(new TextEncoder().encode('<p>one</p>'))).toBe(tag);
    expect(contentTagOf(Buffer.from('<p>two</p>'))).not.toBe(tag);
  });
});
