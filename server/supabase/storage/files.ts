// The local byte store (byte-store.ts): object files under DATA_DIR/storage/<bucket>/<object
// name>#<version>. Each upload is a new version (the row's `version` column) written beside the old one, so a replacement that fails
// leaves the old file untouched, and a file is removed only after the row that named it is gone.
// `#` never occurs in an object name (names.ts), so no name collides with another's version.
// Uploads, whichever the store, are spooled to DATA_DIR/storage-uploads/<host>/<uuid>.<pid>.part
// first (on the same file system, renamed in here); what a killed process left there is removed at
// the next start.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from '#server/data-dir.ts';
import {
  isStoredVersion,
  type ByteStore,
  type SpooledUpload,
  type StoredBytes,
} from './byte-store.ts';
import { invalidKey } from './errors.ts';
import { isValidBucketName, isValidObjectName } from './names.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The local byte store, and the spool every upload is written to first (whichever the store). */
export class ObjectFiles implements ByteStore {
  readonly root: string;
  readonly uploads: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.uploads = path.join(dataDir, 'storage-uploads');
  }

  /** Where a new upload is written before it is renamed into place. */
  async uploadPath(): Promise<string> {
    const dir = path.join(this.uploads, os.hostname());
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${randomUUID()}.${process.pid}.part`);
  }

  /** The file of one version of an object; undefined when the version cannot name a file. */
  pathOf(bucket: string, name: string, version: string | null): string | undefined {
    if (!isStoredVersion(version)) return undefined;
    // Checked again here, whatever the caller did: a name is about to become a path.
    if (!isValidBucketName(bucket) || !isValidObjectName(name)) throw invalidKey(name);
    const file = `${path.join(this.root, bucket, ...name.split('/'))}#${version}`;
    if (!file.startsWith(this.root + path.sep)) throw invalidKey(name);
    return file;
  }

  /** Renames an upload into place as the given version; returns the file's path. */
  async place(upload: string, bucket: string, name: string, version: string): Promise<string> {
    const file = this.pathOf(bucket, name, version);
    if (!file) throw new Error(`Not a version: ${version}`);
    // A delete may remove the (then empty) folder between mkdir and rename: try again.
    for (let attempt = 1; ; attempt++) {
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(upload, file);
        return file;
      } catch (error) {
        if (!isMissing(error) || attempt === 3) throw error;
      }
    }
  }

  async keep(upload: SpooledUpload, bucket: string, name: string, version: string): Promise<void> {
    await this.place(upload.path, bucket, name, version);
  }

  async read(
    bucket: string,
    name: string,
    version: string | null,
    withBody: boolean,
  ): Promise<StoredBytes | undefined> {
    const file = this.pathOf(bucket, name, version);
    if (!file) return undefined;
    try {
      if (!withBody) return { size: (await stat(file)).size, body: undefined };
      const handle = await open(file, 'r');
      try {
        return { size: (await handle.stat()).size, body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Removes one version's file and the folders it leaves empty (up to the bucket's). */
  async remove(bucket: string, name: string, version: string | null): Promise<void> {
    const file = this.pathOf(bucket, name, version);
    if (!file) return;
    try {
      await unlink(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const bucketDir = path.join(this.root, bucket);
    for (let dir = path.dirname(file); dir.startsWith(bucketDir + path.sep);) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (or already gone): the folders above are not empty either
      }
      dir = path.dirname(dir);
    }
  }

  /**
   * Removes uploads left behind by processes that were killed mid-upload: on this host those of
   * processes no longer running; from other hosts sharing the directory, those untouched for
   * `staleAfterMs`. With `everything`, no other process can be writing here (PGlite's lock).
   */
  async sweepUploads(options: { everything: boolean; staleAfterMs: number }): Promise<number> {
    if (options.everything) {
      const found = await this.listUploads();
      await rm(this.uploads, { recursive: true, force: true });
      return found.length;
    }
    let removed = 0;
    for (const { file, host } of await this.listUploads()) {
      try {
        const pid = Number(path.basename(file).split('.').at(-2));
        const dead =
          host === os.hostname()
            ? !isRunning(pid)
            : Date.now() - (await stat(file)).mtimeMs >= options.staleAfterMs;
        if (!dead) continue;
        await unlink(file);
        removed++;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  private async listUploads(): Promise<Array<{ file: string; host: string }>> {
    const found: Array<{ file: string; host: string }> = [];
    let hosts: string[];
    try {
      hosts = await readdir(this.uploads);
    } catch (error) {
      if (isMissing(error)) return found;
      throw error;
    }
    for (const host of hosts) {
      try {
        for (const name of await readdir(path.join(this.uploads, host))) {
          found.push({ file: path.join(this.uploads, host, name), host });
        }
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return found;
  }
}
