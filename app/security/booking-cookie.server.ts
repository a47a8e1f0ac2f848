// The visitor's right to book a time for the lead they just sent: a signed token in a
// cookie the booking form's action sets on its redirect, so the thank-you step can offer times
// with and without JavaScript (the script's fetch cannot read the redirect, but its cookie is
// kept). HttpOnly, SameSite=Lax (a post from another site carries none), a day long.
import { cookieValue } from '~/visit/cookie-header';
import { signToken, verifyToken, type TokenCheck } from '#shared/signed-token.ts';

export const BOOKING_COOKIE = 'booking_lead';
const BOOKING_SECONDS = 24 * 3600;

export function bookingCookie(
  leadId: string,
  { secret, now, secure }: { secret: string; now: number; secure: boolean },
): string {
  const token = signToken('book', leadId, now + BOOKING_SECONDS * 1000, secret);
  return [
    `${BOOKING_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${BOOKING_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The lead this request may book for, from its cookie. */
export function bookingLeadOf(
  cookieHeader: string | null,
  { secret, now }: { secret: string; now: number },
): TokenCheck | undefined {
  const token = cookieValue(cookieHeader, BOOKING_COOKIE);
  return token === undefined ? undefined : verifyToken('book', token, secret, now);
}
