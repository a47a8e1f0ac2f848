// Which bucket and object names Storage accepts (supabase/storage src/storage/limits.ts: S3's safe
// characters), tightened where a name becomes a path on this server's disk: no empty, `.` or `..`
// segment, no leading or trailing slash, and segments short enough for the file system.
import { invalidBucketName, invalidKey } from './errors.ts';

// Hyphen last, so it stays a literal. Control characters, `\`, `#`, `%` and non-ASCII are out.
const VALID_OBJECT_NAME = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

/** S3's limit on a key. */
export const MAX_OBJECT_NAME_LENGTH = 1024;
/** One path segment; the file on disk adds `#<version>` (37 characters) within NAME_MAX (255). */
export const MAX_SEGMENT_LENGTH = 200;
export const MAX_BUCKET_NAME_LENGTH = 100;

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
