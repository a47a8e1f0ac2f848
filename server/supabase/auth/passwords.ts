// Password hashing and the checks GoTrue makes before it stores a password (password.go): the
// minimum length from config.toml's [auth] table (settings.ts), counted in bytes as GoTrue counts.
import bcrypt from 'bcryptjs';
import { AuthError } from './errors.ts';

export const BCRYPT_COST = 10;
/** bcrypt ignores everything after 72 bytes; refuse rather than silently truncate. */
export const MAX_PASSWORD_BYTES = 72;

// The hash of a random string nobody kept, at the same cost as real hashes: an unknown e-mail
// costs one full comparison too, so the response time does not tell which accounts exist.
const DUMMY_HASH = '$2b$10$7I9.LDH4OT9/4jwBouUVjugI6f1nT87Nl2MbRBzq7pWVWuxBLyJJS';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** Compares in constant work whether or not there is a stored hash. */
export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  const usable = typeof hash === 'string' && hash.startsWith('$2');
  const matches = await bcrypt.compare(password, usable ? hash : DUMMY_HASH);
  return usable && matches;
}

/**
 * The error GoTrue gives for a password it will not store, or undefined when it is acceptable:
 * shorter than `minimumLength` bytes is weak_password (reason `length`), as GoTrue's
 * checkPasswordStrength words it.
 */
export function passwordProblem(password: string, minimumLength: number): AuthError | undefined {
  if (Buffer.byteLength(password, 'utf8') < minimumLength) {
    return new AuthError(
      422,
      'weak_password',
      `Password should be at least ${minimumLength} characters.`,
      { extra: { weak_password: { reasons: ['length'] } } },
    );
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    return new AuthError(
      422,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes.`,
    );
  }
  return undefined;
}
