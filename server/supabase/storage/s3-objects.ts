// The S3 byte store (byte-store.ts): each version of an object is the key
// `<bucket_id>/<object name>/<version>` of the STORAGE_S3_BUCKET (decision 30), as Supabase
// Storage's S3 backend keys `<tenant>/<bucket>/<name>/<version>`. The spooled upload is streamed
// up with its length and MD5; a download streams S3's answer through. What S3 answers other than
// the object or its absence becomes Storage's error envelope, its detail in the server's log.
import { unlink } from 'node:fs/promises';
import { S3Error, type S3Client } from '#server/s3.ts';
import { isStoredVersion, type ByteStore, type SpooledUpload } from './byte-store.ts';
import { invalidKey, StorageError } from './errors.ts';
import { isValidBucketName, isValidObjectName } from './names.ts';

/** The key of one version; checked again here, whatever the caller did. */
export function s3KeyOf(bucket: string, name: string, version: string): string {
  if (!isValidBucketName(bucket) || !isValidObjectName(name)) throw invalidKey(name);
  return `${bucket}/${name}/${version}`;
}

/** S3 could not be reached or asked to slow down: worth trying again. */
const fileStoreUnavailable = () =>
  new StorageError(503, 'S3Error', 'The file store did not answer; try again', {
    error: 'Service Unavailable',
  });

/** S3 refused the server (its keys, the bucket, the region): the operator's to mend. */
const fileStoreFailed = () =>
  new StorageError(500, 'S3Error', 'The file store refused the request', { error: 'Internal' });

export class S3Objects implements ByteStore {
  private readonly client: S3Client;
  private readonly log: (line: string) => void;

  constructor(client: S3Client, log: (line: string) => void) {
    this.client = client;
    this.log = log;
  }

  /** S3's answer as Storage's error (logged); anything else (a local read failing) as it was. */
  private failed(action: string, key: string, error: unknown): unknown {
    if (!(error instanceof S3Error)) return error;
    this.log(`S3 ${action} ${key}: ${error.status || 'no answer'} ${error.code}: ${error.message}`);
    const retry = error.status === 0 || error.status >= 500 || error.code === 'SlowDown';
    return retry ? fileStoreUnavailable() : fileStoreFailed();
  }

  async keep(upload: SpooledUpload, bucket: string, name: string, version: string): Promise<void> {
    const key = s3KeyOf(bucket, name, version);
    try {
      await this.client.putObject(
        key,
        { file: upload.path, size: upload.size },
        { contentType: upload.mimeType, md5Hex: upload.eTag.replace(/"/g, '') },
      );
    } catch (error) {
      throw this.failed('put', key, error);
    } finally {
      await unlink(upload.path).catch(() => undefined);
    }
  }

  async read(bucket: string, name: string, version: string | null, withBody: boolean) {
    if (!isStoredVersion(version)) return undefined;
    const key = s3KeyOf(bucket, name, version);
    try {
      if (!withBody) {
        const head = await this.client.headObject(key);
        return head && { size: head.size, body: undefined };
      }
      return await this.client.getObject(key);
    } catch (error) {
      throw this.failed('get', key, error);
    }
  }

  async remove(bucket: string, name: string, version: string | null): Promise<void> {
    if (!isStoredVersion(version)) return;
    const key = s3KeyOf(bucket, name, version);
    try {
      await this.client.deleteObject(key);
    } catch (error) {
      throw this.failed('delete', key, error);
    }
  }
}
