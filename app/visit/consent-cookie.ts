// The visitor's cookie choice (docs/decisions/0014), kept in a first-party cookie that is itself
// necessary: it only remembers the choice. Its value is the choice itself, one of a few fixed
// words, so the page cache keeps one copy of a page per consent state and never one per visitor
// (CONSENT_COOKIE_VARIANTS in app/config/caching.ts). The random consent ID that ties the visitor's
// choices to their records in the database lives in a cookie of its own, which no page depends on.
// Shared by the server (the pages, the consent endpoint, the attribution cookie) and the site's
// script.
import { cookieValue } from './cookie-header.ts';

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_ID_COOKIE = 'cookie_consent_id';

/** A year, after which the banner asks again (the EDPB and IMY expect consent to be renewed). */
export const CONSENT_COOKIE_SECONDS = 365 * 24 * 3600;

/** The categories a visitor may allow, as the privacy policy names them; necessary is always on. */
export const CONSENT_CATEGORIES = ['analytics', 'marketing', 'preferences'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** What a visitor allowed: every category present, false unless they chose it. */
export type ConsentChoice = Record<ConsentCategory, boolean>;

export const NOTHING_ALLOWED: ConsentChoice = {
  analytics: false,
  marketing: false,
  preferences: false,
};
export const EVERYTHING_ALLOWED: ConsentChoice = {
  analytics: true,
  marketing: true,
  preferences: true,
};

/**
 * The cookie's value for a choice: `accepted` (all), `rejected` (none), or the allowed categories
 * joined by dots in a fixed order (`analytics.preferences`).
 */
export function consentCookieValue(choice: ConsentChoice): string {
  const allowed = CONSENT_CATEGORIES.filter((category) => choice[category]);
  if (allowed.length === 0) return 'rejected';
  if (allowed.length === CONSENT_CATEGORIES.length) return 'accepted';
  return allowed.join('.');
}

/** Every value the cookie can hold: eight, one per combination of categories. */
export const CONSENT_COOKIE_VALUES: readonly string[] = Array.from(
  { length: 2 ** CONSENT_CATEGORIES.length },
  (_, bits) =>
    consentCookieValue(
      Object.fromEntries(
        CONSENT_CATEGORIES.map((category, index) => [category, Boolean(bits & (1 << index))]),
      ) as ConsentChoice,
    ),
);

/** The choice a cookie value holds; undefined for no choice yet (absent or unknown value). */
export function choiceFromCookieValue(value: string | undefined): ConsentChoice | undefined {
  if (!value || !CONSENT_COOKIE_VALUES.includes(value)) return undefined;
  if (value === 'accepted') return { ...EVERYTHING_ALLOWED };
  const allowed = value === 'rejected' ? [] : value.split('.');
  return Object.fromEntries(
    CONSENT_CATEGORIES.map((category) => [category, allowed.includes(category)]),
  ) as ConsentChoice;
}

/** The visitor's choice from a Cookie header; undefined while they have made none. */
export function consentFromCookies(header: string | null | undefined): ConsentChoice | undefined {
  return choiceFromCookieValue(cookieValue(header, CONSENT_COOKIE));
}

/** Whether the Cookie header allows a category (false while no choice is made). */
export function allows(header: string | null | undefined, category: ConsentCategory): boolean {
  return consentFromCookies(header)?.[category] ?? false;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The visitor's consent ID from a Cookie header, when it is one the site could have made. */
export function consentIdFromCookies(header: string | null | undefined): string | undefined {
  const value = cookieValue(header, CONSENT_ID_COOKIE)?.toLowerCase();
  return value && uuidPattern.test(value) ? value : undefined;
}

/**
 * The two Set-Cookie values that keep a choice: readable by the site's script (it shows the
 * banner's current state), sent on the site's own requests and on arrival from a link (Lax),
 * over https only when the site is.
 */
export function consentSetCookies(
  choice: ConsentChoice,
  consentId: string,
  secure: boolean,
): string[] {
  const attributes = `Path=/; Max-Age=${CONSENT_COOKIE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [
    `${CONSENT_COOKIE}=${consentCookieValue(choice)}; ${attributes}`,
    `${CONSENT_ID_COOKIE}=${consentId}; ${attributes}; HttpOnly`,
  ];
}
