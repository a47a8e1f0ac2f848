// For Storage tests: tiny real images, one of each type the blog's image bucket takes (each
// decodes in Chromium as a 1×1 or 2×2 picture), an upload a client starts and never finishes, and
// a look at what a byte store keeps (files on disk, or keys in the test S3 server).
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import path from 'node:path';
import type { TestS3 } from './s3.ts';

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

/** Where a test server keeps its files: under DATA_DIR, or in the test S3 server's bucket. */
export type FileStore = 'local files' | 'S3';
export const fileStores: FileStore[] = ['local files', 'S3'];

/** What a store holds, looked at from outside the server. */
export interface KeptBytes {
  /** The versions whose bytes are kept for one object, sorted. */
  versions(bucket: string, name: string): Promise<string[]>;
  /** Whether anything is kept below a folder of a bucket. */
  anythingUnder(bucket: string, folder: string): Promise<boolean>;
  /** Every file under DATA_DIR and every key in S3: to see that nothing new was written. */
  everything(): Promise<string[]>;
}

export function keptBytes(dataDir: string, s3?: Pick<TestS3, 'keys'>): KeptBytes {
  const bucketDir = (bucket: string) => path.join(dataDir, 'storage', bucket);
  return {
    async versions(bucket, name) {
      if (s3) {
        const prefix = `${bucket}/${name}/`;
        return (await s3.keys(prefix))
          .map((key) => key.slice(prefix.length))
          .filter((version) => !version.includes('/'));
      }
      return (await filesBelow(bucketDir(bucket)))
        .filter((file) => file.startsWith(`${name}#`))
        .map((file) => file.slice(name.length + 1));
    },
    async anythingUnder(bucket, folder) {
      if (s3) return (await s3.keys(`${bucket}/${folder}/`)).length > 0;
      return existsSync(path.join(bucketDir(bucket), folder));
    },
    async everything() {
      const keys = s3 ? (await s3.keys()).map((key) => `s3:${key}`) : [];
      return [...(await filesBelow(dataDir)), ...keys];
    },
  };
}
