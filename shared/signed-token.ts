// Shared by the site (app/) and the server (server/, the meeting mails' links), which import
// neither each other. Signed, expiring tokens for links and cookies that act without a sign-in:
// the visitor's right to book a time for the lead they just sent, and the meeting's reschedule
// and cancel links in the mails. `<id>.<expires, base36 seconds>.<HMAC-SHA256(secret, purpose, id,
// expires)>`: the purpose is signed too, so a booking token never opens a meeting and vice versa.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'book' | 'meeting';

export type TokenCheck =
  { valid: true; id: string } | { valid: false; reason: 'expired' | 'invalid' };

function signature(secret: string, purpose: TokenPurpose, id: string, expires: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${id}\n${expires}`).digest();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signToken(
  purpose: TokenPurpose,
  id: string,
  expiresAtMs: number,
  secret: string,
): string {
  const expires = Math.floor(expiresAtMs / 1000).toString(36);
  return `${id}.${expires}.${signature(secret, purpose, id, expires).toString('base64url')}`;
}

export function verifyToken(
  purpose: TokenPurpose,
  token: string | null | undefined,
  secret: string,
  now: number,
): TokenCheck {
  const match = /^([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match || !UUID.test(match[1]!)) return { valid: false, reason: 'invalid' };
  const [, id, expires, signed] = match as unknown as [string, string, string, string];
  const expected = signature(secret, purpose, id, expires);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'invalid' };
  }
  if (parseInt(expires, 36) * 1000 <= now) return { valid: false, reason: 'expired' };
  return { valid: true, id };
}
