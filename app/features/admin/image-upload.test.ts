import { describe, expect, it } from 'vitest';
import { altFromFileName, imageFileProblem, MAX_IMAGE_BYTES, newImageFolder } from './image-upload';

describe('imageFileProblem', () => {
  it('accepts JPEG, PNG, WebP and AVIF up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
      expect(imageFileProblem({ type, size: MAX_IMAGE_BYTES }), type).toBeNull();
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
  });

  it('names what is wrong with any other file', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe(
      'Choose a JPEG, PNG, WebP or AVIF image.',
    );
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(
      'Choose a JPEG, PNG, WebP or AVIF image.',
    );
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(
      'The image is larger than 5 MB. Choose a smaller one.',
    );
    expect(imageFileProblem({ type: 'image/png', size: 0 })).toBe(
      'This file could not be read as an image.',
    );
  });
});

describe('newImageFolder', () => {
  it('starts with the day, so the bucket reads in order, and is new for every upload', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(newImageFolder(now, 'abc')).toBe('2026-11-24-abc');
    expect(newImageFolder(now)).not.toBe(newImageFolder(now));
  });
});

describe('altFromFileName', () => {
  it('turns a file name into words', () => {
    expect(altFromFileName('spring-offer_2.png')).toBe('spring offer 2');
    expect(altFromFileName('Chart.Q3.webp')).toBe('Chart.Q3');
  });
});
