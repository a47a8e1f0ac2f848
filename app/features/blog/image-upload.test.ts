import { describe, expect, it } from 'vitest';
import {
  imageFileProblem,
  imageMarkdown,
  insertBlock,
  MAX_IMAGE_BYTES,
  newImageFolder,
  replaceBlock,
} from './image-upload';

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

describe('insertBlock', () => {
  const image = '![A chart](https://x.test/c.png)';

  it('puts an image pasted mid-line on its own line, with a blank line either side', () => {
    expect(insertBlock('Sales grew fast this year.', 11, image)).toBe(
      `Sales grew\n\n${image}\n\nfast this year.`,
    );
  });

  it('adds only the blank lines that are missing', () => {
    expect(insertBlock('Intro.\n', 7, image)).toBe(`Intro.\n\n${image}`);
    expect(insertBlock('Intro.\n\n', 8, image)).toBe(`Intro.\n\n${image}`);
    expect(insertBlock('Intro.\n\nMore.', 8, image)).toBe(`Intro.\n\n${image}\n\nMore.`);
    expect(insertBlock('Intro.\nMore.', 7, image)).toBe(`Intro.\n\n${image}\n\nMore.`);
  });

  it('needs no blank line at the start or the end of the content', () => {
    expect(insertBlock('', 0, image)).toBe(image);
    expect(insertBlock('Text.', 0, image)).toBe(`${image}\n\nText.`);
    expect(insertBlock('Text.', 5, image)).toBe(`Text.\n\n${image}`);
  });
});

describe('replaceBlock', () => {
  const placeholder = '![Uploading chart.png...]()';

  it('puts the image where its placeholder was', () => {
    expect(replaceBlock(`A\n\n${placeholder}\n\nB`, placeholder, '![x](u)')).toBe(
      'A\n\n![x](u)\n\nB',
    );
  });

  it('takes out a placeholder and its blank lines when the image is left out', () => {
    expect(replaceBlock(`A\n\n${placeholder}\n\nB`, placeholder, '')).toBe('A\n\nB');
    expect(replaceBlock(`A\n\n${placeholder}`, placeholder, '')).toBe('A');
    expect(replaceBlock(placeholder, placeholder, '')).toBe('');
  });

  it('leaves content without the placeholder alone', () => {
    expect(replaceBlock('A', placeholder, '![x](u)')).toBe('A');
  });
});

describe('imageMarkdown', () => {
  it('writes the writer’s alt text on one line, its brackets escaped', () => {
    expect(imageMarkdown('  Sales per\nmonth [2026] ', 'https://x.test/c.png')).toBe(
      '![Sales per month \\[2026\\]](https://x.test/c.png)',
    );
  });
});
