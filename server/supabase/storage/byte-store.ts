// Where an object's bytes are kept, behind the Storage API: files under DATA_DIR (files.ts, the
// default) or an S3 bucket (s3-objects.ts), chosen by the STORAGE_S3_* settings (decision 30).
// Rows stay in storage.objects either way; a store only keeps, reads and removes the bytes of
// one version of one object, so every answer of /storage/v1 is the same whichever is used.
import type { Readable } from 'node:stream';

/** A finished upload spooled to DATA_DIR/storage-uploads: checked, counted and hashed. */
export interface SpooledUpload {
  /** The spooled file; `keep` consumes it (moves or uploads it, then it is gone). */
  path: string;
  size: number;
  /** `"<md5 hex>"`. */
  eTag: string;
  mimeType: string;
}

export interface StoredBytes {
  size: number;
  /** The bytes, when asked for (read to the end, or destroy it). */
  body: Readable | undefined;
}

export interface ByteStore {
  /** Keeps a spooled upload as this version of the object. */
  keep(upload: SpooledUpload, bucket: string, name: string, version: string): Promise<void>;
  /** One version's size, and its bytes with `withBody`; undefined when there are none. */
  read(
    bucket: string,
    name: string,
    version: string | null,
    withBody: boolean,
  ): Promise<StoredBytes | undefined>;
  /** Removes one version's bytes; removing what is not there is no error. */
  remove(bucket: string, name: string, version: string | null): Promise<void>;
}

/** A version is our own UUID; a row written by hand may hold anything, which then has no bytes. */
const VALID_VERSION = /^[A-Za-z0-9_-]{1,64}$/;

export function isStoredVersion(version: string | null): version is string {
  return version !== null && VALID_VERSION.test(version);
}
