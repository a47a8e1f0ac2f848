// TOTP (RFC 6238) as GoTrue checks it with pquerna/otp: SHA-1, 6 digits, 30-second steps, one step
// of clock drift either way; secrets of 20 random bytes in unpadded base32 (RFC 4648).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const PERIOD_SECONDS = 30;
const DIGITS = 6;
const SKEW_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step a moment falls in. */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS);
}

/** The code for one time step (RFC 4226's HOTP with the step as counter). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The step whose code `code` is, within one step of now and later than `usedStep` (a code once
 * accepted is never accepted again, RFC 6238 section 5.2); undefined when there is none.
 */
export function acceptedStep(
  secret: string,
  code: string,
  nowMs: number,
  usedStep = -1,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = timeStep(nowMs);
  for (const step of [now, now - SKEW_STEPS, now + SKEW_STEPS]) {
    if (step <= usedStep) continue;
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code))) return step;
  }
  return undefined;
}

/** The otpauth:// address authenticator apps read from the QR code, as pquerna/otp writes it. */
export function otpauthUri(input: { issuer: string; account: string; secret: string }): string {
  const label = [input.issuer, input.account]
    .map((part) => encodeURIComponent(part).replace(/%40/g, '@'))
    .join(':');
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(DIGITS),
    issuer: input.issuer,
    period: String(PERIOD_SECONDS),
    secret: input.secret,
  });
  return `otpauth://totp/${label}?${query}`;
}
