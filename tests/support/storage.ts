// For Storage tests: tiny real images, one of each type the blog's image bucket takes (each
// decodes in Chromium as a 1×1 or 2×2 picture), an upload a client starts and never finishes, and
// a look at the files on disk.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import path from 'node:path';

const base64 = (text: string) => Buffer.from(text, 'base64');

export const sampleImages = {
  'image/png': base64(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  ),
  'image/jpeg': base64(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////' +
      '////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  'image/webp': base64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
  'image/avif': base64(
    'AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAA' +
      'AAAAAAAAAGxpYmF2aWYAAAAADnBpdG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAAB0AAAAoaWluZgAA' +
      'AAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IAAAAAamlwcnAAAABLaXBjbwAAABRpc3BlAAAAAAAAAAIAAAACAAAA' +
      'EHBpeGkAAAAAAwgICAAAAAxhdjFDgQ0MAAAAABNjb2xybmNseAACAAIAAYAAAAAXaXBtYQAAAAAAAAABAAEEAQKDBAAA' +
      'ACVtZGF0EgAKCBgANogQEAwgMg8f8D///8WfhwB8+ErK42A=',
  ),
} as const;

export type ImageType = keyof typeof sampleImages;

/** A File as a browser's file input hands it over. */
export function imageFile(type: ImageType, name: string): File {
  return new File([sampleImages[type]], name, { type });
}

/**
 * Starts a raw upload of a PNG that announces `declaredBytes` and sends only `sentBytes` of them; the
 * caller hangs up (destroy()) or kills the server.
 */
export function beginUpload(options: {
  url: string;
  token: string;
  anonKey: string;
  declaredBytes: number;
  sentBytes: number;
}): ClientRequest {
  const upload = request(new URL(options.url), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${options.token}`,
      apikey: options.anonKey,
      'Content-Type': 'image/png',
      'Content-Length': String(options.declaredBytes),
    },
  });
  upload.on('error', () => {}); // the hang-up is the point
  // A PNG's first bytes, as the server checks them before it keeps any.
  const sent = Buffer.alloc(options.sentBytes);
  sampleImages['image/png'].copy(sent);
  upload.write(sent);
  return upload;
}

/** Every file below a directory, as paths relative to it ([] when it does not exist). */
export async function filesBelow(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The uploads the server has not finished (DATA_DIR/storage-uploads). */
export const uploadsLeft = (dataDir: string) => filesBelow(path.join(dataDir, 'storage-uploads'));
