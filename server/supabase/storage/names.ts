// Which bucket and object names Storage accepts (supabase/storage src/storage/limits.ts: S3's safe
// characters), tightened where a name becomes a path on this server's disk: no empty, `.` or `..`
// segment, no leading or trailing slash, and segments short enough for the file system.
import { invalidBucketName, invalidKey } from './errors.ts';

// Hyphen last, so it stays a literal. Control characters, `\`, `#`, `%` and non-ASCII are out.
const VALID_OBJECT_NAME = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

export const MAX_BUCKET_NAME_LENGTH = 100;
/**
 * S3's limit on a key (1,024 bytes) less what the S3 store adds around the name: the bucket, two
 * slashes and a version of up to 64 characters (`<bucket>/<name>/<version>`, decision 30). The same
 * on every store, so a name is taken or refused alike. Names are ASCII: characters are bytes.
 */
export const MAX_OBJECT_NAME_LENGTH = 1024 - MAX_BUCKET_NAME_LENGTH - 2 - 64;
/** One path segment; the file on disk adds `#<version>` (37 characters) within NAME_MAX (255). */
export const MAX_SEGMENT_LENGTH = 200;

export function isValidObjectName(name: string): boolean {
  if (name.length > MAX_OBJECT_NAME_LENGTH || !VALID_OBJECT_NAME.test(name)) return false;
  return name
    .split('/')
    .every(
      (segment) =>
        segment !== '' &&
        segment !== '.' &&
        segment !== '..' &&
        segment.length <= MAX_SEGMENT_LENGTH,
    );
}

export function mustBeValidObjectName(name: string): void {
  if (!isValidObjectName(name)) throw invalidKey(name);
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length <= MAX_BUCKET_NAME_LENGTH &&
    VALID_BUCKET_NAME.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

export function mustBeValidBucketName(name: string): void {
  if (!isValidBucketName(name)) throw invalidBucketName();
}
