// Uploading an image from the blog manager (docs/decisions/0009): the file is checked (JPEG, PNG,
// WebP or AVIF, at most 5 MB, and readable as an image), its size read, smaller WebP copies made in
// the browser for the widths of IMAGE_WIDTHS it exceeds, and all of it stored under one new folder
// of the `blog-images` bucket. The copies go first: the original's name says they exist (see
// app/ui/uploaded-image.ts), so the address the form receives never names a copy that is missing.
import { uploadBlogImage } from '~/data/images';
import type { AppSupabaseClient } from '~/data/supabase';
import { IMAGE_WIDTHS, imageCopyPath, originalImagePath } from '~/ui/uploaded-image';
import { managerCopy } from './manager-copy';

const copy = managerCopy.form.images;

/** The types the bucket accepts, with the extension each is stored under. */
export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** The bucket's limit: 5 MiB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be uploaded as a blog image, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(file.type in IMAGE_TYPES)) return copy.wrongType;
  if (file.size > MAX_IMAGE_BYTES) return copy.tooLarge;
  if (file.size === 0) return copy.unreadable;
  return null;
}

/** A new folder for one upload: the day, then something no other upload shares. */
export function newImageFolder(now: Date, id: string = crypto.randomUUID()): string {
  return `${now.toISOString().slice(0, 10)}-${id}`;
}

interface Decoded {
  width: number;
  height: number;
  /** A smaller copy `width` wide, as WebP; null where the browser cannot write WebP. */
  copy(width: number): Promise<Blob | null>;
  close(): void;
}

async function decode(file: Blob): Promise<Decoded> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(copy.unreadable);
  }
  return {
    width: bitmap.width,
    height: bitmap.height,
    async copy(width) {
      const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/webp', 0.82),
      );
      return blob?.type === 'image/webp' ? blob : null;
    },
    close: () => bitmap.close(),
  };
}

/**
 * Stores an image and gives the public address of its original. Throws an Error whose message
 * says what went wrong, in the words the form shows.
 */
export async function uploadImage(
  client: AppSupabaseClient,
  file: File,
  now = new Date(),
): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const image = await decode(file);
  try {
    const folder = newImageFolder(now);
    const copies: Array<{ path: string; blob: Blob }> = [];
    for (const width of IMAGE_WIDTHS.filter((width) => width < image.width)) {
      const blob = await image.copy(width);
      if (!blob) {
        copies.length = 0;
        break;
      }
      copies.push({ path: imageCopyPath(folder, width), blob });
    }
    try {
      for (const { path, blob } of copies) await uploadBlogImage(client, path, blob);
      const original = originalImagePath(folder, image, IMAGE_TYPES[file.type]!, copies.length > 0);
      return await uploadBlogImage(client, original, file);
    } catch (error) {
      throw new Error(copy.uploadFailed(error instanceof Error ? error.message : String(error)), {
        cause: error,
      });
    }
  } finally {
    image.close();
  }
}

/**
 * `block` put into `content` at `at` on lines of its own, with a blank line before and after it
 * (an image glued to a line of text is no paragraph of its own). Spaces at the cut are
 * dropped; blank lines already there are kept, not doubled.
 */
export function insertBlock(content: string, at: number, block: string): string {
  const before = content.slice(0, at).replace(/[ \t]+$/, '');
  const after = content.slice(at).replace(/^[ \t]+/, '');
  const gap = (side: string, edge: RegExpMatchArray | null) =>
    side === '' ? '' : '\n'.repeat(2 - Math.min(2, edge?.[0].length ?? 0));
  return `${before}${gap(before, before.match(/\n*$/))}${block}${gap(after, after.match(/^\n*/))}${after}`;
}

/**
 * The content once the block `placeholder` stands for is done: `markdown` in its place, or, for
 * none, the placeholder gone with the blank lines it brought (one blank line stays between the
 * text either side).
 */
export function replaceBlock(content: string, placeholder: string, markdown: string): string {
  const at = content.indexOf(placeholder);
  if (at < 0) return content;
  const before = content.slice(0, at);
  const after = content.slice(at + placeholder.length);
  if (markdown) return before + markdown + after;
  const head = before.replace(/\n+$/, '');
  const tail = after.replace(/^\n+/, '');
  return head && tail ? `${head}\n\n${tail}` : head + tail;
}

/** An image in Markdown with the writer's alt text, on one line, its brackets escaped. */
export function imageMarkdown(alt: string, url: string): string {
  const text = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, '\\$&');
  return `![${text}](${url})`;
}
