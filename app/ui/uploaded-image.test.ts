import { describe, expect, it } from 'vitest';
import {
  imageAttributes,
  imageCopyPath,
  imageSources,
  originalImagePath,
  uploadedImage,
} from './uploaded-image';

const base = 'https://project.supabase.co/storage/v1/object/public/blog-images/2026-11-24-ab12cd';

describe('uploadedImage', () => {
  it('reads the size from the address, and lists the smaller copies narrower than the original', () => {
    expect(uploadedImage(`${base}/1200x800-r.jpg`)).toEqual({
      width: 1200,
      height: 800,
      srcSet: `${base}/480w.webp 480w, ${base}/960w.webp 960w, ${base}/1200x800-r.jpg 1200w`,
    });
  });

  it('offers only the original when no copies were made', () => {
    expect(uploadedImage(`${base}/400x300.png`)).toEqual({
      width: 400,
      height: 300,
      srcSet: `${base}/400x300.png 400w`,
    });
  });

  it('works on the site’s own origin (the embedded backend)', () => {
    const local = 'http://127.0.0.1:3000/storage/v1/object/public/blog-images/x1/2000x1000-r.avif';
    expect(uploadedImage(local)?.srcSet.split(', ')).toHaveLength(4);
  });

  it('knows nothing of other addresses', () => {
    for (const url of [
      'https://images.example.com/1200x800.jpg',
      `${base}/photo.jpg`,
      `${base}/1200x800.gif`,
      `${base}/0x800.jpg`,
      'https://project.supabase.co/storage/v1/object/public/other-bucket/a/10x10.png',
    ])
      expect(uploadedImage(url), url).toBeNull();
  });
});

describe('image paths', () => {
  it('name the original by its size, and each copy by its width', () => {
    expect(originalImagePath('f1', { width: 1600, height: 900 }, 'jpg', true)).toBe(
      'f1/1600x900-r.jpg',
    );
    expect(originalImagePath('f1', { width: 300, height: 200 }, 'png', false)).toBe(
      'f1/300x200.png',
    );
    expect(imageCopyPath('f1', 480)).toBe('f1/480w.webp');
  });
});

describe('imageAttributes', () => {
  it('gives an uploaded image its size, srcset and sizes, and another image nothing', () => {
    expect(imageAttributes(`${base}/400x300.png`, '100vw')).toEqual({
      width: 400,
      height: 300,
      srcSet: `${base}/400x300.png 400w`,
      sizes: '100vw',
    });
    expect(imageAttributes('https://images.example.com/a.jpg', '100vw')).toEqual({});
  });
});

describe('imageSources', () => {
  it('gives an uploaded image in a fixed box its copies, and another image nothing', () => {
    expect(imageSources(`${base}/1200x800-r.jpg`, '50vw')).toEqual({
      srcSet: `${base}/480w.webp 480w, ${base}/960w.webp 960w, ${base}/1200x800-r.jpg 1200w`,
      sizes: '50vw',
    });
    expect(imageSources('https://images.example.com/a.jpg', '50vw')).toEqual({});
  });
});
