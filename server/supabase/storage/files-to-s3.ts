// Copies the bytes the local store keeps (DATA_DIR/storage/<bucket>/<name>#<version>, files.ts) to
// the keys the S3 store reads (<bucket>/<name>/<version>, s3-objects.ts), for a site that turns
// STORAGE_S3_* on: `npm run files-to-s3` (decision 30). It only reads DATA_DIR, so it may run while
// the site still serves from it; a key already there with the same size is left alone, so a run
// that stopped can be run again.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '#server/s3.ts';
import { isStoredVersion } from './byte-store.ts';
import { isValidBucketName, isValidObjectName } from './names.ts';
import { s3KeyOf } from './s3-objects.ts';

export interface FilesToS3Result {
  copied: number;
  alreadyThere: number;
  /** Files under DATA_DIR/storage that are no object's version (left where they are). */
  skipped: string[];
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The bucket, name and version a file of the local store holds, or undefined. */
export function versionOfFile(
  relative: string,
): { bucket: string; name: string; version: string } | undefined {
  const [bucket, ...rest] = relative.split(path.sep);
  const joined = rest.join('/');
  const at = joined.lastIndexOf('#');
  if (!bucket || at < 0) return undefined;
  const name = joined.slice(0, at);
  const version = joined.slice(at + 1);
  if (!isValidBucketName(bucket) || !isValidObjectName(name) || !isStoredVersion(version)) {
    return undefined;
  }
  return { bucket, name, version };
}

export async function copyFilesToS3(
  dataDir: string,
  client: S3Client,
  progress: (line: string) => void = () => undefined,
): Promise<FilesToS3Result> {
  const root = path.join(dataDir, 'storage');
  const result: FilesToS3Result = { copied: 0, alreadyThere: 0, skipped: [] };
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file);
    const found = versionOfFile(relative);
    if (!found) {
      result.skipped.push(relative);
      continue;
    }
    const key = s3KeyOf(found.bucket, found.name, found.version);
    const { size } = await stat(file);
    const there = await client.headObject(key);
    if (there?.size === size) {
      result.alreadyThere += 1;
      continue;
    }
    await client.putObject(key, { file, size }, { md5Hex: await md5Of(file) });
    result.copied += 1;
    progress(`${relative} → ${key}`);
  }
  return result;
}
