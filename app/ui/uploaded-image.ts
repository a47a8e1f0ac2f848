// Images the blog manager uploads (docs/decisions/0009) name their own size: the original is stored
// as `<folder>/<width>x<height>.<ext>` in the public `blog-images` bucket, and `-r` before the
// extension says smaller WebP copies were stored beside it as `<folder>/<w>w.webp` for each of
// IMAGE_WIDTHS narrower than the original. The pages read the address alone to give an image its
// width and height (so nothing moves as it loads) and a srcset (so a phone loads a phone's copy).
// The same address works on the embedded backend and on hosted Supabase Storage.

import { BLOG_IMAGES_BUCKET } from '~/data/images';

/** The widths of the smaller copies made of an uploaded image. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const UPLOADED = new RegExp(
  `^(?<folder>.*/storage/v1/object/public/${BLOG_IMAGES_BUCKET}/[\\w-]+)/` +
    `(?<width>\\d{1,5})x(?<height>\\d{1,5})(?<copies>-r)?\\.(?:jpe?g|png|webp|avif)$`,
);

export interface UploadedImage {
  width: number;
  height: number;
  /** Every stored copy with its width, the original last; just the original when it has none. */
  srcSet: string;
}

/** What an uploaded image's address tells; null for any other address. */
export function uploadedImage(url: string): UploadedImage | null {
  const match = UPLOADED.exec(url);
  if (!match?.groups) return null;
  const width = Number(match.groups.width);
  const height = Number(match.groups.height);
  if (width === 0 || height === 0) return null;
  const copies = match.groups.copies
    ? IMAGE_WIDTHS.filter((copy) => copy < width).map(
        (copy) => `${match.groups!.folder}/${copy}w.webp ${copy}w`,
      )
    : [];
  return { width, height, srcSet: [...copies, `${url} ${width}w`].join(', ') };
}

/** The object path of an upload's original inside the bucket. */
export function originalImagePath(
  folder: string,
  size: { width: number; height: number },
  extension: string,
  withCopies: boolean,
): string {
  return `${folder}/${size.width}x${size.height}${withCopies ? '-r' : ''}.${extension}`;
}

/** The object path of an upload's smaller copy of `width`. */
export function imageCopyPath(folder: string, width: number): string {
  return `${folder}/${width}w.webp`;
}

/**
 * The srcset and sizes an <img> of `url` in a fixed box gets (`sizes`: the width it is shown
 * at): the stored copies of an uploaded image, nothing for an image from elsewhere.
 */
export function imageSources(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const uploaded = uploadedImage(url);
  return uploaded ? { srcSet: uploaded.srcSet, sizes } : {};
}

/** As imageSources, with the image's own width and height for an <img> sized by its image. */
export function imageAttributes(
  url: string,
  sizes: string,
): { width?: number; height?: number; srcSet?: string; sizes?: string } {
  const uploaded = uploadedImage(url);
  return uploaded
    ? { width: uploaded.width, height: uploaded.height, srcSet: uploaded.srcSet, sizes }
    : {};
}
