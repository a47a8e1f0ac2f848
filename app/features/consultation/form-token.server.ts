// The consultation form's signed start time: `<ms>.<HMAC-SHA256(secret, ms)>`, rendered into the
// form by the page's loader. A person takes seconds to fill in the form; a bot posts at once or
// without loading the page at all. The signature stops a bot from simply writing an old time.
// An old token is fine (a tab left open overnight); only too fast, forged or missing is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a token does (not) show a person's pace. */
export type FormStartCheck = 'valid' | 'too-fast' | 'forged' | 'missing';

function signature(secret: string, issuedAt: string): Buffer {
  return createHmac('sha256', secret).update(issuedAt).digest();
}

/** The token for a form rendered at `issuedAtMs`. */
export function signFormStart(issuedAtMs: number, secret: string): string {
  const issuedAt = String(Math.floor(issuedAtMs));
  return `${issuedAt}.${signature(secret, issuedAt).toString('base64url')}`;
}

export function checkFormStart(
  token: FormDataEntryValue | null | undefined,
  { secret, minFillMs, now }: { secret: string; minFillMs: number; now: number },
): FormStartCheck {
  if (typeof token !== 'string' || token === '') return 'missing';
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'forged';
  const [, issuedAt, signed] = match as unknown as [string, string, string];
  const expected = signature(secret, issuedAt);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return now - Number(issuedAt) < minFillMs ? 'too-fast' : 'valid';
}
