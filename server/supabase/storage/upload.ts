// An upload from request to stored object, in the order Storage keeps (supabase/storage
// src/storage/uploader.ts): the type and size the bucket allows, then the caller's policies (a
// write tried and rolled back, before any byte is kept), then the body streamed to the spool on
// disk, then the bytes kept as a new version in the byte store (files or S3), then the row in one
// transaction under the caller's role; a row that did not commit has its bytes removed.
import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Database, Queryable } from '../db/types.ts';
import { isPostgresError } from '../db/types.ts';
import type { InTransaction } from '../rest/transaction.ts';
import { keyAlreadyExists } from './errors.ts';
import type { ByteStore } from './byte-store.ts';
import type { ObjectFiles } from './files.ts';
import { writeObject, type Bucket, type ObjectMetadata } from './objects.ts';
import { receiveUpload, type ReceivedUpload } from './upload-body.ts';

/** Storage's default upload limit: for a bucket without its own, and above any bucket's. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface UploadRequest {
  req: IncomingMessage;
  bucket: Bucket;
  name: string;
  /** The token's `sub`. */
  owner: string | undefined;
  /** Replace an object of the same name (else that name is refused with 409). */
  upsert: boolean;
}

export interface StoredUpload {
  id: string;
  /** The version this upload replaced, whose file is now no row's. */
  replacedVersion: string | null;
}

/** The metadata Storage keeps for an uploaded file. */
function uploadMetadata(upload: ReceivedUpload): ObjectMetadata {
  return {
    eTag: upload.eTag,
    size: upload.size,
    mimetype: upload.mimeType,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.size,
    httpStatusCode: 200,
  };
}

/** What Storage keeps as user_metadata: an object, `{}` when none was sent. */
function userMetadataOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const rollback = Symbol('rollback');

/** Runs a write and undoes it: do the policies let the caller make it? (Storage's testPermission) */
export async function testPermission(
  inTransaction: InTransaction,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await inTransaction(false, async (tx) => {
      await fn(tx);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

/** A name already taken, refused to a plain upload, is Storage's KeyAlreadyExists. */
function uploadError(error: unknown): unknown {
  return isPostgresError(error) && error.code === '23505' ? keyAlreadyExists() : error;
}

export async function storeUpload(
  db: Database,
  spool: ObjectFiles,
  store: ByteStore,
  inTransaction: InTransaction,
  request: UploadRequest,
): Promise<StoredUpload> {
  const { bucket, name, owner, upsert } = request;
  const rules = {
    maxBytes: Math.min(bucket.fileSizeLimit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES),
    allowedMimeTypes: bucket.allowedMimeTypes,
  };
  const row = { bucketId: bucket.id, name, owner };
  const target = await spool.uploadPath();
  // A refused caller never gets a byte written, and a name already taken is known before the body.
  const received = await receiveUpload(request.req, rules, target, (facts) =>
    testPermission(inTransaction, (tx) =>
      writeObject(
        tx,
        {
          ...row,
          id: randomUUID(),
          version: randomUUID(),
          metadata: {
            mimetype: facts.mimeType,
            ...(facts.declaredLength === undefined ? {} : { contentLength: facts.declaredLength }),
          },
          userMetadata: facts.userMetadata,
        },
        upsert,
      ),
    ).catch((error: unknown) => {
      throw uploadError(error);
    }),
  );

  const version = randomUUID();
  // The bytes are kept first, under a new version beside the old one, and the row then names
  // them: a failure anywhere loses nothing already stored, and no row names missing bytes.
  try {
    await store.keep(
      { path: target, size: received.size, eTag: received.eTag, mimeType: received.mimeType },
      bucket.id,
      name,
      version,
    );
  } catch (error) {
    await unlink(target).catch(() => undefined);
    throw error;
  }
  try {
    return await inTransaction(false, (tx) =>
      writeObject(
        tx,
        {
          ...row,
          id: randomUUID(),
          version,
          metadata: uploadMetadata(received),
          userMetadata: userMetadataOf(received.userMetadata),
        },
        upsert,
      ),
    );
  } catch (error) {
    if (!(await committedAnyway(db, bucket.id, name, version))) {
      await store.remove(bucket.id, name, version).catch(() => undefined);
    }
    throw uploadError(error);
  }
}

/**
 * Whether the row names this version after all: a commit whose answer was lost (the database
 * went away while committing) may have happened. When that cannot be told, the file stays.
 */
function committedAnyway(
  db: Database,
  bucketId: string,
  name: string,
  version: string,
): Promise<boolean> {
  return db
    .query('select 1 from storage.objects where bucket_id = $1 and name = $2 and version = $3', [
      bucketId,
      name,
      version,
    ])
    .then(
      (result) => result.rows.length > 0,
      () => true,
    );
}
