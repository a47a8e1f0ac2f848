// Known devices (OWASP's device cookies): a browser where a member signed in before
// carries a signed cookie naming their account, and its sign-ins are counted on their own. A
// stranger's failed guesses then fill the account's limit for unknown devices only, and the
// member's own browser still gets in with the right password.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** One cookie per account, so members sharing a browser each keep theirs. */
function cookieName(email: string): string {
  return `sb-device-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
}

function signature(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device|${email}|${nonce}`).digest('base64url');
}

/** The device's id when the request carries a valid device cookie for this account. */
export function knownDevice(
  req: IncomingMessage,
  secret: string,
  email: string,
): string | undefined {
  const name = cookieName(email);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const [nonce, given] = part
      .slice(eq + 1)
      .trim()
      .split('.');
    if (!nonce || !given) return undefined;
    const expected = Buffer.from(signature(secret, email, nonce));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual)
      ? nonce
      : undefined;
  }
  return undefined;
}

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The Set-Cookie header that makes this browser a known device of the account: sent only to the
 * auth API, unreadable by scripts, never on cross-site requests; Secure on an https site.
 */
export function deviceCookie(
  secret: string,
  email: string,
  secure: boolean,
  nonce?: string,
): string {
  const id = nonce ?? randomBytes(16).toString('base64url');
  return [
    `${cookieName(email)}=${id}.${signature(secret, email, id)}`,
    'Path=/auth/v1',
    `Max-Age=${YEAR_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
