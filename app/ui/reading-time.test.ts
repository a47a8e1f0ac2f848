import { describe, expect, it } from 'vitest';
import { readingTimeMinutes } from './reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('readingTimeMinutes', () => {
  it('is at least one minute, even for an empty text', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('Short summary.')).toBe(1);
  });

  it('divides the words by 200 and rounds up', () => {
    expect(readingTimeMinutes(words(200))).toBe(1);
    expect(readingTimeMinutes(words(201))).toBe(2);
    expect(readingTimeMinutes(words(1000))).toBe(5);
  });

  it('counts words, not the spaces between them', () => {
    expect(readingTimeMinutes(`  ${words(201).replace(/ /g, '  \n ')}  `)).toBe(2);
  });
});
